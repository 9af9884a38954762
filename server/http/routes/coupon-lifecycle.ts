/**
 * The coupon lifecycle calls (betting-core.md section 7): couponList with filters,
 * getCouponDetail with the sell offer, the public share calls (ticketDetail, shareCoupon),
 * sellCoupon, cancelCoupon and the receipt print page (results are entered through the back office's
 * bo/saveResult, behind its guard).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { guardUser } from '../../accounts/guard-user.ts';
import {
  cancelCouponPayload, clearAutoSellPayload, couponDetailPayload, couponShareTokenPayload, couponListPayload, sellCouponPayload, setAutoSellPayload, shareCouponPayload, ticketDetailPayload,
} from '../../../domain/protocol/calls.ts';
import { message } from '../../../domain/messages.ts';
import { couponDetail, couponLineRows, couponRow, couponSells, listCoupons, toItem, toLine } from '../../betting-lifecycle/coupon-queries.ts';
import { sharedCouponId, shareTokenOf } from '../../betting-lifecycle/coupon-shares.ts';
import { cancelCoupon, sellCoupon, sellOffer } from '../../betting-lifecycle/sell.ts';
import { autoSellOf, clearAutoSell, setAutoSell } from '../../betting-lifecycle/auto-sell.ts';
import { receiptHtml, type RetailReceipt } from '../../betting-lifecycle/print.ts';
import { countPrint, ticketOf } from '../../retail/tickets.ts';
import { TERMINAL_USER_TYPE } from '../../../domain/coupon/print-cancel.ts';
import { CallError, defineCall, type CallDeps } from '../call.ts';
import { SITE_SETTINGS } from '../../settings/site-settings.ts';
import { marketSettings } from '../../catalogue/markets.ts';
import { linesIn } from '../../retail/market-names.ts';

const DAY = 86_400_000;

/** Coupon calls need the sport or live product (status 1), the same rule as the router's guard. */
const BETTING = { permission: 'sportUser|liveUser' } as const;

export function registerCouponLifecycle(app: FastifyInstance, deps: CallDeps): void {
  defineCall(app, deps, 'couponList', couponListPayload, async (p, ctx) => {
    // Default range: coupons_day days back until the end of today.
    const end = p.endDate ? Date.parse(p.endDate) : ctx.now + DAY;
    const start = p.startDate ? Date.parse(p.startDate) : ctx.now - SITE_SETTINGS.coupons_day * DAY;
    // A user of type F gets no coupon list (section 6).
    if ((await guardUser(ctx.db, ctx.userId!))?.userType === 'F') throw new CallError(403, 'forbidden');
    const out = await listCoupons(ctx.db, ctx.userId!, {
      start, end,
      status: p.status === '' ? undefined : p.status,
      couponType: p.couponType === '' ? undefined : p.couponType,
      offset: p.order ?? 0, limit: p.limit,
    }, ctx.now);
    return { status: true, ...out };
  }, BETTING);

  defineCall(app, deps, 'getCouponDetail', couponDetailPayload, async (p, ctx) => {
    const detail = await couponDetail(ctx.db, ctx.userId!, p.ticketId, ctx.now);
    if (!detail) throw new CallError(404, 'notFound');
    const sellType = await sellOffer(ctx.db, detail.row, ctx.now, ctx.lang, false, deps.live);
    return {
      status: true, coupon: { result: detail.coupon }, results: await linesIn(ctx.db, detail.lines, ctx.lang), sellType,
      sells: await couponSells(ctx.db, p.ticketId), autoSell: await autoSellOf(ctx.db, p.ticketId),
    };
  }, BETTING);

  // The owner draws the coupon's share token (the same one on every call); the link carries only it.
  defineCall(app, deps, 'couponShareToken', couponShareTokenPayload, async (p, ctx) => {
    const token = await shareTokenOf(ctx.db, ctx.userId!, p.ticketId);
    if (!token) throw new CallError(404, 'notFound');
    return { status: true, token };
  }, BETTING);

  // Public: a random token names the coupon (its sequential id and owner open nothing); nothing about the player is sent.
  const shared = async (token: string, now: number, lang: string) => {
    const id = await sharedCouponId(deps.db, token);
    const row = id === null ? undefined : await couponRow(deps.db, id);
    if (id === null || !row) throw new CallError(404, 'notFound');
    const { paid: _p, payDate: _d, canceled: _c, cancelUntil: _u, cashedOut: _s, ...coupon } = toItem(row, now);
    return { coupon, results: await linesIn(deps.db, (await couponLineRows(deps.db, id)).map(toLine), lang) };
  };
  defineCall(app, deps, 'shareCoupon', shareCouponPayload, async (p, ctx) => ({ status: true, ...(await shared(p.token, ctx.now, ctx.lang)) }));
  defineCall(app, deps, 'ticketDetail', ticketDetailPayload, async (p, ctx) => {
    const s = await shared(p.token, ctx.now, ctx.lang);
    return { status: true, results: s.results, coupon: s.coupon };
  });

  defineCall(app, deps, 'sellCoupon', sellCouponPayload, async (p, ctx) => {
    const r = await sellCoupon(ctx.db, ctx.userId!, p.ticketId, ctx.now, ctx.lang, { expected: p.amount, part: p.part }, deps.live);
    // A part changes the stake an auto rule prices; a whole sale ends the rule.
    await deps.autoSell?.changed(p.ticketId);
    return { ...r, ...(r.whole ? {} : { msg: message('couponPartSold', ctx.lang, { amount: (r.part / 100).toFixed(2) }) }) };
  }, BETTING);

  defineCall(app, deps, 'setAutoSell', setAutoSellPayload, async (p, ctx) => {
    const rule = await setAutoSell(ctx.db, ctx.userId!, p.ticketId, { target: p.target, part: p.part }, ctx.now, ctx.lang, deps.live);
    await deps.autoSell?.changed(p.ticketId);
    return { status: true, msg: message('autoSellSaved', ctx.lang), autoSell: rule };
  }, BETTING);

  defineCall(app, deps, 'clearAutoSell', clearAutoSellPayload, async (p, ctx) => {
    await clearAutoSell(ctx.db, ctx.userId!, p.ticketId);
    await deps.autoSell?.changed(p.ticketId);
    return { status: true, msg: message('autoSellRemoved', ctx.lang), autoSell: await autoSellOf(ctx.db, p.ticketId) };
  }, BETTING);

  defineCall(app, deps, 'cancelCoupon', cancelCouponPayload, async (p, ctx) => ({
    ...(await cancelCoupon(ctx.db, ctx.userId!, p.ticketId, ctx.now, ctx.lang, p.reason)),
  }), BETTING);

  // GET /ekol/user/printer/{lang}/{id}?timezone={tz}: the owner's receipt, printed 1 s after load.
  app.get<{ Params: { lang: string; id: string }; Querystring: { timezone?: string } }>('/ekol/user/printer/:lang/:id', async (req, reply) => {
    const lang = /^[a-z]{2}$/.test(req.params.lang) ? req.params.lang : 'tr';
    const now = deps.clock();
    const userId = await req.sessionUser(now);
    const id = Number(req.params.id);
    const page = (code: number, text: string) =>
      reply.code(code).header('content-type', 'text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8"><title>${text}</title><p>${text}</p>`);
    if (userId === null) return page(401, message('loginRequired', lang));
    if (!Number.isSafeInteger(id) || id <= 0) return page(404, message('notFound', lang));
    const detail = await couponDetail(deps.db, userId, id, now);
    if (!detail) return page(404, message('notFound', lang));
    const [w] = await deps.db.query<{ currency: string; terminal_no: string; user_type: string }>('select currency, terminal_no, user_type from users where id = $1', [userId]);
    // A terminal's coupon is a bearer ticket: its code is issued on the first receipt;
    // a reprint is counted and marked, and only the terminal's last ticket may be reprinted.
    let ticket: RetailReceipt | undefined;
    if (w?.user_type === TERMINAL_USER_TYPE) {
      const printed = await deps.db.tx(async (q) => {
        const t = await ticketOf(q, id, userId, now);
        const n = await countPrint(q, t);
        return n && { code: t.code, expiresAt: new Date(t.expires_at).toISOString(), ...n };
      });
      if (!printed) return page(409, message('reprintLastOnly', lang));
      ticket = printed;
    }
    const tz = typeof req.query.timezone === 'string' && req.query.timezone.length <= 64 ? req.query.timezone : 'UTC';
    const nonce = randomBytes(16).toString('base64');
    await marketSettings(deps.db); // the market names the receipt prints, as last saved
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'nonce-${nonce}'`)
      .send(receiptHtml(detail.coupon, detail.lines, { lang, timeZone: tz, currency: w?.currency === 'TRY' ? 'TL' : (w?.currency ?? ''), nonce, terminalNo: w?.terminal_no ?? '', ...(ticket ? { ticket } : {}) }));
  });
}
