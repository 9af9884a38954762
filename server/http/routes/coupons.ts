import type { FastifyInstance } from 'fastify';
import { createCouponPayload } from '../../../domain/protocol/calls.ts';
import { createCoupon } from '../../betting/create-coupon.ts';
import { defineCall, type CallDeps } from '../call.ts';

export function registerCouponCalls(app: FastifyInstance, deps: CallDeps): void {
  defineCall(app, deps, 'createCoupon', createCouponPayload, async (p, ctx) => {
    const key = ctx.req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key.length > 0 && key.length <= 100 ? key : undefined;
    return { ...(await createCoupon(ctx.db, p, { userId: ctx.userId!, now: ctx.now, lang: ctx.lang, idempotencyKey, live: deps.live })) };
  }, { permission: 'sportUser|liveUser' });
  // couponList and getCouponDetail live in coupon-lifecycle.ts with the rest of the coupon's life.
}
