/**
 * What the protection rules need of a player, read in the caller's transaction: the limits and
 * pending changes, the blocks that may still hold, and the usage of every rolling window summed
 * from the ledger (never a separate counter). Called after the player's wallet row is locked, the
 * usage cannot change before the caller commits (every ledger move of the player takes that lock).
 */
import type { NamedSql, Queryable } from '../db/client.ts';
import {
  limitsInForce, type Block, type Limit, type LimitKind, type LimitPeriod, type PendingLimit, type Usage,
} from '../../domain/protection/rules.ts';

export interface ProtectionState {
  /** Limits in force at the read's time (pending changes whose cooling-off has ended applied). */
  limits: Limit[];
  pending: PendingLimit[];
  blocks: Block[];
  usage: Usage;
  /** Deposits of the ledger alone (approval of a waiting request, which usage.deposit already counts). */
  ledgerDeposit: Usage['deposit'];
}

// One statement for a batch of players; usage is summed only for players who have a limit, over
// the longest window their limits need (a month reads 30 days of ledger rows, a day one day).
// Ledger rows carry the database's time and the windows the app's: rows newer than the window's
// start count, later ones included.
const READ: NamedSql = {
  name: 'protection_read',
  text: `
with u as (select distinct unnest($1::int[]) as user_id),
lim as (select user_id, json_agg(json_build_object('kind', kind, 'period', period, 'amount', amount, 'setAt', set_at)) as j
          from protection_limits where user_id in (select user_id from u) group by user_id),
pen as (select user_id, json_agg(json_build_object('kind', kind, 'period', period, 'amount', amount, 'requestedAt', requested_at, 'effectiveAt', effective_at)) as j
          from protection_pending where user_id in (select user_id from u) group by user_id),
blk as (select user_id, json_agg(json_build_object('kind', kind, 'startedAt', started_at, 'endsAt', ends_at, 'reopenAt', reopen_at)) as j
          from protection_blocks where user_id in (select user_id from u) and (kind <> 'break' or ends_at > $2::timestamptz) group by user_id),
lu as (
  -- The longest window a player's limits (pending ones included) need, in days; 0: none (per bet, per session).
  select x.user_id, max(case x.period when 'month' then 30 when 'week' then 7 when 'day' then 1 else 0 end) as days
    from (select user_id, period from protection_limits where user_id in (select user_id from u)
          union all select user_id, period from protection_pending where user_id in (select user_id from u)) x
   group by x.user_id),
led as (
  -- Per player, only the ledger rows of that window, by the (user_id, created_at) index, summed
  -- per kind and window (the sums of a longer window are then partial, and read only when a limit
  -- of that window exists).
  select lu.user_id, s.kind, s.d, s.w, s.m from lu cross join lateral (
    -- credit a dealer loads into the player's wallet is money paid in: it counts as a deposit
    select case when l.kind = 'transfer' then 'deposit' else l.kind end as kind,
      coalesce(sum(l.amount) filter (where l.created_at > $2::timestamptz - interval '1 day'), 0)::int8 as d,
      coalesce(sum(l.amount) filter (where l.created_at > $2::timestamptz - interval '7 days'), 0)::int8 as w,
      sum(l.amount)::int8 as m
      from ledger l where l.user_id = lu.user_id and l.created_at > $2::timestamptz - make_interval(days => lu.days)
       and (l.kind in ('deposit', 'bet', 'win', 'refund', 'sell') or (l.kind = 'transfer' and l.amount > 0))
     group by 1) s
   where lu.days > 0),
ledj as (select user_id, json_object_agg(kind, json_build_array(d, w, m)) as j from led group by user_id),
wait as (
  select r.user_id,
    coalesce(sum(r.amount) filter (where r.created_at > $2::timestamptz - interval '1 day'), 0)::int8 as d,
    coalesce(sum(r.amount) filter (where r.created_at > $2::timestamptz - interval '7 days'), 0)::int8 as w,
    coalesce(sum(r.amount), 0)::int8 as m
    from transfer_requests r where r.user_id in (select user_id from lu where days > 0) and r.transfer_type = 0 and r.status = 0 and r.created_at > $2::timestamptz - interval '30 days'
   group by r.user_id)
select u.user_id as player_id, lim.j as limits, pen.j as pending, blk.j as blocks, ledj.j as sums, wait.d as wait_d, wait.w as wait_w, wait.m as wait_m,
       (select max(s.created_at) from sessions s where s.user_id = u.user_id and s.expires_at > $2::timestamptz and u.user_id in (select user_id from lu)) as session_start
  from u left join lim on lim.user_id = u.user_id left join pen on pen.user_id = u.user_id left join blk on blk.user_id = u.user_id
  left join ledj on ledj.user_id = u.user_id left join wait on wait.user_id = u.user_id
 where lim.j is not null or pen.j is not null or blk.j is not null`,
};

interface Row {
  player_id: number;
  limits: Array<{ kind: LimitKind; period: LimitPeriod; amount: number | string; setAt: string }> | null;
  pending: Array<{ kind: LimitKind; period: LimitPeriod; amount: number | string; requestedAt: string; effectiveAt: string }> | null;
  blocks: Array<{ kind: Block['kind']; startedAt: string; endsAt: string | null; reopenAt: string | null }> | null;
  /** Ledger sums per kind: [last day, last 7 days, the whole window read]. */
  sums: Record<string, [unknown, unknown, unknown]> | null;
  wait_d: unknown; wait_w: unknown; wait_m: unknown;
  session_start: Date | string | null;
}

const n = (v: unknown): number => Number(v ?? 0);
const t = (v: string | Date | null): number | null => (v === null ? null : new Date(v).getTime());

/**
 * The protection state of each player at `now`; players with no limit, pending change nor block
 * are absent (nothing to enforce). One statement for all of them.
 */
export async function readProtection(q: Queryable, userIds: readonly number[], now: number): Promise<Map<number, ProtectionState>> {
  const rows = await q.query<Row>(READ, [[...userIds], new Date(now)]);
  const out = new Map<number, ProtectionState>();
  for (const r of rows) {
    const stored: Limit[] = (r.limits ?? []).map((l) => ({ kind: l.kind, period: l.period, amount: n(l.amount), setAt: Date.parse(l.setAt) }));
    const pending: PendingLimit[] = (r.pending ?? []).map((p) => ({ kind: p.kind, period: p.period, amount: n(p.amount), requestedAt: Date.parse(p.requestedAt), effectiveAt: Date.parse(p.effectiveAt) }));
    // Per window: the sum of the kinds' amounts ([day, week, month] index 0, 1, 2).
    const sum = (kinds: readonly string[], k: 0 | 1 | 2) => kinds.reduce((a, kind) => a + n(r.sums?.[kind]?.[k]), 0);
    const win = (kinds: readonly string[], sign: 1 | -1) => ({ day: sign * sum(kinds, 0), week: sign * sum(kinds, 1), month: sign * sum(kinds, 2) });
    const ledgerDeposit = win(['deposit'], 1);
    const loss = win(['bet', 'win', 'refund', 'sell'], -1);
    out.set(r.player_id, {
      limits: limitsInForce(stored, pending, now),
      pending,
      blocks: (r.blocks ?? []).map((b) => ({ kind: b.kind, startedAt: Date.parse(b.startedAt), endsAt: t(b.endsAt), reopenAt: t(b.reopenAt) })),
      usage: {
        deposit: { day: ledgerDeposit.day + n(r.wait_d), week: ledgerDeposit.week + n(r.wait_w), month: ledgerDeposit.month + n(r.wait_m) },
        // A net win in a window is no loss: the loss used never goes below zero.
        loss: { day: Math.max(0, loss.day), week: Math.max(0, loss.week), month: Math.max(0, loss.month) },
        stake: win(['bet'], -1),
        sessionStartedAt: t(r.session_start),
      },
      ledgerDeposit,
    });
  }
  return out;
}
