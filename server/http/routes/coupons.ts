import type { FastifyInstance } from 'fastify';
import { couponDetailPayload, couponListPayload, createCouponPayload } from '../../../domain/protocol/calls.ts';
import { createCoupon } from '../../betting/create-coupon.ts';
import { couponDetail, COUPONS_PAGE, listCoupons } from '../../db/queries/coupons.ts';
import { CallError, defineCall, type CallDeps } from '../call.ts';
import { SITE_SETTINGS } from './settings.ts';

const DAY = 86_400_000;

export function registerCouponCalls(app: FastifyInstance, deps: CallDeps): void {
  defineCall(app, deps, 'createCoupon', createCouponPayload, async (p, ctx) => {
    const key = ctx.req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key.length > 0 && key.length <= 100 ? key : undefined;
    return { ...(await createCoupon(ctx.db, p, { userId: ctx.userId!, now: ctx.now, lang: ctx.lang, idempotencyKey })) };
  }, { auth: true });

  defineCall(app, deps, 'couponList', couponListPayload, async (p, ctx) => {
    // Default range: coupons_day days back until the end of today.
    const end = p.endDate ? Date.parse(p.endDate) : ctx.now + DAY;
    const start = p.startDate ? Date.parse(p.startDate) : ctx.now - SITE_SETTINGS.coupons_day * DAY;
    const out = await listCoupons(ctx.db, ctx.userId!, {
      start, end,
      status: p.status === '' ? undefined : p.status,
      couponType: p.couponType === '' ? undefined : p.couponType,
      offset: p.order ?? 0, limit: p.limit ?? COUPONS_PAGE,
    });
    return { status: true, ...out };
  }, { auth: true });

  defineCall(app, deps, 'getCouponDetail', couponDetailPayload, async (p, ctx) => {
    const detail = await couponDetail(ctx.db, ctx.userId!, p.ticketId);
    if (!detail) throw new CallError(404, 'notFound');
    return { status: true, coupon: { result: detail.coupon }, results: detail.lines, sellType: { status: false, msg: '' } };
  }, { auth: true });
}
