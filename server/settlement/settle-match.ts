/**
 * The settlement engine: results in, coupons won or lost, winnings through the ledger.
 *
 * Exactly once by design, not by luck:
 * - A result is stored first, as a numbered version of its match (result_versions), in its own
 *   transaction; the same result again is not a new version, and an older source revision arriving
 *   late is ignored. match_settlement.result_version says which version coupons must reflect.
 * - Each coupon is then settled in ONE transaction of its own: lock the coupon row, read the latest
 *   result of every match of the coupon, settle with domain/coupon, and write the tips, the coupon,
 *   a coupon_settlements row keyed by (coupon, fingerprint of the result versions used) and the
 *   ledger rows together. What a coupon has been paid is kept on it (settled_income), so a changed
 *   outcome moves exactly the difference: the old payout reversed, the new one credited.
 * - A run that dies in the middle leaves every coupon either fully settled or untouched, and
 *   match_settlement.settled_version behind; resumePending (the settlement loop) runs it again, and
 *   coupons already settled with the same fingerprint are skipped. Re-running is always safe.
 * - A coupon that cannot be booked (a correction's reversal above the wallet balance, a coupon the
 *   rulebook cannot read) is recorded in settlement_problems in the same transaction and logged at
 *   warn; retryProblems (the settlement loop) tries it again every tick until it settles, once,
 *   through the same fingerprint guard. The match run itself still completes, so one stuck coupon
 *   neither holds back the others nor makes the whole match re-run forever.
 * A coupon sold or cancelled first is never settled: sell and cancel lock the same row.
 */
import type { Db, Queryable } from '../db/client.ts';
import type { MatchResult } from '../../domain/coupon/result.ts';
import { settleTipWithFactors, type TipOutcome } from '../../domain/coupon/settle.ts';
import { settleCoupon, type TicketType } from '../../domain/coupon/settle-coupon.ts';
import { postLedger } from '../wallet/ledger.ts';
import { settleTicketMoney } from '../retail/liability.ts';

export interface SettleOptions {
  /** The source's own revision of this result; an older one than stored is ignored. */
  revision?: number | undefined;
  source?: 'feed' | 'backoffice' | 'demo' | undefined;
  enteredBy?: number | undefined;
  /** Test hook, called before each chunk's transaction: a throw stops the run there (a crash). */
  beforeCoupon?: ((couponId: number, index: number) => void) | undefined;
  /** Coupons settled per transaction (default CHUNK). */
  chunk?: number | undefined;
  /** Where a newly recorded problem coupon is reported (default console.warn). */
  warn?: ((message: string) => void) | undefined;
}

/**
 * Coupons per transaction: each chunk commits whole or not at all, so exactly-once holds per
 * coupon as with one transaction each, at a fraction of the round trips (the locks and reads
 * of a chunk are one query each).
 */
export const CHUNK = 50;

export interface RunReport {
  matchId: number;
  version: number;
  /** Coupons looked at. */
  coupons: number;
  /** Coupons whose settlement changed in this run (a row in coupon_settlements was written). */
  changed: number;
  /** Sum of ledger movements of this run, minor units (reversals negative). */
  paid: number;
  /** Coupons that could not be settled automatically (bad system sizes ...): in settlement_problems, retried by the loop. */
  problems: number[];
}

/** Tip status numbers on coupon_tips, as the match line colours read them (display.ts lineColor). */
const TIP_STATUS: Record<TipOutcome, number> = { open: 0, won: 1, halfWon: 1, lost: -1, halfLost: -1, void: 2 };

/** A canonical JSON text, so the same result sent twice with keys in another order is the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * Stores a result of a match as a new version when it differs from the latest one. Returns the
 * version coupons must reflect now and whether this call added it.
 */
export async function recordResult(db: Db, matchId: number, result: MatchResult, now: number, opts: SettleOptions = {}): Promise<{ version: number; added: boolean }> {
  return db.tx((q) => recordResultIn(q, matchId, result, now, opts));
}

/** recordResult inside the caller's transaction (a feed's message and the result it makes commit together). */
export async function recordResultIn(q: Queryable, matchId: number, result: MatchResult, now: number,
  opts: SettleOptions = {}): Promise<{ version: number; added: boolean }> {
  // The match_settlement row serialises writers of one match's results.
  await q.query('insert into match_settlement (match_id, result_version) values ($1, 0) on conflict do nothing', [matchId]);
  const [state] = await q.query<{ result_version: number }>('select result_version from match_settlement where match_id = $1 for update', [matchId]);
  const [latest] = await q.query<{ version: number; result: MatchResult; revision: number | null }>(
    'select version, result, revision from result_versions where match_id = $1 order by version desc limit 1', [matchId],
  );
  const current = state?.result_version ?? 0;
  if (latest) {
    if (opts.revision !== undefined && latest.revision !== null && opts.revision <= latest.revision) return { version: current, added: false };
    if (canonical(latest.result) === canonical(result)) return { version: current, added: false };
  }
  const version = (latest?.version ?? 0) + 1;
  await q.query(
    `insert into result_versions (match_id, version, result, revision, source, entered_by, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [matchId, version, JSON.stringify(result), opts.revision ?? null, opts.source ?? 'feed', opts.enteredBy ?? null, new Date(now)],
  );
  await q.query('update match_settlement set result_version = $2, updated_at = $3 where match_id = $1', [matchId, version, new Date(now)]);
  return { version, added: true };
}

/**
 * What others call when a match has a result (feed adapter, back-office entry, demo): records it
 * and settles every coupon on the match. Safe to call again with the same or a corrected result.
 */
export async function settleMatch(db: Db, matchId: number, result: MatchResult, now: number, opts: SettleOptions = {}): Promise<RunReport> {
  await recordResult(db, matchId, result, now, opts);
  return runMatch(db, matchId, now, opts);
}

/** Settles every coupon with a tip on the match against the latest results; idempotent. */
export async function runMatch(db: Db, matchId: number, now: number, opts: Pick<SettleOptions, 'beforeCoupon' | 'chunk' | 'warn'> = {}): Promise<RunReport> {
  const [state] = await db.query<{ result_version: number }>('select result_version from match_settlement where match_id = $1', [matchId]);
  const version = state?.result_version ?? 0;
  const report: RunReport = { matchId, version, coupons: 0, changed: 0, paid: 0, problems: [] };
  if (!version) return report;
  // Only coupons that can still move: sold and cancelled ones are final.
  const ids = await db.query<{ coupon_id: number }>(
    `select distinct t.coupon_id from coupon_tips t join coupons c on c.id = t.coupon_id
      where t.match_id = $1 and c.status in (0, 1, -1) order by t.coupon_id`,
    [matchId],
  );
  const size = Math.max(1, opts.chunk ?? CHUNK);
  for (let i = 0; i < ids.length; i += size) {
    const chunk = ids.slice(i, i + size).map((r) => r.coupon_id);
    opts.beforeCoupon?.(chunk[0]!, i);
    const results = await settleCouponsOnce(db, chunk, now, matchId);
    warnProblems(chunk, results, opts.warn);
    for (const [k, r] of results.entries()) {
      report.coupons++;
      if (r.kind === 'changed') { report.changed++; report.paid += r.delta; }
      if (r.kind === 'problem') report.problems.push(chunk[k]!);
    }
  }
  await db.query('update match_settlement set settled_version = greatest(settled_version, $2), updated_at = $3 where match_id = $1', [matchId, version, new Date(now)]);
  return report;
}

/** Resumes every match whose settlement run did not finish (crash, restart); the settlement loop. */
export async function resumePending(db: Db, now: number, opts: Pick<SettleOptions, 'warn'> = {}): Promise<RunReport[]> {
  const pending = await db.query<{ match_id: number }>('select match_id from match_settlement where settled_version < result_version order by match_id limit 100');
  const out: RunReport[] = [];
  for (const { match_id } of pending) out.push(await runMatch(db, match_id, now, opts));
  return out;
}

/** Problem coupons tried per call of retryProblems. */
const RETRY_LIMIT = 500;

/**
 * Tries the open problem coupons again (the settlement loop, every tick): one whose condition has
 * cleared (say the player deposited) settles now, exactly once, and its problem is resolved in
 * the same transaction; the others stay open. Least recently tried first, so a few coupons that
 * never clear cannot keep the rest from their turn.
 */
export async function retryProblems(db: Db, now: number, opts: Pick<SettleOptions, 'warn'> = {}): Promise<{ retried: number; settled: number; open: number }> {
  const rows = await db.query<{ coupon_id: number }>(
    'select coupon_id from settlement_problems where resolved_at is null order by last_tried_at, id limit $1', [RETRY_LIMIT],
  );
  // Locked in id order within a transaction, as every other locker of coupons does.
  const ids = rows.map((r) => Number(r.coupon_id)).sort((x, y) => x - y);
  const out = { retried: ids.length, settled: 0, open: 0 };
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const results = await settleCouponsOnce(db, chunk, now);
    warnProblems(chunk, results, opts.warn);
    for (const r of results) {
      if (r.kind === 'problem') out.open++;
      else out.settled++;
    }
  }
  return out;
}

/** Reports problems met for the first time; a retry that fails again only counts an attempt. */
function warnProblems(ids: readonly number[], results: readonly CouponOutcome[], warn: (message: string) => void = console.warn): void {
  for (const [k, r] of results.entries()) {
    if (r.kind === 'problem' && r.first) warn(`settlement: coupon ${ids[k]} left for review and retried by the settlement loop: ${r.error}`);
  }
}

interface CouponRow {
  id: number; user_id: number; ticket_type: TicketType; status: number; ticket_stake: number; total_stake: number;
  bonus_percent: number; max_pay: number; system_combi: string; settled_income: number; settled_fp: string;
  /** A shop terminal's unpaid ticket: its win goes to the ticket liability (server/retail/liability.ts), owed what it holds. */
  ticket: boolean; owed: number | string;
}
interface TipRow {
  id: number; coupon_id: number; match_id: number; odds_type: number; outcome_id: number; special: string; odd: number; banko: number;
  version: number | null; result: MatchResult | null;
  /** When the coupon was placed: a feed's cancel window voids the tips placed inside it. */
  placed_at: Date | string;
}

export type CouponOutcome =
  | { kind: 'skipped' | 'unchanged' }
  /** first: this call recorded the problem (it was not already open). */
  | { kind: 'problem'; error: string; first?: boolean }
  | { kind: 'changed'; status: number; income: number; delta: number };

/** The sizes of a system coupon from its system_combi text ('2,3'); none for other kinds. */
export function systemSizesOf(systemCombi: string): number[] {
  return systemCombi.split(',').map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** Settles one coupon in its own transaction (see settleCouponsOnce). */
export async function settleCouponOnce(db: Db, couponId: number, now: number, matchId?: number): Promise<CouponOutcome> {
  return (await settleCouponsOnce(db, [couponId], now, matchId))[0]!;
}

/**
 * Settles coupons in one transaction against the latest results of their matches. The
 * fingerprint (match:version of every tip's match) makes a repeat a no-op; a different
 * fingerprint moves exactly the difference between the new payout and what was paid before.
 * Problems are recorded (or resolved) in settlement_problems in the same transaction; matchId is
 * the run that met them, for the record.
 */
export async function settleCouponsOnce(db: Db, couponIds: readonly number[], now: number, matchId?: number): Promise<CouponOutcome[]> {
  return db.tx(async (q) => {
    // Locked in id order, as every other locker of coupons does, so two runs cannot deadlock.
    const rows = await q.query<CouponRow>(
      `select id, user_id, ticket_type, status, ticket_stake, total_stake, bonus_percent, max_pay, system_combi, settled_income, settled_fp,
              shop_paid_at is null and exists (select 1 from users u where u.id = coupons.user_id and u.user_type = 'T') as ticket,
              (select coalesce(sum(l.amount), 0) from retail_liability l where l.coupon_id = coupons.id) as owed
         from coupons where id = any($1::bigint[]) order by id for update`,
      [couponIds],
    );
    // Read after the lock: a correction committed meanwhile is seen here, so the last writer wins.
    const allTips = await tipsWithResults(q, couponIds);
    const byCoupon = new Map<number, TipRow[]>();
    for (const t of allTips) {
      const list = byCoupon.get(Number(t.coupon_id)) ?? [];
      list.push(t);
      byCoupon.set(Number(t.coupon_id), list);
    }
    // The players' wallets too, in user order: two runs over overlapping players cannot deadlock.
    const users = [...new Set(rows.map((r) => r.user_id))].sort((x, y) => x - y);
    const wallets = await q.query<{ user_id: number; balance: number }>(
      'select user_id, balance from wallets where user_id = any($1::int[]) order by user_id for update', [users],
    );
    const balance = new Map(wallets.map((w) => [w.user_id, Number(w.balance)]));
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const outcomes = new Map<number, CouponOutcome>();
    const plans: Plan[] = [];
    for (const id of couponIds) {
      const p = planCoupon(byId.get(id), byCoupon.get(id) ?? [], balance);
      if ('kind' in p) outcomes.set(id, p);
      else plans.push(p);
    }
    if (plans.length) {
      // One statement writes the settlement rows, the tips and the coupons of the chunk; a
      // settlement already made (same coupon and fingerprint) conflicts and writes nothing.
      const claimed = await q.query<{ coupon_id: number }>(
        `with x as (
           select * from json_to_recordset($1::json) as x(coupon_id bigint, fp text, status smallint, income bigint, bonus_pay bigint, delta bigint)
         ), s as (
           insert into coupon_settlements (coupon_id, fingerprint, status, income, bonus_pay, delta, created_at)
           select coupon_id, fp, status, income, bonus_pay, delta, $2 from x
           on conflict (coupon_id, fingerprint) do nothing returning coupon_id
         ), t as (
           update coupon_tips t set status = y.status, outcome = y.outcome
             from json_to_recordset($3::json) as y(id bigint, status smallint, outcome text)
            where t.id = y.id and t.coupon_id in (select coupon_id from s)
         ), c as (
           update coupons c set status = x.status, income = x.income, bonus_pay = x.bonus_pay, settled_income = x.income, settled_fp = x.fp,
                  paid = case when x.income > 0 then 1 else 0 end, pay_date = case when x.income > 0 then $2::timestamptz else null end
             from x where c.id = x.coupon_id and x.coupon_id in (select coupon_id from s)
         )
         select coupon_id from s`,
        [JSON.stringify(plans.map((p) => p.row)), new Date(now), JSON.stringify(plans.flatMap((p) => p.tips))],
      );
      const done = new Set(claimed.map((r) => Number(r.coupon_id)));
      for (const p of plans) {
        if (!done.has(p.row.coupon_id)) { outcomes.set(p.row.coupon_id, { kind: 'unchanged' }); continue; }
        const { coupon_id: couponId, income: target, delta } = p.row;
        if (delta !== 0 && p.ticket) {
          await settleTicketMoney(q, { terminalId: p.userId, couponId, target, before: p.before, owed: p.ticket.owed, now });
        } else if (delta !== 0) {
          // New payout first, then the reversal of the old one: the wallet never dips below zero
          // on the way, and the ledger shows both rows of a correction.
          if (target > 0) await postLedger(q, { userId: p.userId, amount: target, kind: 'win', refType: 'coupon', refId: couponId });
          if (p.before > 0) await postLedger(q, { userId: p.userId, amount: -p.before, kind: 'reversal', refType: 'coupon', refId: couponId });
        }
        outcomes.set(couponId, { kind: 'changed', status: p.row.status, income: target, delta });
      }
    }
    const all = couponIds.map((id) => outcomes.get(id) ?? { kind: 'skipped' as const });
    return recordProblems(q, couponIds, all, now, matchId);
  });
}

/**
 * Keeps settlement_problems in step with a chunk's outcomes, inside its transaction: a problem
 * opens a row (or counts another attempt on the open one), a coupon settled or found already
 * settled resolves it, a coupon sold or cancelled meanwhile closes it. Marks first-time problems.
 */
async function recordProblems(q: Queryable, couponIds: readonly number[], outcomes: CouponOutcome[], now: number, matchId: number | undefined): Promise<CouponOutcome[]> {
  const problems = couponIds.flatMap((id, k) => {
    const o = outcomes[k]!;
    return o.kind === 'problem' ? [{ coupon_id: id, reason: o.error }] : [];
  });
  const resolved = couponIds.flatMap((id, k) => (outcomes[k]!.kind === 'problem' ? [] : [{ coupon_id: id, resolution: outcomes[k]!.kind === 'skipped' ? 'closed' : 'settled' }]));
  if (resolved.length) {
    await q.query(
      `update settlement_problems p set resolved_at = $2, resolution = x.resolution, last_tried_at = $2
         from json_to_recordset($1::json) as x(coupon_id bigint, resolution text)
        where p.coupon_id = x.coupon_id and p.resolved_at is null`,
      [JSON.stringify(resolved), new Date(now)],
    );
  }
  if (!problems.length) return outcomes;
  const rows = await q.query<{ coupon_id: number; attempts: number }>(
    `insert into settlement_problems (coupon_id, match_id, reason, created_at, last_tried_at)
     select x.coupon_id, $2, x.reason, $3, $3 from json_to_recordset($1::json) as x(coupon_id bigint, reason text)
     on conflict (coupon_id) where resolved_at is null
       do update set reason = excluded.reason, attempts = settlement_problems.attempts + 1, last_tried_at = excluded.last_tried_at
     returning coupon_id, attempts`,
    [JSON.stringify(problems), matchId ?? null, new Date(now)],
  );
  const first = new Set(rows.filter((r) => r.attempts === 1).map((r) => Number(r.coupon_id)));
  return outcomes.map((o, k) => (o.kind === 'problem' ? { ...o, first: first.has(couponIds[k]!) } : o));
}

/** What a chunk writes for one coupon. */
interface Plan {
  row: { coupon_id: number; fp: string; status: number; income: number; bonus_pay: number; delta: number };
  tips: Array<{ id: number; status: number; outcome: string }>;
  userId: number;
  before: number;
  /** A terminal's unpaid ticket (its liability's balance), or null. */
  ticket: { owed: number } | null;
}

/**
 * One locked coupon computed with domain/coupon: what to write, or why nothing is written.
 * `balance` is the running balance of each player in the chunk, for the reversal check.
 */
function planCoupon(c: CouponRow | undefined, tips: TipRow[], balance: Map<number, number>): Plan | CouponOutcome {
  if (!c || (c.status !== 0 && c.status !== 1 && c.status !== -1)) return { kind: 'skipped' };
  const fp = [...new Set(tips.map((t) => `${t.match_id}:${t.version ?? 0}`))].sort().join(',');
  if (fp === c.settled_fp) return { kind: 'unchanged' };
  const feedSettled = tips.map((t) => settleTipWithFactors(
    { oddsType: t.odds_type, outcomeId: t.outcome_id, special: t.special, placedAt: new Date(t.placed_at).getTime() }, t.result ?? undefined));
  const outcomes = feedSettled.map((x) => x.outcome);
  let settled;
  try {
    settled = settleCoupon({
      ticketType: c.ticket_type, ticketStake: Number(c.ticket_stake), totalStake: Number(c.total_stake),
      tips: tips.map((t, i) => ({ odd: t.odd, banko: t.banko === 1, outcome: outcomes[i]!, matchId: t.match_id, feedResult: feedSettled[i]!.result })),
      systemSizes: c.ticket_type === 'SK' ? systemSizesOf(c.system_combi) : [],
      bonusPercent: c.bonus_percent, maxPay: Number(c.max_pay),
    });
  } catch (err) {
    // A coupon the rulebook cannot read stays waiting for a person; the run goes on.
    return { kind: 'problem', error: (err as Error).message };
  }
  const target = settled.state === 'settled' ? settled.income : 0;
  const status = settled.state === 'settled' ? settled.status : 0;
  const before = Number(c.settled_income);
  const delta = target - before;
  const held = balance.get(c.user_id) ?? 0;
  // A terminal's unpaid ticket moves its till only by a win settled before its liability existed.
  const owed = Number(c.owed);
  const tillDelta = c.ticket ? owed - before : delta;
  // A correction that takes back more than the wallet holds cannot be booked (the ledger never
  // goes below zero): the coupon is left as it was, recorded in settlement_problems, and the
  // settlement loop retries it until the balance allows it (retryProblems).
  if (held + tillDelta < 0) return { kind: 'problem', error: 'reversal exceeds the balance' };
  balance.set(c.user_id, held + tillDelta);
  return {
    row: { coupon_id: Number(c.id), fp, status, income: target, bonus_pay: settled.bonusPay, delta },
    tips: tips.map((t, i) => ({ id: Number(t.id), status: TIP_STATUS[outcomes[i]!], outcome: outcomes[i] === 'open' ? '' : outcomes[i]! })),
    userId: c.user_id,
    before,
    ticket: c.ticket ? { owed } : null,
  };
}

async function tipsWithResults(q: Queryable, couponIds: readonly number[]): Promise<TipRow[]> {
  return q.query<TipRow>(
    `select t.id, t.coupon_id, t.match_id, t.odds_type, t.outcome_id, t.special, t.odd, t.banko, rv.version, rv.result,
            (select c.created_at from coupons c where c.id = t.coupon_id) as placed_at
       from coupon_tips t
       left join lateral (select r.version, r.result from result_versions r where r.match_id = t.match_id order by r.version desc limit 1) rv on true
      where t.coupon_id = any($1::bigint[]) order by t.coupon_id, t.id`,
    [couponIds],
  );
}

/** The latest stored result of a match, for match lines and previews. */
export async function latestResults(q: Queryable, matchIds: readonly number[]): Promise<Map<number, MatchResult>> {
  if (!matchIds.length) return new Map();
  const rows = await q.query<{ match_id: number; result: MatchResult }>(
    `select distinct on (match_id) match_id, result from result_versions where match_id = any($1::int[]) order by match_id, version desc`,
    [[...new Set(matchIds)]],
  );
  return new Map(rows.map((r) => [r.match_id, r.result]));
}
