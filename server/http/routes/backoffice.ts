/**
 * Back-office money calls under /api/bo/<call> (account-platform.md section 1: "deposit and
 * withdrawal tracking"): the list of transfer requests and their approval or rejection; and the
 * activation of a player's affiliate request.
 */
import type { FastifyInstance } from 'fastify';
import { boActivateAffiliatePayload, boTransferRequestsPayload, transferIdPayload } from '../../../domain/protocol/calls.ts';
import { activateAffiliate } from '../../affiliate/affiliate.ts';
import { message } from '../../../domain/messages.ts';
import { decideTransferRequest, type Decision } from '../../payments/transfers.ts';
import { CallError, defineCall, type CallContext, type CallDeps } from '../call.ts';

/**
 * Back-office roles that may decide money requests: admin (A) and operator (O). Dealers (D) are
 * left out on purpose: nothing yet ties a player to a dealer, so a dealer would reach every
 * player's money.
 */
export const MONEY_ROLES: ReadonlySet<string> = new Set(['A', 'O']);

/** Refuses any session but a back-office one (a player's session gets 403, status false). */
export async function requireBackOffice(ctx: CallContext, roles: ReadonlySet<string> = MONEY_ROLES): Promise<void> {
  const [u] = await ctx.db.query<{ user_type: string }>('select user_type from users where id = $1', [ctx.userId]);
  if (!u || !roles.has(u.user_type)) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
}

export function registerBackOfficeCalls(app: FastifyInstance, deps: CallDeps): void {
  defineCall(app, deps, 'bo/transferRequests', boTransferRequestsPayload, async (p, ctx) => {
    await requireBackOffice(ctx);
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
  }, { auth: true });

  // Approve credits a deposit through the ledger (a withdrawal was reserved when it was asked);
  // reject gives a withdrawal's reservation back. A repeat answers the same, changing nothing.
  const decide = (decision: Decision) => async (p: { requestId: number; reason?: string | undefined }, ctx: CallContext) => {
    await requireBackOffice(ctx);
    const r = await ctx.db.tx((q) => decideTransferRequest(q, p.requestId, decision, p.reason ?? '', ctx.now));
    // The request's new status (1 confirmed, 2 canceled) as requestStatus: status is the reply's own flag.
    return { status: true, msg: message('updateSuccess', ctx.lang), requestId: r.requestId, requestStatus: r.status, changed: r.changed };
  };
  defineCall(app, deps, 'bo/approveTransferReq', transferIdPayload, decide('approve'), { auth: true });
  defineCall(app, deps, 'bo/rejectTransferReq', transferIdPayload, decide('reject'), { auth: true });

  // Affiliates: the request a player sent (affiliateRegister) becomes active with its terms.
  defineCall(app, deps, 'bo/activateAffiliate', boActivateAffiliatePayload, async (p, ctx) => {
    await requireBackOffice(ctx);
    const code = await ctx.db.tx((q) => activateAffiliate(q, p.affiliateUserId, { percent: p.percent, cutoff: p.cutoff }, ctx.now));
    return { status: true, msg: message('updateSuccess', ctx.lang), affCode: code };
  }, { auth: true });
}
