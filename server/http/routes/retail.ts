/**
 * Retail calls: `ticketCheck` (no login, rate-limited so codes cannot be enumerated),
 * `redeemTicket` (a terminal or a dealer with markCouponPaid), `saveBooking`, `loadBooking`, and
 * the kiosk's `kioskCredit`, `cashIn` (the bill acceptor's bridge, or the demo button in demo mode)
 * and `cashOut`. The rules live in server/retail/.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { emptyPayload } from '../../../domain/protocol/calls.ts';
import {
  cashInPayload, cashOutPayload, reportTotal, zReportPayload, pairTerminalPayload, shopReportPayload, terminalPairingPayload, loadBookingPayload, redeemTicketPayload, saveBookingPayload, ticketCheckPayload, type RedeemReply,
} from '../../../domain/retail/calls.ts';
import { message } from '../../../domain/messages.ts';
import { TERMINAL_USER_TYPE } from '../../../domain/coupon/print-cancel.ts';
import { CallError, defineCall, type CallContext, type CallDeps } from '../call.ts';
import { SESSION_COOKIE } from '../../accounts/sessions.ts';
import { loadActor, requireScope, type BoContext } from '../../backoffice/guard.ts';
import { defineBoCall } from '../bo-call.ts';
import { shopReport } from '../../retail/reports.ts';
import { newPairingCode, usePairingCode } from '../../retail/pairing.ts';
import { createSession, deleteSession } from '../../accounts/sessions.ts';
import { writeAudit } from '../../backoffice/audit.ts';
import { markCouponPaid } from '../../backoffice/coupons.ts';
import { bearerCode, checkTicket, payCouponOnce, ticketByCode } from '../../retail/tickets.ts';
import { cashIn, cashOut, issueVoucher, kioskCredit, redeemVoucher, shopOf, voucherOf } from '../../retail/vouchers.ts';
import { voucherHtml } from '../../retail/voucher-print.ts';
import { zReportHtml } from '../../retail/z-print.ts';
import { retail } from '../../retail/settings.ts';
import { randomBytes } from 'node:crypto';
import { loadBooking, saveBooking } from '../../retail/booking.ts';

/** A code check answers at most this often per address and minute (65-bit codes; this only stops floods). */
const CHECK_RATE = { max: 30, timeWindow: 60_000 };

async function userTypeOf(ctx: CallContext): Promise<string> {
  const [u] = await ctx.db.query<{ user_type: string }>('select user_type from users where id = $1', [ctx.userId]);
  return u?.user_type ?? '';
}

/** A terminal's session, or the refusal. */
async function requireTerminal(ctx: CallContext): Promise<number> {
  if ((await userTypeOf(ctx)) !== TERMINAL_USER_TYPE) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
  return ctx.userId!;
}

export function registerRetailCalls(app: FastifyInstance, deps: CallDeps, opts: { demo?: boolean; sessionTtl?: number; cookieSecure?: boolean } = {}): void {
  // Demo mode shows the kiosk's cash button (server/config.ts reads DEMO the same way).
  const demo = opts.demo ?? process.env.DEMO !== '0';
  defineCall(app, deps, 'ticketCheck', ticketCheckPayload, async (p, ctx) => ({ ...(await checkTicket(ctx.db, p.code, ctx.now, ctx.lang)) }), { rateLimit: CHECK_RATE });

  defineCall(app, deps, 'redeemTicket', redeemTicketPayload, async (p, ctx): Promise<RedeemReply & Record<string, unknown>> => {
    const code = bearerCode(p.code);
    if ((await userTypeOf(ctx)) === TERMINAL_USER_TYPE) {
      // A kiosk of the ticket's shop pays a win as a voucher; a voucher becomes the kiosk's credit.
      return ctx.db.tx(async (q) => {
        const t = await ticketByCode(q, code);
        if (t) {
          if (t.shop_id !== (await shopOf(q, ctx.userId!))) throw new CallError(409, 'otherShop', {}, { error: 'otherShop' });
          const amount = await payCouponOnce(q, Number(t.coupon_id), ctx.userId!, ctx.now);
          const voucher = await issueVoucher(q, ctx.userId!, amount, 'ticket', Number(t.coupon_id), ctx.now);
          return { status: true, msg: message('ticketPaidVoucher', ctx.lang), kind: 'ticket', amount, voucher };
        }
        const amount = await redeemVoucher(q, code, { userId: ctx.userId!, terminal: true }, ctx.now);
        if (amount === null) throw new CallError(404, 'ticketNotFound', {}, { error: 'ticketNotFound' });
        return { status: true, msg: message('voucherCredited', ctx.lang), kind: 'voucher', amount, voucher: null };
      });
    }
    // The shop's counter: a dealer of the ticket's subtree pays cash (bo/markCouponPaid's rule and audit).
    const actor = await loadActor(ctx.db, ctx.userId!, ctx.req.cookies[SESSION_COOKIE], ctx.now);
    if (!actor || actor.needOtp || !actor.permissions.includes('markCouponPaid')) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
    const boCtx: BoContext = {
      ...ctx, actor, idempotencyKey: undefined,
      audit: (q, e) => writeAudit(q, { ...e, actorId: actor.userId, role: actor.role, address: ctx.req.ip, at: ctx.now }),
    };
    return ctx.db.tx(async (q) => {
      const t = await ticketByCode(q, code);
      if (t) {
        const r = await markCouponPaid(q, boCtx, Number(t.coupon_id));
        return { status: true, msg: r.msg, kind: 'ticket', amount: r.amount, voucher: null };
      }
      const [v] = await q.query<{ terminal_id: number; id: number }>('select id, terminal_id from retail_vouchers where code = $1', [code]);
      if (!v) throw new CallError(404, 'ticketNotFound', {}, { error: 'ticketNotFound' });
      await requireScope(q, actor, v.terminal_id);
      const amount = (await redeemVoucher(q, code, { userId: actor.userId, terminal: false }, ctx.now))!;
      await boCtx.audit(q, { action: 'redeemVoucher', objectType: 'voucher', objectId: Number(v.id), after: { amount } });
      return { status: true, msg: message('voucherPaid', ctx.lang), kind: 'voucher', amount, voucher: null };
    });
  }, { auth: true, rateLimit: CHECK_RATE });

  defineCall(app, deps, 'saveBooking', saveBookingPayload, async (p, ctx) => ({ ...(await saveBooking(ctx.db, ctx.userId, p, ctx.now)) }), { rateLimit: CHECK_RATE });

  defineCall(app, deps, 'loadBooking', loadBookingPayload, async (p, ctx) => ({ ...(await loadBooking(ctx.db, p.code, ctx.now, deps.live)) }), { rateLimit: CHECK_RATE });

  defineCall(app, deps, 'kioskCredit', emptyPayload, async (_p, ctx) => {
    const terminalId = await requireTerminal(ctx);
    const { kioskIdleWarnSec, kioskIdleResetSec } = retail();
    return { status: true, credit: await kioskCredit(ctx.db, terminalId, ctx.now), demo, idleWarnSec: kioskIdleWarnSec, idleResetSec: kioskIdleResetSec };
  }, { auth: true });

  // The bill acceptor's bridge runs on the kiosk with the kiosk's session; in demo mode a button calls it.
  defineCall(app, deps, 'cashIn', cashInPayload, async (p, ctx) => {
    const terminalId = await requireTerminal(ctx);
    const r = await ctx.db.tx((q) => cashIn(q, terminalId, p.amount, p.noteId, ctx.now));
    return { status: true, msg: message('cashInDone', ctx.lang), ...r };
  }, { auth: true });

  defineCall(app, deps, 'cashOut', cashOutPayload, async (_p, ctx) => {
    const terminalId = await requireTerminal(ctx);
    const voucher = await ctx.db.tx((q) => cashOut(q, terminalId, ctx.now));
    return { status: true, msg: message('voucherIssued', ctx.lang), voucher };
  }, { auth: true });

  // Shop reports of the dealer's terminals (per terminal, a day or a range), with the till's over/short.
  defineBoCall(app, deps, 'bo/shopReport', shopReportPayload, 'viewReports', async (p, ctx) => ({ status: true, results: await shopReport(ctx.db, { actor: ctx.actor }, p) }));

  // The kiosk's own day-close (Z) figures (today by default); its print page is /ekol/retail/z below.
  defineCall(app, deps, 'zReport', zReportPayload, async (p, ctx) => {
    const terminalId = await requireTerminal(ctx);
    const day = p.day ?? new Date(ctx.now).toISOString().slice(0, 10);
    const [row] = await shopReport(ctx.db, { terminalId }, { from: day, to: day });
    return { status: true, day, report: row };
  }, { auth: true });

  // A pairing code for a terminal of the subtree, shown in the back office (createTerminal permission).
  defineBoCall(app, deps, 'bo/terminalPairingCode', terminalPairingPayload, 'createTerminal', async (p, ctx) => ({
    status: true, ...(await ctx.db.tx((q) => newPairingCode(q, ctx, p.terminalId))),
  }));

  // The kiosk enters the code once and gets the terminal's session (rate-limited like the code checks).
  defineCall(app, deps, 'pairTerminal', pairTerminalPayload, async (p, ctx) => {
    const terminalId = await ctx.db.tx((q) => usePairingCode(q, p.code, ctx.now));
    const ttl = opts.sessionTtl ?? 7 * 24 * 3600;
    await deleteSession(ctx.db, ctx.req.cookies[SESSION_COOKIE]);
    const token = await createSession(ctx.db, terminalId, ttl, ctx.now);
    ctx.reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.cookieSecure ?? false, maxAge: ttl });
    return { status: true, msg: message('terminalPaired', ctx.lang) };
  }, { rateLimit: CHECK_RATE });

  /** An 80 mm print page: its own nonce for the print script, nothing else allowed, never cached. */
  const printPage = (reply: FastifyReply, html: (nonce: string) => string) => {
    const nonce = randomBytes(16).toString('base64');
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store')
      .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'nonce-${nonce}'`)
      .send(html(nonce));
  };
  const plainPage = (reply: FastifyReply, code: number, text: string) =>
    reply.code(code).header('content-type', 'text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8"><title>${text}</title><p>${text}</p>`);
  const langOf = (l: string) => (/^[a-z]{2}$/.test(l) ? l : 'tr');
  const zoneOf = (tz: unknown) => (typeof tz === 'string' && tz.length <= 64 ? tz : 'UTC');
  const currencyText = (c: string | undefined) => (c === 'TRY' ? 'TL' : (c ?? ''));

  // GET /ekol/retail/voucher/{lang}/{code}?timezone={tz}: a voucher this kiosk issued, printed 1 s after load.
  app.get<{ Params: { lang: string; code: string }; Querystring: { timezone?: string } }>('/ekol/retail/voucher/:lang/:code', async (req, reply) => {
    const lang = langOf(req.params.lang);
    const now = deps.clock();
    const userId = await req.sessionUser(now);
    if (userId === null) return plainPage(reply, 401, message('loginRequired', lang));
    const v = /^[0-9A-Z]{14}$/.test(req.params.code) ? await voucherOf(deps.db, userId, req.params.code) : null;
    if (!v) return plainPage(reply, 404, message('notFound', lang));
    const [u] = await deps.db.query<{ terminal_no: string; currency: string }>('select terminal_no, currency from users where id = $1', [userId]);
    return printPage(reply, (nonce) => voucherHtml({ code: v.code, amount: Number(v.amount), createdAt: new Date(v.created_at).toISOString(), expiresAt: new Date(v.expires_at).toISOString() },
      { lang, timeZone: zoneOf(req.query.timezone), currency: currencyText(u?.currency), terminalNo: u?.terminal_no ?? '', nonce }));
  });

  // GET /ekol/retail/z/{lang}/{day}?terminalId=&shopId=&timezone=: the day-close (Z) report on the
  // 80 mm printer. A kiosk prints its own; the back office (viewReports) one terminal or one shop
  // of its subtree (each terminal, then the shop's total).
  app.get<{ Params: { lang: string; day: string }; Querystring: { timezone?: string; terminalId?: string; shopId?: string } }>('/ekol/retail/z/:lang/:day', async (req, reply) => {
    const lang = langOf(req.params.lang);
    const now = deps.clock();
    const userId = await req.sessionUser(now);
    if (userId === null) return plainPage(reply, 401, message('loginRequired', lang));
    const day = /^\d{4}-\d{2}-\d{2}$/.test(req.params.day) && !Number.isNaN(Date.parse(req.params.day)) ? req.params.day : null;
    if (!day) return plainPage(reply, 404, message('notFound', lang));
    const id = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
    const [u] = await deps.db.query<{ user_type: string; currency: string }>('select user_type, currency from users where id = $1', [userId]);
    let rows;
    if (u?.user_type === TERMINAL_USER_TYPE) rows = await shopReport(deps.db, { terminalId: userId }, { from: day, to: day });
    else {
      const actor = await loadActor(deps.db, userId, req.cookies[SESSION_COOKIE], now);
      if (!actor || actor.needOtp || !actor.permissions.includes('viewReports')) return plainPage(reply, 403, message('forbidden', lang));
      rows = await shopReport(deps.db, { actor }, { from: day, to: day, terminalId: id(req.query.terminalId), shopId: id(req.query.shopId) });
    }
    if (!rows.length) return plainPage(reply, 404, message('notFound', lang));
    const sections = rows.map((r) => ({ title: `${r.terminalNo} · ${r.userName} (${r.shopName})`, row: r }));
    const shops = new Set(rows.map((r) => r.shopId));
    if (rows.length > 1 && shops.size === 1) {
      const first = rows[0]!;
      sections.push({ title: first.shopName, row: reportTotal(rows, { terminalId: 0, terminalNo: '', userName: '', shopId: first.shopId, shopName: first.shopName }) });
    }
    return printPage(reply, (nonce) => zReportHtml(day, sections, { lang, timeZone: zoneOf(req.query.timezone), currency: currencyText(u?.currency), now, nonce }));
  });
}
