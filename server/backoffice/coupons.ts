/**
 * Coupons of the subtree (betting-core.md sections 4 and 6): search, detail and the actions a
 * permission allows (cancel, set waiting, sell) plus the shop's payout of a winning ticket, once.
 * Each action locks the coupon, checks the subtree and writes its audit row in one transaction.
 */
import type { z } from 'zod';
import { paymentStateOf } from '../../domain/backoffice/figures.ts';
import { ROLE_LETTERS } from '../../domain/backoffice/permissions.ts';
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { message } from '../../domain/messages.ts';
import type { BoCoupon, BoCouponDetailReply, boCouponsPayload } from '../../domain/backoffice/calls.ts';
import { cancelCouponIn, sellCouponIn, type SellLive } from '../betting-lifecycle/sell.ts';
import { notYours, scopeSql, type BoActor, type BoContext } from './guard.ts';
import { post } from './money.ts';
import { payCouponOnce } from '../retail/tickets.ts';
import { releaseLiability } from '../retail/liability.ts';

/**
 * The most rows a coupon search counts: beyond it the total shows as this number (20 pages of 50).
 * An exact count of a big dealer's subtree reads every coupon of the period; counted in creation
 * order like the page, it stops at the cap.
 */
export const COUPON_COUNT_CAP = 1_000;

interface CouponRow {
  id: number; user_id: number; username: string; user_type: string; parent_id: number | null; dealer_name: string | null; ticket_type: string; is_live: number; status: number;
  total_stake: number; max_pay: number; income: number; shop_paid_at: Date | null; created_at: Date;
}
const COUPON_COLUMNS = `c.id, c.user_id, u.username, u.user_type, u.parent_id, d.username as dealer_name, c.ticket_type, c.is_live, c.status, c.total_stake, c.max_pay, c.income,
  c.shop_paid_at, c.created_at`;
const COUPON_FROM = 'from coupons c join users u on u.id = c.user_id left join users d on d.id = u.parent_id';
const couponOf = (r: CouponRow): BoCoupon => ({
  id: Number(r.id), userId: r.user_id, userName: r.username, dealerId: r.parent_id, dealerName: r.dealer_name ?? '', ticketType: r.ticket_type, isLive: r.is_live,
  status: r.status, totalStake: Number(r.total_stake), maxWinning: Number(r.max_pay), winAmount: Number(r.income), paid: r.shop_paid_at ? 1 : 0,
  createdAt: new Date(r.created_at).toISOString(),
  payState: paymentStateOf({ status: r.status, income: Number(r.income), terminal: r.user_type === ROLE_LETTERS.terminal, shopPaid: !!r.shop_paid_at }),
});

/** A page of the subtree's coupons, newest first, with the filters of the search form. */
export async function couponSearch(q: Queryable, a: BoActor, p: z.infer<typeof boCouponsPayload>, perUserMax = PER_USER_MAX) {
  const args: unknown[] = [a.userId];
  const where: string[] = [];
  if (p.couponId) { args.push(p.couponId); where.push(`c.id = $${args.length}`); }
  if (p.userId) { args.push(p.userId); where.push(`c.user_id = $${args.length}`); }
  if (p.userName) { args.push(p.userName); where.push(`c.user_id = (select id from users where username = $${args.length})`); }
  if (p.dealerId) { args.push(p.dealerId); where.push(`exists (select 1 from user_tree dt where dt.ancestor_id = $${args.length} and dt.descendant_id = c.user_id)`); }
  if (p.from) { args.push(p.from); where.push(`c.created_at >= $${args.length}::date`); }
  if (p.to) { args.push(p.to); where.push(`c.created_at < $${args.length}::date + 1`); }
  if (p.status !== undefined) { args.push(p.status); where.push(`c.status = $${args.length}`); }
  if (p.ticketType) { args.push(p.ticketType); where.push(`c.ticket_type = $${args.length}`); }
  if (p.isLive !== undefined) { args.push(p.isLive); where.push(`c.is_live = $${args.length}`); }
  const filters = where.length ? where.join(' and ') : 'true';
  const dir = p.dir === 'asc' ? 'asc' : 'desc';
  const sortCol = p.sort === 'totalStake' ? 'c.total_stake' : p.sort === 'winAmount' ? 'c.income' : 'c.created_at';
  const order = `${sortCol} ${dir}, c.id ${dir}`;
  const offset = p.order * p.limit;
  // A small subtree is read user by user (each player's coupons by coupons_user_date_idx); a big
  // one, the team's whole network or a search for one coupon or user, in creation order
  // (coupons_created_idx), keeping the rows of the subtree.
  const perUser = !a.team && !p.couponId && !p.userId && !p.userName && perUserMax > 0 && (await subtreeSize(q, a.userId, perUserMax)) <= perUserMax;
  const [countSql, pageSql] = perUser
    ? [
      `select count(*)::int as n from (select 1 from user_tree t cross join lateral (select 1 from coupons c where c.user_id = t.descendant_id and ${filters} limit ${COUPON_COUNT_CAP}) x
        where t.ancestor_id = $1 limit ${COUPON_COUNT_CAP}) y`,
      // The page's ids come from the index alone (coupons_user_created_cover_idx); only they are read from the table.
      `select ${COUPON_COLUMNS} from (
          select x.id, x.k from user_tree t cross join lateral (
            select c.id, ${sortCol} as k from coupons c where c.user_id = t.descendant_id and ${filters} order by ${order} limit ${offset + p.limit}) x
           where t.ancestor_id = $1 order by x.k ${dir}, x.id ${dir} limit ${p.limit} offset ${offset}) page
         join coupons c on c.id = page.id join users u on u.id = c.user_id left join users d on d.id = u.parent_id
        order by ${order}`,
    ]
    : [
      `select count(*)::int as n from (select 1 from coupons c where ${scopeSql(a, 'c.user_id', 1)} and ${filters} order by c.created_at desc, c.id desc limit ${COUPON_COUNT_CAP}) x`,
      `select ${COUPON_COLUMNS} ${COUPON_FROM} where ${scopeSql(a, 'c.user_id', 1)} and ${filters} order by ${order} limit ${p.limit} offset ${offset}`,
    ];
  // The count and the page go on two connections at once where the driver has a pool.
  const [[count], rows] = await Promise.all([q.query<{ n: number }>(countSql, args), q.query<CouponRow>(pageSql, args)]);
  return { status: true as const, totalCount: count?.n ?? 0, results: rows.map(couponOf) };
}

/** Up to this many users below a dealer, its coupons are searched user by user. */
export const PER_USER_MAX = 1_000;

/** How many users are below a node (stops counting past `limit`). */
async function subtreeSize(q: Queryable, userId: number, limit: number): Promise<number> {
  const [r] = await q.query<{ n: number }>(`select count(*)::int as n from (select 1 from user_tree where ancestor_id = $1 limit ${limit + 1}) x`, [userId]);
  return r?.n ?? 0;
}

/** Locks a coupon of the subtree (not yours = not found). */
async function lockCoupon(q: Queryable, a: BoActor, couponId: number): Promise<CouponRow & { settled_income: number }> {
  const [c] = await q.query<CouponRow & { settled_income: number }>(
    `select ${COUPON_COLUMNS}, c.settled_income ${COUPON_FROM} where c.id = $2 and ${scopeSql(a, 'c.user_id', 1)} for update of c`, [a.userId, couponId]);
  if (!c) throw notYours();
  return c;
}

export async function couponDetail(q: Queryable, a: BoActor, couponId: number): Promise<BoCouponDetailReply> {
  const [c] = await q.query<CouponRow>(`select ${COUPON_COLUMNS} ${COUPON_FROM} where c.id = $2 and ${scopeSql(a, 'c.user_id', 1)}`, [a.userId, couponId]);
  if (!c) throw notYours();
  const lines = await q.query<{ match_id: number; home: string; away: string; odds_type: number; outcome_id: number; odd: number; status: number; banko: number }>(
    `select t.match_id, h.name as home, w.name as away, t.odds_type, t.outcome_id, t.odd, t.status, t.banko
       from coupon_tips t join matches m on m.id = t.match_id join teams h on h.id = m.home_id join teams w on w.id = m.away_id
      where t.coupon_id = $1 order by t.id`, [couponId]);
  return {
    status: true, coupon: couponOf(c),
    lines: lines.map((l) => ({ matchId: l.match_id, matchName: `${l.home} - ${l.away}`, oddsType: l.odds_type, outcomeId: l.outcome_id, odd: l.odd, status: l.status, isBanko: l.banko })),
  };
}

/** Cancels a waiting coupon of the subtree (cancelCoupon permission), refunding the stake to its player. */
export async function boCancelCoupon(q: Queryable, ctx: BoContext, couponId: number, reason: string) {
  const c = await lockCoupon(q, ctx.actor, couponId);
  const r = await cancelCouponIn(q, c.user_id, couponId, ctx.now, ctx.lang, 'backoffice');
  await ctx.audit(q, { action: 'cancelCoupon', objectType: 'coupon', objectId: couponId, before: { status: c.status }, after: { status: -2, refund: r.amount, reason } });
  return r;
}

/** Sells a waiting coupon of the subtree for its player at the current price (sellCoupon permission). */
export async function boSellCoupon(q: Queryable, ctx: BoContext, couponId: number, live?: SellLive) {
  const c = await lockCoupon(q, ctx.actor, couponId);
  const r = await sellCouponIn(q, c.user_id, couponId, ctx.now, ctx.lang, undefined, live);
  await ctx.audit(q, { action: 'sellCoupon', objectType: 'coupon', objectId: couponId, before: { status: c.status }, after: { status: 2, amount: r.amount } });
  return r;
}

/**
 * Sets a cancelled or settled coupon back to waiting (setCouponWaiting permission): what it paid
 * (the cancel refund, the settled payout) is taken back through the ledger, and settlement will
 * settle it again. A sold coupon or one paid out at the shop stays as it is.
 */
export async function setCouponWaiting(q: Queryable, ctx: BoContext, couponId: number) {
  const c = await lockCoupon(q, ctx.actor, couponId);
  if (c.shop_paid_at) throw new CallError(409, 'alreadyPaid', {}, { error: 'alreadyPaid' });
  if (![-2, -1, 1].includes(c.status)) throw new CallError(409, 'couponNotWaiting', {}, { error: 'couponNotWaiting' });
  const back = c.status === -2 ? Number(c.total_stake) : Number(c.settled_income);
  // A shop ticket's win is held in its liability, not the till: it comes back before it is reversed.
  if (c.status === 1) await releaseLiability(q, couponId, ctx.now);
  if (back > 0) await post(q, { userId: c.user_id, amount: -back, kind: 'reversal', refType: 'coupon', refId: couponId });
  await q.query(
    `update coupons set status = 0, paid = 0, pay_date = null, income = 0, settled_income = 0, settled_fp = '' where id = $1`, [couponId]);
  await ctx.audit(q, { action: 'setCouponWaiting', objectType: 'coupon', objectId: couponId, before: { status: c.status }, after: { status: 0, reversed: back } });
  return { status: true as const, msg: message('couponSetWaiting', ctx.lang), amount: back };
}

/** The shop pays a winning ticket out at the counter: marked once, by whom and when. */
export async function markCouponPaid(q: Queryable, ctx: BoContext, couponId: number) {
  await lockCoupon(q, ctx.actor, couponId);
  // The one rule of paying a ticket once, shared with the kiosk (server/retail/tickets.ts).
  const amount = await payCouponOnce(q, couponId, ctx.actor.userId, ctx.now);
  await ctx.audit(q, { action: 'markCouponPaid', objectType: 'coupon', objectId: couponId, after: { paidAt: new Date(ctx.now).toISOString(), amount } });
  return { status: true as const, msg: message('couponPaid', ctx.lang), amount };
}
