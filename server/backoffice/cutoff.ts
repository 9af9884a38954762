/**
 * Cut-off (account settlement) of a dealer for a week or a month, from the one set of figures
 * (server/backoffice/figures.ts) of its subtree: the settled coupons' stakes and payouts (the open
 * ones shown apart, never counted as revenue), bonuses from the ledger, the commission at the
 * dealer's percent and the net. Only a period that has ended may be cut off. A dealer cuts off
 * only its own dealers (the operator team any); the one above reverts; periods of a dealer's
 * active cut-offs never overlap.
 */
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import type { BoCutoff, boCutoffsPayload } from '../../domain/backoffice/calls.ts';
import { ROLE_LETTERS, NETWORK_ROLES } from '../../domain/backoffice/permissions.ts';
import { notYours, scopeSql, type BoActor, type BoContext } from './guard.ts';
import { orderBy, pageOf } from './paging.ts';
import { betFigures } from './figures.ts';
import { periodClosed } from '../../domain/backoffice/figures.ts';

const NETWORK_LETTERS = NETWORK_ROLES.map((r) => ROLE_LETTERS[r]);
const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The first and last day of a period starting on (weekly) or containing (monthly) a day. */
export function periodOf(period: 'weekly' | 'monthly', from: string): { from: string; to: string } {
  const t = Date.parse(`${from}T00:00:00Z`);
  if (period === 'weekly') return { from, to: ymd(t + 6 * DAY) };
  const d = new Date(t);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY;
  return { from: ymd(first), to: ymd(last) };
}

/** Commission and net of a period's figures (integer minor units; the commission is on a positive gross only). */
export function settle(stakes: number, payouts: number, bonuses: number, percent: number): { commission: number; net: number } {
  const gross = stakes - payouts - bonuses;
  const commission = gross > 0 ? Math.floor((gross * percent) / 100) : 0;
  return { commission, net: gross - commission };
}

/** The dealer of a cut-off, locked: the actor's own dealer (team: any dealer of the network), or not yours. */
async function lockOwnDealer(q: Queryable, a: BoActor, dealerId: number): Promise<{ username: string; commission_percent: number }> {
  const [d] = await q.query<{ username: string; commission_percent: number; parent_id: number | null; user_type: string }>(
    `select u.username, d.commission_percent, u.parent_id, u.user_type from users u join dealers d on d.user_id = u.id
      where u.id = $2 and u.user_type = any($3::text[]) and ${scopeSql(a, 'u.id', 1)} for update of u`, [a.userId, dealerId, NETWORK_LETTERS]);
  if (!d || (!a.team && d.parent_id !== a.userId)) throw notYours();
  return d;
}

/** The figures of a dealer's period: its subtree's coupons placed in the period (settled ones counted, open ones beside). */
export async function cutoffPreview(q: Queryable, a: BoActor, dealerId: number, period: 'weekly' | 'monthly', day: string, now: number) {
  const d = await lockOwnDealer(q, a, dealerId);
  const { from, to } = periodOf(period, day);
  const f = await betFigures(q, { actor: a, from, to, dealerId });
  const [s] = await q.query<{ bonuses: number | null }>(
    `select sum(l.amount) as bonuses from user_tree t join ledger l on l.user_id = t.descendant_id
      where t.ancestor_id = $1 and l.kind = 'bonus' and l.created_at >= $2::date and l.created_at < $3::date + 1`, [dealerId, from, to]);
  const bonuses = Number(s?.bonuses ?? 0);
  const pct = d.commission_percent;
  return {
    dealerId, dealerName: d.username, period, from, to, stakes: f.settledStakes, payouts: f.payouts, bonuses, commissionPercent: pct,
    ...settle(f.settledStakes, f.payouts, bonuses, pct),
    openStakes: f.openStakes, openLiability: f.openLiability, openCoupons: f.open, closed: periodClosed(to, now),
  };
}

interface CutoffRow {
  id: number; dealer_id: number; dealer_name: string; period: 'weekly' | 'monthly'; from_day: Date | string; to_day: Date | string; stakes: number; payouts: number;
  bonuses: number; commission_percent: number; commission: number; net: number; status: number; created_name: string; created_at: Date;
}
const dayText = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : ymd(d.getTime() - d.getTimezoneOffset() * 60_000));
const cutoffOf = (r: CutoffRow): BoCutoff => ({
  id: Number(r.id), dealerId: r.dealer_id, dealerName: r.dealer_name, period: r.period, from: dayText(r.from_day), to: dayText(r.to_day),
  stakes: Number(r.stakes), payouts: Number(r.payouts), bonuses: Number(r.bonuses), commissionPercent: r.commission_percent, commission: Number(r.commission),
  net: Number(r.net), status: r.status, createdBy: r.created_name, createdAt: new Date(r.created_at).toISOString(),
});
const CUTOFF_COLUMNS = 'c.id, c.dealer_id, d.username as dealer_name, c.period, c.from_day::text as from_day, c.to_day::text as to_day, c.stakes, c.payouts, c.bonuses, c.commission_percent, c.commission, c.net, c.status, b.username as created_name, c.created_at';
const CUTOFF_FROM = 'from cutoffs c join users d on d.id = c.dealer_id join users b on b.id = c.created_by';

/** Saves a cut-off; a period overlapping an active one of the same dealer is refused (the dealer row lock serializes). */
export async function createCutoff(q: Queryable, ctx: BoContext, dealerId: number, period: 'weekly' | 'monthly', day: string): Promise<BoCutoff> {
  const c = await cutoffPreview(q, ctx.actor, dealerId, period, day, ctx.now);
  if (!c.closed) throw new CallError(409, 'cutoffPeriodOpen', {}, { error: 'cutoffPeriodOpen' });
  const overlap = await q.query('select 1 from cutoffs where dealer_id = $1 and status = 1 and from_day <= $3::date and to_day >= $2::date', [dealerId, c.from, c.to]);
  if (overlap.length) throw new CallError(409, 'cutoffOverlap', {}, { error: 'cutoffOverlap' });
  const [r] = await q.query<{ id: number }>(
    `insert into cutoffs (dealer_id, period, from_day, to_day, stakes, payouts, bonuses, commission_percent, commission, net, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
    [dealerId, period, c.from, c.to, c.stakes, c.payouts, c.bonuses, c.commissionPercent, c.commission, c.net, ctx.actor.userId, new Date(ctx.now)]);
  await ctx.audit(q, { action: 'createCutoff', objectType: 'cutoff', objectId: r!.id, after: c });
  const [row] = await q.query<CutoffRow>(`select ${CUTOFF_COLUMNS} ${CUTOFF_FROM} where c.id = $1`, [r!.id]);
  return cutoffOf(row!);
}

/** Reverts an active cut-off of one of the actor's own dealers. */
export async function revertCutoff(q: Queryable, ctx: BoContext, cutoffId: number): Promise<void> {
  const [c] = await q.query<{ dealer_id: number; status: number }>('select dealer_id, status from cutoffs where id = $1', [cutoffId]);
  if (!c) throw notYours();
  await lockOwnDealer(q, ctx.actor, c.dealer_id);
  const [u] = await q.query('update cutoffs set status = 0, reverted_by = $2, reverted_at = $3 where id = $1 and status = 1 returning id', [cutoffId, ctx.actor.userId, new Date(ctx.now)]);
  if (!u) throw new CallError(409, 'cutoffNotActive', {}, { error: 'cutoffNotActive' });
  await ctx.audit(q, { action: 'revertCutoff', objectType: 'cutoff', objectId: cutoffId, before: { status: 1 }, after: { status: 0 } });
}

/** The cut-offs of the subtree's dealers. */
export async function cutoffList(q: Queryable, a: BoActor, p: z.infer<typeof boCutoffsPayload>) {
  const args: unknown[] = [a.userId];
  const where = [scopeSql(a, 'c.dealer_id', 1)];
  if (p.dealerId) { args.push(p.dealerId); where.push(`c.dealer_id = $${args.length}`); }
  const sort = orderBy(p, { from: 'c.from_day', createdAt: 'c.created_at', net: 'c.net' }, 'c.from_day', 'c.id');
  return pageOf(q, `${CUTOFF_FROM} where ${where.join(' and ')}`, args, CUTOFF_COLUMNS, sort, p, cutoffOf);
}
