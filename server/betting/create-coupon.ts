import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/client.ts';
import type { CreateCouponPayload } from '../../domain/protocol/calls.ts';
import type { SlipSelection } from '../../domain/betslip/types.ts';
import { summarizeSlip } from '../../domain/betslip/summary.ts';
import { SLIP_CONSTANTS } from '../../domain/betslip/limits.ts';
import { message, type MessageKey } from '../../domain/messages.ts';
import { postLedger, InsufficientCredit } from '../wallet/ledger.ts';
import { limitsOf, loadUser } from '../http/routes/accounts.ts';
import { CallError } from '../http/call.ts';

/** The spec's create-coupon reply. */
export interface CreateCouponReply {
  status: boolean;
  msg: string;
  ticketId: number;
  changed: number[];
  couponErrors: Array<{ mid: number; msg: string }>;
  login: boolean;
  [k: string]: unknown;
}

interface CurrentOdd {
  match_id: number; match_date: Date; status: string; bet_status: string; match_active: number;
  home: string; away: string; group_active: number; outcome_active: number; odd: number; outcome_row: number;
}

const KIND_FILTER = { TK: 3, KK: 0, CK: 2, SK: 1 } as const;

/**
 * Places a coupon. Trusts nothing from the client but the picks and the stake: the odds, their
 * state, the coupon type, the limits and the payout are recomputed with domain/betslip against the
 * database, and the debit, the coupon and its tips are written in one transaction.
 */
export async function createCoupon(
  db: Db,
  p: CreateCouponPayload,
  ctx: { userId: number; now: number; lang: string; idempotencyKey?: string | undefined },
): Promise<CreateCouponReply> {
  return db.tx(async (q) => {
    if (ctx.idempotencyKey) {
      const replay = await claimIdempotencyKey(q, ctx.userId, ctx.idempotencyKey, requestHash(p));
      if (replay) return replay;
    }
    const user = await loadUser(q, ctx.userId);
    if (!user) throw new CallError(401, 'loginRequired', {}, { login: false });
    const limits = limitsOf(user);

    const couponErrors: Array<{ mid: number; msg: string }> = [];
    const changed: number[] = [];
    const selections: SlipSelection[] = [];
    const seen = new Set<string>();
    const tipErr = (mid: number, key: MessageKey, args: Record<string, string> = {}) => couponErrors.push({ mid, msg: message(key, ctx.lang, args) });

    for (const tip of p.tips) {
      const key = `${tip.mid}|${tip.oddTypeId}|${tip.ktip.outcomeid}|${tip.ktip.special}`;
      if (seen.has(key)) throw new CallError(422, 'duplicateTip');
      seen.add(key);
      const cur = await currentOdd(q, tip.mid, tip.oddTypeId, tip.ktip.outcomeid, tip.ktip.special);
      if (!cur) { tipErr(tip.mid, 'matchNotFound'); continue; }
      const name = `${cur.home} - ${cur.away}`;
      // Live tips are priced from the live feed state, which this path does not read yet.
      if (tip.ttype === 'L') { tipErr(tip.mid, 'tipClosed'); continue; }
      if (cur.status !== 'not_started' || cur.match_date.getTime() <= ctx.now) { tipErr(tip.mid, 'matchStarted'); continue; }
      if (!cur.match_active || cur.bet_status !== 'started') { tipErr(tip.mid, 'betsClosed', { match: name }); continue; }
      if (!cur.group_active || !cur.outcome_active || cur.odd < SLIP_CONSTANTS.suspendBelowOdd) { tipErr(tip.mid, 'tipClosed'); continue; }
      if (cur.odd !== tip.odd && !p.oddChangeOk) changed.push(tip.mid);
      selections.push({
        matchId: tip.mid, oddsType: tip.oddTypeId, outcomeId: tip.ktip.outcomeid, special: tip.ktip.special, odd: cur.odd,
        banko: tip.banko === true || tip.banko === 1, live: false, locked: false, matchName: name, addedAt: ctx.now,
      });
    }
    if (couponErrors.length) throw new CallError(422, 'tipClosed', {}, { changed, couponErrors, msg: couponErrors[0]!.msg });
    if (changed.length) throw new CallError(409, 'oddsChanged', {}, { changed, couponErrors: [] });

    const stake = limits.staketype === 1 ? p.totalStake : p.ticketStake;
    const summary = summarizeSlip({ selections, stake, systemSizes: p.systemTickets ?? [], limits });
    if (summary.couponType !== p.ticketType) throw new CallError(422, 'wrongCouponType');
    const limitError = summary.limitErrors[0];
    if (limitError) throw limitCallError(limitError, user.currency);
    if (stake < summary.minStake) throw new CallError(422, 'minStake', { amount: money(summary.minStake, user.currency) });
    if (stake > summary.maxStake) throw new CallError(422, 'maxStake', { amount: money(summary.maxStake, user.currency) });
    if (summary.stakeLimitedTo !== undefined) throw new CallError(422, 'stakeLimited', { amount: money(summary.stakeLimitedTo, user.currency) });
    if (summary.totalAmount !== p.totalStake || summary.baseAmount !== p.ticketStake) {
      throw new CallError(400, 'badRequest', { field: 'totalStake' });
    }

    const [coupon] = await q.query<{ id: number }>(
      `insert into coupons (user_id, ticket_type, is_live, total_stake, ticket_stake, total_odds, max_pay, bonus_percent, total_tickets, system_combi, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
      [ctx.userId, summary.couponType, summary.isLive ? 1 : 0, summary.totalAmount, summary.baseAmount, String(summary.totalOdds),
        summary.maxPayout, summary.bonusPercent, summary.couponCount, (p.systemTickets ?? []).join(',') || '0', new Date(ctx.now)],
    );
    const ticketId = coupon!.id;
    await q.query(
      `insert into coupon_tips (coupon_id, match_id, odds_type, outcome_id, special, odd, banko, ttype)
       select $1, x.match_id, x.odds_type, x.outcome_id, x.special, x.odd, x.banko, 'N'
         from json_to_recordset($2::json) as x(match_id int, odds_type int, outcome_id int, special text, odd int, banko smallint)`,
      [ticketId, JSON.stringify(selections.map((s) => ({ match_id: s.matchId, odds_type: s.oddsType, outcome_id: s.outcomeId, special: s.special, odd: s.odd, banko: s.banko ? 1 : 0 })))],
    );
    try {
      await postLedger(q, { userId: ctx.userId, amount: -summary.totalAmount, kind: 'bet', refType: 'coupon', refId: ticketId });
    } catch (err) {
      if (err instanceof InsufficientCredit) throw new CallError(422, 'insufficientCredit');
      throw err;
    }
    const reply: CreateCouponReply = {
      status: true, msg: message('couponCreated', ctx.lang), ticketId, changed: [], couponErrors: [], login: true,
      couponType: KIND_FILTER[summary.couponType as keyof typeof KIND_FILTER], totalStake: summary.totalAmount, maxPayout: summary.maxPayout,
    };
    if (ctx.idempotencyKey) {
      await q.query('update idempotency_keys set reply = $3 where user_id = $1 and key = $2', [ctx.userId, ctx.idempotencyKey, JSON.stringify(reply)]);
    }
    return reply;
  });
}

/**
 * Claims an Idempotency-Key for this transaction, or returns the reply of the request that holds it.
 * The insert waits on a concurrent holder of the same key: if that one commits, its reply is read;
 * if it rolls back (a refused coupon), this request goes on and owns the key.
 */
async function claimIdempotencyKey(q: Queryable, userId: number, key: string, hash: string): Promise<CreateCouponReply | null> {
  const claimed = await q.query(
    `insert into idempotency_keys (user_id, key, call, reply, request_hash) values ($1, $2, 'createCoupon', 'null'::jsonb, $3)
     on conflict do nothing returning key`,
    [userId, key, hash],
  );
  if (claimed.length) return null;
  const [seen] = await q.query<{ reply: CreateCouponReply; request_hash: string }>('select reply, request_hash from idempotency_keys where user_id = $1 and key = $2', [userId, key]);
  if (!seen || seen.request_hash !== hash) throw new CallError(422, 'idempotencyKeyReused');
  return seen.reply;
}

/** What makes two createCoupon requests the same bet: the picks, the stakes and the type. */
function requestHash(p: CreateCouponPayload): string {
  const picks = p.tips.map((t) => [t.mid, t.oddTypeId, t.ktip.outcomeid, t.ktip.special, t.banko === true || t.banko === 1]);
  return createHash('sha256').update(JSON.stringify([p.ticketType, p.totalStake, p.ticketStake, p.systemTickets ?? [], picks])).digest('hex');
}

/** The current odd of a pick, read under a share lock so it cannot change before the coupon commits. */
async function currentOdd(q: Queryable, matchId: number, oddsType: number, outcomeId: number, special: string): Promise<CurrentOdd | undefined> {
  const [row] = await q.query<CurrentOdd>(
    `select m.id as match_id, m.match_date, m.status, m.bet_status, m.active as match_active, h.name as home, a.name as away,
            g.active as group_active, o.active as outcome_active, o.odd, o.id as outcome_row
       from matches m
       join teams h on h.id = m.home_id join teams a on a.id = m.away_id
       join odds_groups g on g.match_id = m.id and g.odds_type = $2 and g.special = $4
       join outcomes o on o.group_id = g.id and o.outcome_id = $3
      where m.id = $1
      for share of o`,
    [matchId, oddsType, outcomeId, special],
  );
  return row;
}

function money(minor: number, currency: string): string {
  return `${(minor / 100).toFixed(2)} ${currency}`;
}

function limitCallError(e: { code: string; amount?: number | undefined; min?: number | undefined; max?: number | undefined }, currency: string): CallError {
  switch (e.code) {
    case 'minTip': return new CallError(422, 'minTip', { n: e.amount ?? 1 });
    case 'minOdds': return new CallError(422, 'minOdds', { amount: ((e.amount ?? e.min ?? 0) / 1000).toFixed(2) });
    case 'maxOdds': return new CallError(422, 'maxOdds', { amount: ((e.amount ?? e.max ?? 0) / 1000).toFixed(2) });
    case 'maxStake': return new CallError(422, 'maxStake', { amount: money(e.amount ?? e.max ?? 0, currency) });
    case 'maxPay': return new CallError(422, 'stakeLimited', { amount: money(e.amount ?? e.max ?? 0, currency) });
    case 'maxSelections': return new CallError(422, 'maxSelections', { max: e.max ?? 0 });
    default: return new CallError(422, 'minStake', { amount: money(e.amount ?? e.min ?? 0, currency) });
  }
}
