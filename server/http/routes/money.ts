import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { banksPayload, common, transactionsPayload, transferIdPayload, transferPayload, transferRequestsPayload } from '../../../domain/protocol/calls.ts';
import { moneyAllowed } from '../../../domain/account/permissions.ts';
import { message } from '../../../domain/messages.ts';
import { guardUser } from '../../accounts/guard-user.ts';
import { cancelOwnTransferRequest, createTransferRequest } from '../../payments/transfers.ts';
import { CallError, defineCall, type CallContext, type CallDeps } from '../call.ts';
import { SITE_SETTINGS } from '../../settings/site-settings.ts';
import { dayOf } from '../../../domain/protocol/call-dates.ts';
import { LEDGER_REF } from '../../casino/wallet.ts';

/** Ledger ref_types of the casino's game wallet and jackpots, shown as their product in Transactions. */
const CASINO_REFS: ReadonlySet<string> = new Set([...Object.values(LEDGER_REF), 'jackpot']);

const payCategoriesPayload = z.object({ ...common, transferType: z.union([z.literal(0), z.literal(1)]) });

/** Money needs an online user on a site without login_screen / register_disabled (section 2). */
async function requireMoney(ctx: CallContext): Promise<void> {
  if (!moneyAllowed(await guardUser(ctx.db, ctx.userId!), SITE_SETTINGS)) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
}

const idemKey = (ctx: CallContext): string | undefined => {
  const k = ctx.req.headers['idempotency-key'];
  return typeof k === 'string' && k.length > 0 && k.length <= 100 ? k : undefined;
};

export function registerMoneyCalls(app: FastifyInstance, deps: CallDeps): void {
  const money = { permission: 'onlineUser' } as const;

  defineCall(app, deps, 'payCategories', payCategoriesPayload, async (p, ctx) => {
    await requireMoney(ctx);
    const cats = await ctx.db.query<{ id: number; cat_name: string; info: string; type_logo: string; open_link: string }>(
      'select * from pay_categories where transfer_type = $1 and status = 1 order by list_order, id', [p.transferType]);
    const types = await ctx.db.query<{ id: number; cat_id: number; pay_type: string; pay_tag: string; bank_logo: string; infofields: unknown; fields: unknown; min_amount: number; max_amount: number }>(
      'select t.* from pay_types t join pay_categories c on c.id = t.cat_id where c.transfer_type = $1 and t.status = 1 order by t.list_order, t.id', [p.transferType]);
    return {
      status: true,
      results: cats.map((c) => ({
        payCatId: c.id, catName: c.cat_name, info: c.info, typeLogo: c.type_logo, openLink: c.open_link,
        paytypes: types.filter((t) => t.cat_id === c.id).map((t) => ({
          payId: t.id, payCatId: t.cat_id, payType: t.pay_type, payTag: t.pay_tag, bankLogo: t.bank_logo,
          infofields: t.infofields, fields: t.fields, minAmount: t.min_amount, maxAmount: t.max_amount,
        })),
      })),
    };
  }, money);

  defineCall(app, deps, 'banks', banksPayload, async (p, ctx) => {
    await requireMoney(ctx);
    const banks = await ctx.db.query<{ id: number; name: string; swiftcode: string; amounts: Array<{ amount: number }> }>(
      `select b.id, b.name, b.swiftcode, b.amounts from pay_banks b join pay_types t on t.id = b.pay_id where b.pay_id = $1 and t.cat_id = $2 order by b.id`, [p.payId, p.payCatId]);
    const [u] = await ctx.db.query<{ currency: string }>('select currency from users where id = $1', [ctx.userId]);
    return {
      status: true, login: true,
      banks: banks.map((b) => ({ id: b.id, name: b.name, swiftcode: b.swiftcode, amounts: b.amounts.map((a, i) => ({ amount: a.amount, activeAmountId: i + 1, currency: u?.currency ?? 'TRY' })) })),
    };
  }, money);

  defineCall(app, deps, 'depositRequest', transferPayload, async (p, ctx) => {
    await requireMoney(ctx);
    return { ...(await ctx.db.tx((q) => createTransferRequest(q, p, { userId: ctx.userId!, now: ctx.now, transferType: 0, idempotencyKey: idemKey(ctx), successMsg: message('depositRequestSuccess', ctx.lang), lang: ctx.lang }))) };
  }, money);

  defineCall(app, deps, 'setTransferReq', transferPayload, async (p, ctx) => {
    await requireMoney(ctx);
    return { ...(await ctx.db.tx((q) => createTransferRequest(q, p, { userId: ctx.userId!, now: ctx.now, transferType: 1, idempotencyKey: idemKey(ctx), successMsg: message('withdrawRequestSuccess', ctx.lang) }))) };
  }, money);

  // 'cancelTransferReq': the spec names no key for the player's "transaction cancel" (section 7 lists
  // it only by name), so it follows its sibling setTransferReq, the spec's key for a transfer request.
  defineCall(app, deps, 'cancelTransferReq', transferIdPayload, async (p, ctx) => {
    await requireMoney(ctx);
    await ctx.db.tx((q) => cancelOwnTransferRequest(q, ctx.userId!, p.requestId, ctx.now));
    return { status: true, msg: message('updateSuccess', ctx.lang) };
  }, money);

  defineCall(app, deps, 'transferRequests', transferRequestsPayload, async (p, ctx) => {
    // The session's user only: a userId in the payload is ignored (section 7 lists it).
    const where = ['r.user_id = $1'];
    const args: unknown[] = [ctx.userId];
    const from = dayOf(p.startDate, false);
    const to = dayOf(p.endDate, true);
    if (from) { args.push(from); where.push(`r.created_at >= $${args.length}`); }
    if (to) { args.push(to); where.push(`r.created_at < $${args.length}`); }
    if (p.status !== '') { args.push(p.status); where.push(`r.status = $${args.length}`); }
    const [count] = await ctx.db.query<{ n: number }>(`select count(*)::int as n from transfer_requests r where ${where.join(' and ')}`, args);
    const rows = await ctx.db.query<{ id: number; bank_logo: string; cat_name: string; pay_tag: string; transfer_type: number; amount: number; status: number; req_result: string; created_at: Date }>(
      `select r.id, t.bank_logo, c.cat_name, t.pay_tag, r.transfer_type, r.amount, r.status, r.req_result, r.created_at
         from transfer_requests r join pay_types t on t.id = r.pay_id join pay_categories c on c.id = t.cat_id
        where ${where.join(' and ')} order by r.created_at desc, r.id desc limit ${p.limit} offset ${p.order * p.limit}`, args);
    return {
      status: true, totalCount: count?.n ?? 0,
      results: rows.map((r) => ({ id: r.id, logo: r.bank_logo, catName: r.cat_name, payTag: r.pay_tag, transferType: r.transfer_type, amount: r.amount, status: r.status, reqResult: r.req_result, createdAt: new Date(r.created_at).toISOString() })),
    };
  }, { auth: true });

  defineCall(app, deps, 'transactions', transactionsPayload, async (p, ctx) => {
    const where = ['l.user_id = $1'];
    const args: unknown[] = [ctx.userId];
    const from = dayOf(p.startDate, false);
    const to = dayOf(p.endDate, true);
    if (from) { args.push(from); where.push(`l.created_at >= $${args.length}`); }
    if (to) { args.push(to); where.push(`l.created_at < $${args.length}`); }
    if (p.transactionType === 'a') where.push('l.amount > 0');
    if (p.transactionType === 'e') where.push('l.amount < 0');
    if (p.serviceType === 1) where.push(`l.ref_type = 'coupon' and coalesce(c.is_live, 0) = 0`);
    // 4: live (live coupons and the live casino's game wallet rows), 5: slots (server/casino/wallet.ts LEDGER_REF)
    if (p.serviceType === 4) where.push(`((l.ref_type = 'coupon' and c.is_live = 1) or l.ref_type = 'livecasino')`);
    if (p.serviceType === 5) where.push(`l.ref_type = 'slot'`);
    const base = `from ledger l left join coupons c on l.ref_type = 'coupon' and c.id = l.ref_id where ${where.join(' and ')}`;
    const [count] = await ctx.db.query<{ n: number }>(`select count(*)::int as n ${base}`, args);
    const rows = await ctx.db.query<{ id: number; amount: number; kind: string; ref_type: string | null; ref_id: number | null; created_at: Date; is_live: number | null }>(
      `select l.id, l.amount, l.kind, l.ref_type, l.ref_id, l.created_at, c.is_live ${base} order by l.id desc limit ${p.limit} offset ${p.order * p.limit}`, args);
    return {
      status: true, totalCount: count?.n ?? 0,
      results: rows.map((r) => ({
        id: r.id, processDate: new Date(r.created_at).toISOString(),
        // Two parts split by an arrow (section 3): the service, then what happened.
        type: `${r.ref_type === 'coupon' ? (r.is_live ? 'live' : 'sport') : r.ref_type === 'transfer_request' ? 'payment' : CASINO_REFS.has(r.ref_type ?? '') ? r.ref_type : 'account'}->${r.kind}`,
        amount: Math.abs(r.amount), ticketId: r.ref_type === 'coupon' ? r.ref_id : null, transType: r.amount > 0 ? 1 : 0,
      })),
    };
  }, { auth: true });
}
