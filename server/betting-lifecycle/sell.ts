/**
 * Sell (cash out) and cancel of a waiting coupon (betting-core.md section 4). Both run in one
 * transaction that locks the coupon row first: settlement (server/settlement) locks the same row,
 * so a sell racing a settlement, a cancel, or another sell sees the other's status and refuses.
 * The price is computed inside that transaction: pre-match odds under a share lock, live odds
 * (a started match) from the live state at that moment; the player confirms an amount, and a
 * price that moved since is refused with the new amount, so an odds change never pays what the
 * player did not confirm, and the locked row never pays twice.
 */
import type { Db, Queryable } from '../db/client.ts';
import { canOfferSell, partialSell, SELL_MARGIN_PERMILLE, SELL_PART_MIN, sellPrice, type SellOffer, type SellTip } from '../../domain/coupon/sell.ts';
import { printCancelState } from '../../domain/coupon/print-cancel.ts';
import type { LiveState } from '../feed/live-state.ts';
import { settleTip } from '../../domain/coupon/settle.ts';
import type { MatchResult } from '../../domain/coupon/result.ts';
import type { SellType } from '../../domain/protocol/coupons.ts';
import { message } from '../../domain/messages.ts';
import { formatAmount } from '../../domain/money.ts';
import { postLedger } from '../wallet/ledger.ts';
import { legPayouts } from '../../domain/trading/liability.ts';
import { stakeOnPicks } from '../../domain/betslip/tip-stake.ts';
import type { CouponKind } from '../../domain/betslip/types.ts';
import { CallError } from '../core/call.ts';
import { cancelState } from './rules.ts';

/** The coupon columns a sell prices and changes. */
export interface SellRow {
  id: number; user_id: number; status: number; ticket_type: string; ticket_stake: number; total_stake: number;
  bonus_percent: number; max_pay: number; is_live: number;
}

/** A coupon tip with what prices it now (pricedTips). */
export interface PricedTip {
  coupon_id: number | string; match_id: number; ttype: string; odd: number; odds_type: number; outcome_id: number; special: string; result: MatchResult | null;
  current: number | null; match_date: Date; match_status: string; bet_status: string; match_active: number;
  group_active: number | null; outcome_active: number | null;
}

/**
 * The tips of coupons with their latest result and current pre-match odd, in tip order. `lock`
 * takes a share lock on the outcome rows, so the odds cannot change until the sell commits.
 */
export async function pricedTips(q: Queryable, couponIds: readonly number[], lock: boolean): Promise<PricedTip[]> {
  // A lock cannot sit on the nullable side of an outer join: lock the outcomes that exist first.
  if (lock) {
    await q.query(
      `select o.id from coupon_tips t
         join odds_groups g on g.match_id = t.match_id and g.odds_type = t.odds_type and g.special = t.special
         join outcomes o on o.group_id = g.id and o.outcome_id = t.outcome_id
        where t.coupon_id = any($1::bigint[]) order by o.id for share of o`,
      [couponIds],
    );
  }
  return q.query<PricedTip>(
    `select t.coupon_id, t.match_id, t.ttype, t.odd, t.odds_type, t.outcome_id, t.special, rv.result, o.odd as current, m.match_date,
            m.status as match_status, m.bet_status, m.active as match_active, g.active as group_active, o.active as outcome_active
       from coupon_tips t
       join matches m on m.id = t.match_id
       left join odds_groups g on g.match_id = t.match_id and g.odds_type = t.odds_type and g.special = t.special
       left join outcomes o on o.group_id = g.id and o.outcome_id = t.outcome_id
       left join lateral (select r.result from result_versions r where r.match_id = t.match_id order by r.version desc limit 1) rv on true
      where t.coupon_id = any($1::bigint[]) order by t.coupon_id, t.id`,
    [couponIds],
  );
}

/** What a sell reads of the live feed (server/feed/live-state.ts LiveState). */
export type SellLive = Pick<LiveState, 'currentOdd' | 'getMatch'>;

/**
 * The current price of an open tip: null when it cannot be priced now. A tip whose match has
 * started (live, kicked off, or held by the live state) is priced from the live state, and only
 * while its live odd is open and not locked (a suspended market, a stopped match or a closed
 * outcome has no price); without a live state a started match has no price. A match still to
 * come is priced from its pre-match odd while betting on it is open.
 */
export function currentPrice(t: PricedTip, now: number, live: SellLive | undefined): number | null {
  const started = t.ttype === 'L' || t.match_status !== 'not_started' || t.match_date.getTime() <= now || live?.getMatch(t.match_id) !== undefined;
  if (started) {
    const cur = live?.currentOdd(t.match_id, t.odds_type, t.outcome_id, t.special);
    return cur && cur.open && !cur.locked ? cur.odd : null;
  }
  const open = t.bet_status === 'started' && t.match_active === 1 && t.group_active === 1 && t.outcome_active === 1;
  return open ? t.current : null;
}

/**
 * The offer of a coupon from its priced tips: each tip's outcome from its latest result, each
 * open tip at its current price (currentPrice), then domain/coupon/sell.ts sellPrice. The sell
 * and the auto cash-out watcher both price with it, so they cannot disagree.
 */
export function offerOf(c: SellRow, tips: readonly PricedTip[], now: number, live: SellLive | undefined): SellOffer {
  const sellTips: SellTip[] = tips.map((t) => {
    const outcome = settleTip({ oddsType: t.odds_type, outcomeId: t.outcome_id, special: t.special }, t.result ?? undefined);
    return { placedOdd: t.odd, currentOdd: outcome === 'open' ? currentPrice(t, now, live) : null, outcome };
  });
  return sellPrice({
    ticketStake: Number(c.ticket_stake), tips: sellTips, bonusPercent: c.bonus_percent, maxPay: Number(c.max_pay), marginPermille: SELL_MARGIN_PERMILLE,
  });
}

/**
 * Whether the house offers to buy the coupon back now, and for how much. Only TK and KK (section
 * 4); each open tip is priced at its current odd (currentPrice): pre-match from the database, a
 * started match from the live state. When an open tip has no price the sell is not offered and
 * the reply says why ('suspended').
 */
export async function sellOffer(q: Queryable, c: SellRow, now: number, lang: string, lock = false, live?: SellLive): Promise<SellType> {
  const no = (reason: NonNullable<SellType['reason']>): SellType =>
    ({ status: false, msg: message(reason === 'suspended' ? 'sellSuspended' : 'sellNotOffered', lang), amount: 0, reason });
  if (!canOfferSell({ status: c.status, ticketType: c.ticket_type })) return no('notOffered');
  const tips = await pricedTips(q, [c.id], lock);
  if (!tips.length) return no('notOffered');
  const offer = offerOf(c, tips, now, live);
  if (offer.offered) return { status: true, msg: '', amount: offer.amount };
  return no(offer.reason ?? 'notOffered');
}

/** The coupon row locked for a sale (a player's own, when userId is given). */
export async function lockCoupon(q: Queryable, couponId: number, userId: number): Promise<SellRow> {
  const [c] = await q.query<SellRow>(
    `select id, user_id, status, ticket_type, ticket_stake, total_stake, bonus_percent, max_pay, is_live
       from coupons where id = $1 and user_id = $2 for update`,
    [couponId, userId],
  );
  if (!c) throw new CallError(404, 'notFound');
  return c;
}

/** What a sale asks: the amount the player confirmed (the whole offer shown), the part to take now, and who asks. */
export interface SellAsk {
  /** The whole offer the player was shown; a moved price is refused with the new one. */
  expected?: number | undefined;
  /** Minor units to take now (domain/coupon/sell.ts partialSell); absent: the whole offer. */
  part?: number | undefined;
  /** The player's auto cash-out rule sells (recorded on the sale). */
  auto?: boolean;
}

export interface SellReply { status: true; msg: string; amount: number; part: number; whole: boolean }

/**
 * Sells a coupon, whole or a part. Whole: status 2, paid 1, canceled 0, pay date now, income the
 * sum of everything cashed out. A part: the coupon stays waiting with its stake and potential
 * payout reduced by partialSell. Either way the money is one ledger row and one coupon_sells row.
 * `expected` is the whole offer the player confirmed; when the price moved since, nothing is paid
 * and the reply carries the new amount to confirm again.
 */
export async function sellCoupon(db: Db, userId: number, couponId: number, now: number, lang: string, ask: SellAsk = {}, live?: SellLive): Promise<SellReply> {
  return db.tx((q) => sellCouponIn(q, userId, couponId, now, lang, ask, live));
}

/** sellCoupon in the caller's transaction (the back office's sell: its subtree check and audit row commit with it). */
export async function sellCouponIn(q: Queryable, userId: number, couponId: number, now: number, lang: string, ask: SellAsk = {}, live?: SellLive): Promise<SellReply> {
  const c = await lockCoupon(q, couponId, userId);
  if (c.status !== 0) throw new CallError(409, 'couponNotWaiting');
  // Live odds are read here, after the coupon row is locked: a concurrent sell waits on the lock
  // and then finds the coupon sold; a price that moved since the player's quote is refused below.
  const offer = await sellOffer(q, c, now, lang, true, live);
  if (!offer.status) throw new CallError(422, offer.reason === 'suspended' ? 'sellSuspended' : 'sellNotOffered');
  if (ask.expected !== undefined && ask.expected !== offer.amount) {
    throw new CallError(409, 'sellPriceChanged', { amount: formatAmount(offer.amount, '', lang) }, { amount: offer.amount });
  }
  const stake = Number(c.ticket_stake);
  const split = partialSell({
    offer: offer.amount, part: ask.part ?? offer.amount, ticketStake: stake, totalStake: Number(c.total_stake), maxPay: Number(c.max_pay),
  });
  if (!split.ok) throw new CallError(422, 'sellPartInvalid', { min: formatAmount(SELL_PART_MIN, '', lang) }, { amount: offer.amount, reason: split.reason });
  await postLedger(q, { userId, amount: split.paid, kind: 'sell', refType: 'coupon', refId: couponId });
  await q.query(
    'insert into coupon_sells (coupon_id, amount, offer, stake_before, stake_after, whole, auto, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)',
    [couponId, split.paid, offer.amount, stake, split.whole ? 0 : split.ticketStake, split.whole ? 1 : 0, ask.auto ? 1 : 0, new Date(now)],
  );
  if (split.whole) {
    await q.query(
      `update coupons set status = 2, paid = 1, canceled = 0, pay_date = $2,
              income = (select coalesce(sum(amount), 0) from coupon_sells where coupon_id = $1) where id = $1`,
      [couponId, new Date(now)],
    );
  } else {
    await reduceCoupon(q, couponId, c.ticket_type as CouponKind, split);
  }
  return { status: true as const, msg: message('couponSold', lang), amount: offer.amount, part: split.paid, whole: split.whole };
}

/**
 * A part sold: the coupon runs on with the reduced stake and potential payout, and so do its tips'
 * stake and payout (what the book's liability counts, domain/trading/liability.ts legPayouts). The
 * book's triggers count a tip only when it starts or stops riding, so the tips' old figures are
 * taken out first and the new ones put in after (migration 255's book_liability_rows).
 */
async function reduceCoupon(q: Queryable, couponId: number, kind: CouponKind, split: { ticketStake: number; totalStake: number; maxPay: number }): Promise<void> {
  const tips = await q.query<{ id: number | string; match_id: number; banko: number; odd: number }>(
    'select id, match_id, banko, odd from coupon_tips where coupon_id = $1 order by id', [couponId]);
  const ids = tips.map((t) => Number(t.id));
  const legs = tips.map((t) => ({ matchId: t.match_id, banko: t.banko === 1, odd: t.odd }));
  const stakes = stakeOnPicks(kind, legs, [], split.ticketStake);
  const pays = legPayouts(kind, legs, [], split.ticketStake, split.maxPay);
  await q.query('select book_liability_rows($1::bigint[], -1)', [ids]);
  await q.query(
    'update coupon_tips t set stake = x.stake, win_pay = x.pay from unnest($1::bigint[], $2::bigint[], $3::bigint[]) as x(id, stake, pay) where t.id = x.id',
    [ids, stakes, pays],
  );
  await q.query('update coupons set ticket_stake = $2, total_stake = $3, max_pay = $4 where id = $1', [couponId, split.ticketStake, split.totalStake, split.maxPay]);
  await q.query('select book_liability_rows($1::bigint[], 1)', [ids]);
}

/**
 * Cancels a waiting coupon: status -2, paid 1, canceled 0, the stake refunded through the ledger.
 * A normal cancel keeps the cancel window and is refused for a live coupon (section 8). With
 * reason 'print' it is a terminal's cancel of a coupon whose receipt failed to print, allowed by
 * the rule of domain/coupon/print-cancel.ts instead (a terminal, its own coupon, within 30 s of
 * creation, nothing settled).
 */
export async function cancelCoupon(db: Db, userId: number, couponId: number, now: number, lang: string, reason?: 'print'): Promise<{ status: true; msg: string; amount: number }> {
  return db.tx((q) => cancelCouponIn(q, userId, couponId, now, lang, reason));
}

/**
 * cancelCoupon in the caller's transaction. Reason 'backoffice': a dealer holding the cancelCoupon
 * permission (domain/backoffice/permissions.ts) cancels any waiting coupon of its subtree; the
 * permission replaces the player's cancel window (betting-core.md sections 4 and 6).
 */
export async function cancelCouponIn(q: Queryable, userId: number, couponId: number, now: number, lang: string, reason?: 'print' | 'backoffice'): Promise<{ status: true; msg: string; amount: number }> {
  {
    const c = await lockCoupon(q, couponId, userId);
    // Part of it was cashed out: a refund of the remaining stake on top of the parts paid could beat the offer.
    const [sold] = await q.query<{ n: number }>('select count(*)::int as n from coupon_sells where coupon_id = $1', [couponId]);
    if (c.status === 0 && sold!.n > 0) throw new CallError(409, 'cancelAfterPartSell');
    if (reason === 'backoffice') {
      if (c.status !== 0) throw new CallError(409, 'couponNotWaiting');
    } else if (reason === 'print') {
      const [k] = await q.query<{ user_type: string; created_at: Date; settled: number }>(
        `select u.user_type, c.created_at, (select count(*)::int from coupon_tips t where t.coupon_id = c.id and t.status <> 0) as settled
           from coupons c join users u on u.id = c.user_id where c.id = $1`, [couponId],
      );
      const state = printCancelState({ status: c.status, createdAt: k!.created_at.getTime(), settledTips: k!.settled }, { userType: k!.user_type }, now);
      if (state === 'notTerminal') throw new CallError(403, 'forbidden');
      if (state === 'notWaiting' || state === 'settled') throw new CallError(409, 'couponNotWaiting');
      if (state === 'expired') throw new CallError(422, 'cancelTimeExpired');
    } else {
      const [k] = await q.query<{ first: Date | null }>(
        'select min(m.match_date) as first from coupon_tips t join matches m on m.id = t.match_id where t.coupon_id = $1', [couponId],
      );
      const state = cancelState({ status: c.status, isLive: c.is_live, firstKickoff: k?.first?.getTime() ?? 0 }, now);
      if (state === 'notWaiting') throw new CallError(409, 'couponNotWaiting');
      if (state === 'live') throw new CallError(422, 'liveCouponCancel');
      if (state === 'expired') throw new CallError(422, 'cancelTimeExpired');
    }
    const stake = Number(c.total_stake);
    await postLedger(q, { userId, amount: stake, kind: 'refund', refType: 'coupon', refId: couponId });
    await q.query('update coupons set status = -2, paid = 1, canceled = 0, pay_date = $2, income = 0 where id = $1', [couponId, new Date(now)]);
    return { status: true as const, msg: message(reason === 'print' ? 'printCancelled' : 'couponCancelled', lang), amount: stake };
  }
}
