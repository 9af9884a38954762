/**
 * Sell (cash out) and cancel of a waiting coupon (betting-core.md section 4). Both run in one
 * transaction that locks the coupon row first: settlement (server/settlement) locks the same row,
 * so a sell racing a settlement, a cancel, or another sell sees the other's status and refuses,
 * and the price is computed from odds read under a share lock, so an odds change cannot slip in
 * between the quote and the payment.
 */
import type { Db, Queryable } from '../db/client.ts';
import { canOfferSell, sellPrice, type SellTip } from '../../domain/coupon/sell.ts';
import { settleTip } from '../../domain/coupon/settle.ts';
import type { MatchResult } from '../../domain/coupon/result.ts';
import type { SellType } from '../../domain/protocol/coupons.ts';
import { message } from '../../domain/messages.ts';
import { postLedger } from '../wallet/ledger.ts';
import { CallError } from '../http/call.ts';
import { cancelState, SELL_MARGIN_PERMILLE } from './rules.ts';

interface SellRow {
  id: number; user_id: number; status: number; ticket_type: string; ticket_stake: number; total_stake: number;
  bonus_percent: number; max_pay: number; is_live: number;
}

interface PricedTip {
  odd: number; odds_type: number; outcome_id: number; special: string; result: MatchResult | null;
  current: number | null; match_date: Date; match_status: string; bet_status: string; match_active: number;
  group_active: number | null; outcome_active: number | null;
}

/**
 * The tips of a coupon with their latest result and current pre-match odd. `lock` takes a share
 * lock on the outcome rows, so the odds cannot change until the sell commits.
 */
async function pricedTips(q: Queryable, couponId: number, lock: boolean): Promise<PricedTip[]> {
  // A lock cannot sit on the nullable side of an outer join: lock the outcomes that exist first.
  if (lock) {
    await q.query(
      `select o.id from coupon_tips t
         join odds_groups g on g.match_id = t.match_id and g.odds_type = t.odds_type and g.special = t.special
         join outcomes o on o.group_id = g.id and o.outcome_id = t.outcome_id
        where t.coupon_id = $1 order by o.id for share of o`,
      [couponId],
    );
  }
  return q.query<PricedTip>(
    `select t.odd, t.odds_type, t.outcome_id, t.special, rv.result, o.odd as current, m.match_date, m.status as match_status,
            m.bet_status, m.active as match_active, g.active as group_active, o.active as outcome_active
       from coupon_tips t
       join matches m on m.id = t.match_id
       left join odds_groups g on g.match_id = t.match_id and g.odds_type = t.odds_type and g.special = t.special
       left join outcomes o on o.group_id = g.id and o.outcome_id = t.outcome_id
       left join lateral (select r.result from result_versions r where r.match_id = t.match_id order by r.version desc limit 1) rv on true
      where t.coupon_id = $1 order by t.id`,
    [couponId],
  );
}

/**
 * Whether the house offers to buy the coupon back now, and for how much. Only TK and KK (section
 * 4); an open tip is priced from its current pre-match odd when betting on it is open. A started
 * match has no pre-match price and the live price is not read here, so such a coupon is not
 * offered (the reply says why).
 */
export async function sellOffer(q: Queryable, c: SellRow, now: number, lang: string, lock = false): Promise<SellType> {
  const no = (): SellType => ({ status: false, msg: message('sellNotOffered', lang), amount: 0 });
  if (!canOfferSell({ status: c.status, ticketType: c.ticket_type })) return no();
  const tips = await pricedTips(q, c.id, lock);
  if (!tips.length) return no();
  const sellTips: SellTip[] = tips.map((t) => {
    const outcome = settleTip({ oddsType: t.odds_type, outcomeId: t.outcome_id, special: t.special }, t.result ?? undefined);
    const open = t.match_status === 'not_started' && t.match_date.getTime() > now && t.bet_status === 'started'
      && t.match_active === 1 && t.group_active === 1 && t.outcome_active === 1;
    return { placedOdd: t.odd, currentOdd: open ? t.current : null, outcome };
  });
  const offer = sellPrice({
    ticketStake: Number(c.ticket_stake), tips: sellTips, bonusPercent: c.bonus_percent, maxPay: Number(c.max_pay), marginPermille: SELL_MARGIN_PERMILLE,
  });
  return offer.offered ? { status: true, msg: '', amount: offer.amount } : no();
}

async function lockCoupon(q: Queryable, couponId: number, userId: number): Promise<SellRow> {
  const [c] = await q.query<SellRow>(
    `select id, user_id, status, ticket_type, ticket_stake, total_stake, bonus_percent, max_pay, is_live
       from coupons where id = $1 and user_id = $2 for update`,
    [couponId, userId],
  );
  if (!c) throw new CallError(404, 'notFound');
  return c;
}

/**
 * Sells a coupon: status 2, paid 1, canceled 0, pay date now, the price credited through the
 * ledger. `expected` is the amount the player confirmed; when the price moved since, nothing is
 * paid and the reply carries the new amount to confirm again.
 */
export async function sellCoupon(db: Db, userId: number, couponId: number, now: number, lang: string, expected?: number): Promise<{ status: true; msg: string; amount: number }> {
  return db.tx(async (q) => {
    const c = await lockCoupon(q, couponId, userId);
    if (c.status !== 0) throw new CallError(409, 'couponNotWaiting');
    const offer = await sellOffer(q, c, now, lang, true);
    if (!offer.status) throw new CallError(422, 'sellNotOffered');
    if (expected !== undefined && expected !== offer.amount) {
      throw new CallError(409, 'sellPriceChanged', { amount: (offer.amount / 100).toFixed(2) }, { amount: offer.amount });
    }
    await postLedger(q, { userId, amount: offer.amount, kind: 'sell', refType: 'coupon', refId: couponId });
    await q.query('update coupons set status = 2, paid = 1, canceled = 0, pay_date = $2, income = $3 where id = $1', [couponId, new Date(now), offer.amount]);
    return { status: true as const, msg: message('couponSold', lang), amount: offer.amount };
  });
}

/**
 * Cancels a waiting coupon within the cancel window: status -2, paid 1, canceled 0, the stake
 * refunded through the ledger. Refused for a live coupon and after the window (section 8).
 */
export async function cancelCoupon(db: Db, userId: number, couponId: number, now: number, lang: string): Promise<{ status: true; msg: string; amount: number }> {
  return db.tx(async (q) => {
    const c = await lockCoupon(q, couponId, userId);
    const [k] = await q.query<{ first: Date | null }>(
      'select min(m.match_date) as first from coupon_tips t join matches m on m.id = t.match_id where t.coupon_id = $1', [couponId],
    );
    const state = cancelState({ status: c.status, isLive: c.is_live, firstKickoff: k?.first?.getTime() ?? 0 }, now);
    if (state === 'notWaiting') throw new CallError(409, 'couponNotWaiting');
    if (state === 'live') throw new CallError(422, 'liveCouponCancel');
    if (state === 'expired') throw new CallError(422, 'cancelTimeExpired');
    const stake = Number(c.total_stake);
    await postLedger(q, { userId, amount: stake, kind: 'refund', refType: 'coupon', refId: couponId });
    await q.query('update coupons set status = -2, paid = 1, canceled = 0, pay_date = $2, income = 0 where id = $1', [couponId, new Date(now)]);
    return { status: true as const, msg: message('couponCancelled', lang), amount: stake };
  });
}
