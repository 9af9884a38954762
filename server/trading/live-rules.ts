/**
 * Live betting settings: the odd types shown live per sport and the IP permissions of
 * live betting, edited in the back office (audited) and enforced by createCoupon on live tips.
 * Every process keeps them in memory and reads them again at most every RELOAD_MS (a change made
 * here is seen at once; one made through another process within that time).
 */
import type { Db, Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { MARKETS } from '../../domain/market/catalogue.ts';
import { canonicalRange, liveAddressAllowed, type IpRule } from '../../domain/trading/ip-rules.ts';
import type { BoLiveSettingsReply, LiveIpRule } from '../../domain/trading/calls.ts';
import type { CreateCouponPayload } from '../../domain/protocol/calls.ts';
import { message } from '../../domain/messages.ts';
import type { BoContext } from '../backoffice/guard.ts';

/** How long a process trusts its copy of the settings (ms). */
export const RELOAD_MS = 2_000;

interface LiveRules { at: number; rules: IpRule[]; types: Map<number, ReadonlySet<number>> }
const cache = new WeakMap<object, LiveRules>();

async function loadRules(db: Queryable, now: number): Promise<LiveRules> {
  const held = cache.get(db);
  if (held && now - held.at < RELOAD_MS && now >= held.at) return held;
  const rules = await db.query<IpRule>('select cidr, action from live_ip_rules order by id');
  const types = await db.query<{ sport_id: number; odds_types: number[] }>('select sport_id, odds_types from live_odd_types');
  const fresh = { at: now, rules, types: new Map(types.map((t) => [t.sport_id, new Set(t.odds_types)])) };
  cache.set(db, fresh);
  return fresh;
}

/** Forgets this process's copy (after a change made here). */
const forget = (db: object) => cache.delete(db);

/**
 * The live betting rules a createCoupon with live tips must pass, before anything is read for it:
 * the caller's address against the IP permissions (liveIpDenied), and each live tip's odd type
 * against the types shown live for its sport (tipClosed). Pre-match coupons pass untouched.
 */
export async function checkLiveBetting(db: Db, p: CreateCouponPayload, ip: string, now: number, lang: string, sportOf: (matchId: number) => number | undefined): Promise<void> {
  const live = p.tips.filter((t) => t.ttype === 'L');
  if (!live.length) return;
  const r = await loadRules(db, now);
  if (!liveAddressAllowed(ip, r.rules)) throw new CallError(403, 'liveIpDenied');
  if (!r.types.size) return;
  const hidden = live.filter((t) => {
    const sid = sportOf(t.mid);
    const shown = sid === undefined ? undefined : r.types.get(sid);
    return shown !== undefined && !shown.has(t.oddTypeId);
  });
  if (hidden.length) {
    throw new CallError(422, 'tipClosed', {}, { changed: [], couponErrors: hidden.map((t) => ({ mid: t.mid, msg: message('tipClosed', lang) })) });
  }
}

/** The odd types of each sport with a list (players' live views hide the others). */
export async function liveTypesBySport(db: Queryable, now: number): Promise<Record<string, number[]>> {
  const r = await loadRules(db, now);
  return Object.fromEntries([...r.types].map(([sid, types]) => [String(sid), [...types]]));
}

/** The settings as the back office shows them. */
export async function liveSettings(q: Queryable): Promise<Omit<BoLiveSettingsReply, 'status'>> {
  const sports = await q.query<{ id: number; name: string; odds_types: number[] | null }>(
    'select s.id, s.name, l.odds_types from sports s left join live_odd_types l on l.sport_id = s.id where s.status = 1 order by s.list_order, s.id');
  const rules = await q.query<{ id: number; cidr: string; action: 'allow' | 'deny'; note: string; created_at: Date }>(
    'select id, cidr, action, note, created_at from live_ip_rules order by id');
  const all = MARKETS.map((m) => m.oddsType);
  return {
    sports: sports.map((s) => ({ id: s.id, name: s.name, oddsTypes: s.odds_types ?? all, custom: s.odds_types !== null })),
    oddTypes: MARKETS.map((m) => ({ oddsType: m.oddsType, name: m.name })),
    rules: rules.map((r): LiveIpRule => ({ id: r.id, cidr: r.cidr, action: r.action, note: r.note, createdAt: new Date(r.created_at).toISOString() })),
  };
}

/** The odd types shown live for a sport; an empty list goes back to every type. */
export async function setLiveOddTypes(ctx: BoContext, p: { sportId: number; oddsTypes: number[] }): Promise<void> {
  const known = new Set(MARKETS.map((m) => m.oddsType));
  if (p.oddsTypes.some((t) => !known.has(t))) throw new CallError(422, 'badRequest', { field: 'oddsTypes' });
  const types = [...new Set(p.oddsTypes)].sort((a, b) => a - b);
  await ctx.db.tx(async (q) => {
    const [s] = await q.query<{ id: number }>('select id from sports where id = $1', [p.sportId]);
    if (!s) throw new CallError(422, 'badRequest', { field: 'sportId' });
    const [old] = await q.query<{ odds_types: number[] }>('select odds_types from live_odd_types where sport_id = $1 for update', [p.sportId]);
    if (types.length) {
      await q.query(`insert into live_odd_types (sport_id, odds_types, updated_at) values ($1, $2, $3)
                     on conflict (sport_id) do update set odds_types = excluded.odds_types, updated_at = excluded.updated_at`, [p.sportId, types, new Date(ctx.now)]);
    } else {
      await q.query('delete from live_odd_types where sport_id = $1', [p.sportId]);
    }
    await ctx.audit(q, { action: 'live.oddTypes', objectType: 'sport', objectId: p.sportId, before: old?.odds_types ?? null, after: types.length ? types : null });
  });
  forget(ctx.db);
}

/** Adds an allow or deny range (stored in its canonical form; the same range twice is refused). */
export async function addIpRule(ctx: BoContext, p: { cidr: string; action: 'allow' | 'deny'; note: string }): Promise<number> {
  const cidr = canonicalRange(p.cidr);
  const id = await ctx.db.tx(async (q) => {
    const [r] = await q.query<{ id: number }>(
      'insert into live_ip_rules (cidr, action, note, created_by, created_at) values ($1, $2, $3, $4, $5) on conflict (cidr) do nothing returning id',
      [cidr, p.action, p.note, ctx.actor.userId, new Date(ctx.now)]);
    if (!r) throw new CallError(422, 'badRequest', { field: 'cidr' });
    await ctx.audit(q, { action: 'live.ipRule.add', objectType: 'ipRule', objectId: r.id, after: { cidr, action: p.action, note: p.note } });
    return r.id;
  });
  forget(ctx.db);
  return id;
}

/** Removes a range. */
export async function removeIpRule(ctx: BoContext, ruleId: number): Promise<void> {
  await ctx.db.tx(async (q) => {
    const [r] = await q.query<{ cidr: string; action: string; note: string }>('delete from live_ip_rules where id = $1 returning cidr, action, note', [ruleId]);
    if (!r) throw new CallError(404, 'notFound');
    await ctx.audit(q, { action: 'live.ipRule.remove', objectType: 'ipRule', objectId: ruleId, before: r });
  });
  forget(ctx.db);
}
