/** Back-office coupon calls: search and detail of the subtree, and the actions a permission allows. */
import type { FastifyInstance } from 'fastify';
import { boCalls } from '../bo-call.ts';
import { boCancelCoupon, boSellCoupon, couponDetail, couponSearch, markCouponPaid, setCouponWaiting } from '../../backoffice/coupons.ts';
import type { CallDeps } from '../call.ts';

export function registerBoCouponCalls(app: FastifyInstance, deps: CallDeps): void {
  const call = boCalls(app, deps);
  call('bo/coupons', async (p, ctx) => couponSearch(ctx.db, ctx.actor, p));
  call('bo/couponDetail', async (p, ctx) => ({ ...(await couponDetail(ctx.db, ctx.actor, p.couponId)) }));
  call('bo/cancelCoupon', async (p, ctx) => ({ ...(await ctx.db.tx((q) => boCancelCoupon(q, ctx, p.couponId, p.reason ?? ''))) }));
  call('bo/sellCoupon', async (p, ctx) => ({ ...(await ctx.db.tx((q) => boSellCoupon(q, ctx, p.couponId, deps.live))) }));
  call('bo/setCouponWaiting', async (p, ctx) => ({ ...(await ctx.db.tx((q) => setCouponWaiting(q, ctx, p.couponId))) }));
  call('bo/markCouponPaid', async (p, ctx) => ({ ...(await ctx.db.tx((q) => markCouponPaid(q, ctx, p.couponId))) }));
}
