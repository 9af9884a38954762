/**
 * Back-office money calls under /api/bo/<call> (account-platform.md section 1: "deposit and
 * withdrawal tracking"): the list of transfer requests and their approval or rejection; and the
 * activation of a player's affiliate request.
 */
import type { FastifyInstance } from 'fastify';
import { boActivateAffiliatePayload, boTransferRequestsPayload, transferIdPayload } from '../../../domain/protocol/calls.ts';
import { BO_LEGACY_CALLS } from '../../../domain/backoffice/calls.ts';
import { activateAffiliate } from '../../affiliate/affiliate.ts';
import { message } from '../../../domain/messages.ts';
import { decideTransferRequest, type Decision } from '../../payments/transfers.ts';
import { type BoContext } from '../../backoffice/guard.ts';
import { defineBoCall } from '../bo-call.ts';
import type { CallDeps } from '../call.ts';
import { registerBoSessionCalls, type BoSessionOptions } from './backoffice-session.ts';
import { registerBoNetworkCalls } from './backoffice-network.ts';
import { registerBoMoneyCalls } from './backoffice-money.ts';
import { registerBoCouponCalls } from './backoffice-coupons.ts';
import { registerBoReportCalls } from './backoffice-reports.ts';

/**
 * Every back-office call: these transfer-request and affiliate calls, then the areas of
 * server/backoffice/ (each through the one guard, server/backoffice/guard.ts defineBoCall).
 */
export function registerBackOfficeCalls(app: FastifyInstance, deps: CallDeps, session: BoSessionOptions = { sessionTtl: 7 * 24 * 3600, cookieSecure: false }): void {
  registerBoSessionCalls(app, deps, session);
  registerBoNetworkCalls(app, deps);
  registerBoMoneyCalls(app, deps);
  registerBoCouponCalls(app, deps);
  registerBoReportCalls(app, deps);
  const legacy = <S extends Parameters<typeof defineBoCall>[3]>(name: keyof typeof BO_LEGACY_CALLS, schema: S, handler: Parameters<typeof defineBoCall<S>>[5]) =>
    defineBoCall(app, deps, name, schema, BO_LEGACY_CALLS[name], handler);

  legacy('bo/transferRequests', boTransferRequestsPayload, async (p, ctx) => {
    const where = p.status === '' ? 'true' : 'r.status = $1';
    const args = p.status === '' ? [] : [p.status];
    const [count] = await ctx.db.query<{ n: number }>(`select count(*)::int as n from transfer_requests r where ${where}`, args);
    const rows = await ctx.db.query<{ id: number; username: string; cat_name: string; pay_tag: string; transfer_type: number; amount: number; currency: string; status: number; req_result: string; form_values: unknown; created_at: Date }>(
      `select r.id, u.username, c.cat_name, t.pay_tag, r.transfer_type, r.amount, r.currency, r.status, r.req_result, r.form_values, r.created_at
         from transfer_requests r join users u on u.id = r.user_id join pay_types t on t.id = r.pay_id join pay_categories c on c.id = t.cat_id
        where ${where} order by r.created_at, r.id limit ${p.limit} offset ${p.order * p.limit}`, args);
    return {
      status: true, totalCount: count?.n ?? 0,
      results: rows.map((r) => ({
        id: r.id, userName: r.username, catName: r.cat_name, payTag: r.pay_tag, transferType: r.transfer_type, amount: r.amount,
        currency: r.currency, status: r.status, reqResult: r.req_result, values: r.form_values, createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  });

  // Approve credits a deposit through the ledger (a withdrawal was reserved when it was asked);
  // reject gives a withdrawal's reservation back. A repeat answers the same, changing nothing.
  const decide = (decision: Decision) => async (p: { requestId: number; reason?: string | undefined }, ctx: BoContext) => {
    const r = await ctx.db.tx(async (q) => {
      const out = await decideTransferRequest(q, p.requestId, decision, p.reason ?? '', ctx.now);
      if (out.changed) await ctx.audit(q, { action: decision === 'approve' ? 'approveTransferReq' : 'rejectTransferReq', objectType: 'transferRequest', objectId: p.requestId, after: { status: out.status, reason: p.reason ?? '' } });
      return out;
    });
    // The request's new status (1 confirmed, 2 canceled) as requestStatus: status is the reply's own flag.
    return { status: true, msg: message('updateSuccess', ctx.lang), requestId: r.requestId, requestStatus: r.status, changed: r.changed };
  };
  legacy('bo/approveTransferReq', transferIdPayload, decide('approve'));
  legacy('bo/rejectTransferReq', transferIdPayload, decide('reject'));

  // Affiliates: the request a player sent (affiliateRegister) becomes active with its terms.
  legacy('bo/activateAffiliate', boActivateAffiliatePayload, async (p, ctx) => {
    const code = await ctx.db.tx(async (q) => {
      const c = await activateAffiliate(q, p.affiliateUserId, { percent: p.percent, cutoff: p.cutoff }, ctx.now);
      await ctx.audit(q, { action: 'activateAffiliate', objectType: 'user', objectId: p.affiliateUserId, after: { percent: p.percent, cutoff: p.cutoff, affCode: c } });
      return c;
    });
    return { status: true, msg: message('updateSuccess', ctx.lang), affCode: code };
  });
}
