/**
 * The player's protection calls: the state with usage, limits with their cooling-off,
 * the reality-check interval, breaks, self-exclusion, reopening and account closure. Each change
 * writes its history row (protection_events) in the same transaction.
 */
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { message } from '../../domain/messages.ts';
import { minorToDecimal } from '../../domain/money.ts';
import {
  breakEnd, exclusionEnd, isValidPeriod, limitChange, pendingAt, reopenAt, reviewDue, statusOf, usedOf,
  type Block, type BlockKind, type LimitKind, type LimitPeriod,
} from '../../domain/protection/rules.ts';
import type { ProtectionReply } from '../../domain/protection/calls.ts';
import { readProtection } from './state.ts';
import { utcText } from './enforce.ts';

const iso = (ms: number | null): string | null => (ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString());

/** Writes one history row. actorId: the back-office user, null for the player. */
export async function protectionEvent(q: Queryable, userId: number, now: number, kind: string, detail: Record<string, unknown>, actorId: number | null = null): Promise<void> {
  await q.query('insert into protection_events (user_id, at, kind, detail, actor_id) values ($1, $2, $3, $4, $5)', [userId, new Date(now), kind, JSON.stringify(detail), actorId]);
}

/** The `protection` reply: status, limits with their usage, pending changes, blocks, reality check. */
export async function protectionView(q: Queryable, userId: number, now: number): Promise<ProtectionReply> {
  const state = (await readProtection(q, [userId], now)).get(userId);
  const [extra] = await q.query<{ reality_check: number | null; reviewed_at: Date | null; balance: string | number | null; deposited: boolean; session_start: Date | null }>(
    `select s.reality_check, s.reviewed_at, (select balance from wallets where user_id = $1) as balance,
            exists (select 1 from ledger where user_id = $1 and kind = 'deposit' and ref_type = 'transfer_request') as deposited,
            (select max(created_at) from sessions where user_id = $1 and expires_at > $2) as session_start
       from (select 1) one left join protection_settings s on s.user_id = $1`, [userId, new Date(now)]);
  const sessionStart = extra?.session_start ? new Date(extra.session_start).getTime() : null;
  // The session's stakes and net result for the reality check, from the ledger since its start.
  const [played] = sessionStart === null ? [] : await q.query<{ stakes: unknown; net: unknown }>(
    `select coalesce(-sum(amount) filter (where kind = 'bet'), 0)::int8 as stakes, coalesce(sum(amount) filter (where kind in ('bet', 'win', 'refund', 'sell')), 0)::int8 as net
       from ledger where user_id = $1 and created_at >= $2`, [userId, new Date(sessionStart)]);
  const usage = state?.usage ?? { deposit: { day: 0, week: 0, month: 0 }, loss: { day: 0, week: 0, month: 0 }, stake: { day: 0, week: 0, month: 0 }, sessionStartedAt: sessionStart };
  const s = statusOf(state?.blocks ?? [], now);
  const excl = (state?.blocks ?? []).filter((b) => b.kind === 'exclusion');
  const reopenable = excl.find((b) => reopenAt(b, now) !== null);
  const asked = excl.find((b) => b.reopenAt !== null && b.reopenAt > now);
  const limits = state?.limits ?? [];
  const lastSet = limits.length ? Math.max(...limits.map((l) => l.setAt)) : null;
  const reviewed = extra?.reviewed_at ? new Date(extra.reviewed_at).getTime() : null;
  return {
    status: true,
    state: s.status,
    limits: limits.map((l) => ({ kind: l.kind, period: l.period, amount: l.amount, used: usedOf(l, usage, now), setAt: new Date(l.setAt).toISOString() })),
    pending: pendingAt(state?.pending ?? [], now).map((p) => ({ kind: p.kind, period: p.period, amount: p.amount, effectiveAt: new Date(p.effectiveAt).toISOString() })),
    breakUntil: iso(s.breakUntil),
    excludedUntil: iso(s.excludedUntil),
    realityCheck: extra?.reality_check ?? 0,
    session: { startedAt: iso(sessionStart), stakes: Number(played?.stakes ?? 0), net: Number(played?.net ?? 0) },
    reviewDue: reviewDue(Math.max(lastSet ?? 0, reviewed ?? 0) || null, limits.length > 0, now),
    canReopen: s.status === 'excluded' && !!reopenable,
    reopenAt: iso(asked?.reopenAt ?? null),
    hasDeposited: extra?.deposited ?? false,
    balance: Number(extra?.balance ?? 0),
  };
}

/**
 * setLimit: lower (or new) at once; higher or removed (amount 0) after 24 hours, replacing any
 * earlier pending change of the same limit. A lower limit also drops a pending raise of it.
 */
export async function setLimit(q: Queryable, userId: number, kind: LimitKind, period: LimitPeriod, amount: number, now: number, lang: string): Promise<{ applied: boolean; effectiveAt: string | null; msg: string }> {
  if (!isValidPeriod(kind, period)) throw new CallError(422, 'invalidPeriod', {}, { error: 'invalidPeriod' });
  // The wallet lock serialises this with the player's bets and deposits, which read the limits.
  await q.query('select 1 from wallets where user_id = $1 for update', [userId]);
  const state = (await readProtection(q, [userId], now)).get(userId);
  const current = state?.limits.find((l) => l.kind === kind && l.period === period);
  const change = limitChange(current, kind, period, amount, now);
  // What was in force (a matured pending change included) becomes the stored limit before the change.
  await q.query('delete from protection_pending where user_id = $1 and kind = $2 and period = $3', [userId, kind, period]);
  if (current) {
    await q.query(`insert into protection_limits (user_id, kind, period, amount, set_at) values ($1, $2, $3, $4, $5)
                   on conflict (user_id, kind, period) do update set amount = excluded.amount, set_at = excluded.set_at`, [userId, kind, period, current.amount, new Date(current.setAt)]);
  } else {
    await q.query('delete from protection_limits where user_id = $1 and kind = $2 and period = $3', [userId, kind, period]);
  }
  if (change.apply) {
    await q.query(`insert into protection_limits (user_id, kind, period, amount, set_at) values ($1, $2, $3, $4, $5)
                   on conflict (user_id, kind, period) do update set amount = excluded.amount, set_at = excluded.set_at`, [userId, kind, period, change.apply.amount, new Date(now)]);
  }
  if (change.pending) {
    await q.query('insert into protection_pending (user_id, kind, period, amount, requested_at, effective_at) values ($1, $2, $3, $4, $5, $6)',
      [userId, kind, period, amount, new Date(now), new Date(change.pending.effectiveAt)]);
  }
  await markReviewed(q, userId, now);
  await protectionEvent(q, userId, now, 'setLimit', { kind, period, amount, from: current?.amount ?? null, applied: !!change.apply });
  if (change.pending) return { applied: false, effectiveAt: new Date(change.pending.effectiveAt).toISOString(), msg: message('limitPending', lang, { at: utcText(change.pending.effectiveAt) }) };
  return { applied: true, effectiveAt: null, msg: message('limitSaved', lang) };
}

async function markReviewed(q: Queryable, userId: number, now: number): Promise<void> {
  await q.query(`insert into protection_settings (user_id, reviewed_at) values ($1, $2) on conflict (user_id) do update set reviewed_at = excluded.reviewed_at`, [userId, new Date(now)]);
}

/** The player confirms their limits as they are (the 6-month review). */
export async function reviewLimits(q: Queryable, userId: number, now: number): Promise<void> {
  await markReviewed(q, userId, now);
  await protectionEvent(q, userId, now, 'reviewLimits', {});
}

export async function setRealityCheck(q: Queryable, userId: number, minutes: number, now: number): Promise<void> {
  await q.query(`insert into protection_settings (user_id, reality_check) values ($1, $2) on conflict (user_id) do update set reality_check = excluded.reality_check`, [userId, minutes]);
  await protectionEvent(q, userId, now, 'setRealityCheck', { minutes });
}

/**
 * Adds a break or an exclusion (by the player, or by the back office with actorId). It starts at
 * once; nothing already holding is shortened (rows are only added, the status takes the latest end).
 */
export async function addBlock(q: Queryable, userId: number, kind: BlockKind, endsAt: number | null, now: number, by: { actorId: number | null; reason: string }): Promise<void> {
  await q.query('select 1 from wallets where user_id = $1 for update', [userId]);
  await q.query('insert into protection_blocks (user_id, kind, started_at, ends_at, by_user, reason) values ($1, $2, $3, $4, $5, $6)',
    [userId, kind, new Date(now), endsAt === null ? null : new Date(endsAt), by.actorId, by.reason]);
  await protectionEvent(q, userId, now, kind, { endsAt: iso(endsAt), reason: by.reason }, by.actorId);
}

export async function takeBreak(q: Queryable, userId: number, days: number, now: number): Promise<number> {
  const end = breakEnd(days, now);
  await addBlock(q, userId, 'break', end, now, { actorId: null, reason: 'player' });
  return end;
}

/** Self-exclusion at once, without a call; it ends no earlier than its length and then only on request. */
export async function selfExclude(q: Queryable, userId: number, months: number, now: number): Promise<number> {
  const end = exclusionEnd(months, now);
  await addBlock(q, userId, 'exclusion', end, now, { actorId: null, reason: 'player' });
  return end;
}

/** After an exclusion has ended: the account reopens 24 hours after this request. */
export async function requestReopen(q: Queryable, userId: number, now: number): Promise<number> {
  const rows = await q.query<{ id: number; started_at: Date; ends_at: Date | null; reopen_at: Date | null }>(
    `select id, started_at, ends_at, reopen_at from protection_blocks where user_id = $1 and kind = 'exclusion' for update`, [userId]);
  const blocks = rows.map((r) => ({ id: r.id, b: { kind: 'exclusion', startedAt: r.started_at.getTime(), endsAt: r.ends_at?.getTime() ?? null, reopenAt: r.reopen_at?.getTime() ?? null } as Block }));
  // Every exclusion must have ended; each still waiting for a request gets this one.
  if (!blocks.length || blocks.some((x) => x.b.endsAt === null || x.b.endsAt > now)) throw new CallError(422, 'reopenNotYet', {}, { error: 'reopenNotYet' });
  const at = now + 24 * 3_600_000;
  const open = blocks.filter((x) => reopenAt(x.b, now) !== null);
  if (!open.length) throw new CallError(422, 'reopenNotYet', {}, { error: 'reopenNotYet' });
  for (const x of open) await q.query('update protection_blocks set reopen_at = $2 where id = $1', [x.id, new Date(at)]);
  await protectionEvent(q, userId, now, 'requestReopen', { reopenAt: iso(at) });
  return at;
}

/** Account closure for other reasons: refused while money remains (withdraw it first). */
export async function closeAccount(q: Queryable, userId: number, reason: string, now: number): Promise<void> {
  const [w] = await q.query<{ balance: string | number }>('select balance from wallets where user_id = $1 for update', [userId]);
  const balance = Number(w?.balance ?? 0);
  if (balance > 0) throw new CallError(422, 'closeWithdrawFirst', { amount: minorToDecimal(balance) }, { error: 'closeWithdrawFirst', balance });
  await addBlock(q, userId, 'closure', null, now, { actorId: null, reason: reason || 'player' });
}

/** The blocks that hold now, for the back office (by whom, why). */
export async function blockHistory(q: Queryable, userId: number): Promise<Array<{ kind: string; startedAt: string; endsAt: string | null; reopenAt: string | null; byUser: number | null; reason: string }>> {
  const rows = await q.query<{ kind: string; started_at: Date; ends_at: Date | null; reopen_at: Date | null; by_user: number | null; reason: string }>(
    'select kind, started_at, ends_at, reopen_at, by_user, reason from protection_blocks where user_id = $1 order by id desc limit 50', [userId]);
  return rows.map((r) => ({ kind: r.kind, startedAt: r.started_at.toISOString(), endsAt: r.ends_at?.toISOString() ?? null, reopenAt: r.reopen_at?.toISOString() ?? null, byUser: r.by_user, reason: r.reason }));
}
