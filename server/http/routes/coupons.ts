import type { FastifyInstance } from 'fastify';
import { createCouponPayload } from '../../../domain/protocol/calls.ts';
import { placementRequest } from '../../betting/create-coupon.ts';
import { createPlacementQueue } from '../../betting/placement-queue.ts';
import { checkLiveBetting } from '../../trading/live-rules.ts';
import { defineCall, type CallDeps } from '../call.ts';

export function registerCouponCalls(app: FastifyInstance, deps: CallDeps): void {
  // Placements of several players share a transaction when they arrive together (group commit).
  const placements = createPlacementQueue(deps.db);
  defineCall(app, deps, 'createCoupon', createCouponPayload, async (p, ctx) => {
    const key = ctx.req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key.length > 0 && key.length <= 100 ? key : undefined;
    // Live betting's IP permissions and live odd types per sport (back office).
    await checkLiveBetting(deps.db, p, ctx.req.ip, ctx.now, ctx.lang, (id) => deps.live?.getMatch(id)?.sid);
    const req = placementRequest(p, { userId: ctx.userId!, now: ctx.now, lang: ctx.lang, idempotencyKey, live: deps.live });
    return { ...(await placements.place(req)) };
  }, { permission: 'sportUser|liveUser' });
  // couponList and getCouponDetail live in coupon-lifecycle.ts with the rest of the coupon's life.
}
