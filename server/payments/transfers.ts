import { createHash } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import type { TransferPayload } from '../../domain/protocol/calls.ts';
import { checkPayForm, datetimeWire, type PayField } from '../../domain/account/payment-form.ts';
import { minorToDecimal } from '../../domain/money.ts';
import { InsufficientCredit, postLedger } from '../wallet/ledger.ts';
import { CallError } from '../core/call.ts';
import { assertCanDeposit, assertDepositApproval } from '../protection/enforce.ts';

interface PayTypeRow {
  id: number; cat_id: number; pay_type: string; pay_tag: string; fields: PayField[]; min_amount: number; max_amount: number;
  iframe: number; payment_url: string; transfer_type: number;
}

export interface TransferReply { status: true; requestId: number; redirect: string; iframe: number; paymenturl: string; msg: string; key: string }

/**
 * Records a deposit (transferType 0) or withdrawal (1) request, waiting for approval. A withdrawal
 * takes the amount off the balance through the ledger at once, so it cannot be bet twice; a
 * rejection gives it back. A repeated Idempotency-Key returns the first reply.
 */
export async function createTransferRequest(
  q: Queryable,
  p: TransferPayload,
  ctx: { userId: number; now: number; transferType: 0 | 1; idempotencyKey?: string | undefined; successMsg: string; lang?: string },
): Promise<TransferReply> {
  const call = ctx.transferType === 0 ? 'depositRequest' : 'setTransferReq';
  if (ctx.idempotencyKey) {
    const hash = createHash('sha256').update(JSON.stringify([call, p.payId, p.amount, p.values, p.bankId ?? 0])).digest('hex');
    const claimed = await q.query(
      `insert into idempotency_keys (user_id, key, call, reply, request_hash) values ($1, $2, $3, 'null'::jsonb, $4) on conflict do nothing returning key`,
      [ctx.userId, ctx.idempotencyKey, call, hash]);
    if (!claimed.length) {
      const [seen] = await q.query<{ reply: TransferReply; request_hash: string }>('select reply, request_hash from idempotency_keys where user_id = $1 and key = $2', [ctx.userId, ctx.idempotencyKey]);
      if (!seen || seen.request_hash !== hash) throw new CallError(422, 'idempotencyKeyReused');
      return seen.reply;
    }
  }
  const [pt] = await q.query<PayTypeRow>(
    `select t.*, c.transfer_type from pay_types t join pay_categories c on c.id = t.cat_id
      where t.id = $1 and t.cat_id = $2 and t.status = 1 and c.status = 1`, [p.payId, p.payCatId]);
  if (!pt || pt.transfer_type !== ctx.transferType) throw new CallError(404, 'notFound');
  // The section 5 order, with the same function the worker ran before sending.
  const values = Object.fromEntries(p.values.map((v) => [v.name, v.value]));
  const bad = checkPayForm(pt.fields, values);
  if (bad) throw new CallError(422, 'invalidField', { field: bad.field }, { error: `${bad.key}|${bad.args.title ?? ''}|${bad.args.min ?? ''}|${bad.args.max ?? ''}` });
  if (p.amount < pt.min_amount) throw new CallError(422, 'amountMin', { amount: minorToDecimal(pt.min_amount) }, { error: `amountMin|${minorToDecimal(pt.min_amount)}` });
  if (p.amount > pt.max_amount) throw new CallError(422, 'amountMax', { amount: minorToDecimal(pt.max_amount) }, { error: `amountMax|${minorToDecimal(pt.max_amount)}` });
  if (pt.pay_type === 'COMMUNITY_BANK') {
    const [bank] = p.bankId ? await q.query<{ amounts: Array<{ amount: number }> }>('select amounts from pay_banks where id = $1 and pay_id = $2', [p.bankId, pt.id]) : [];
    if (!bank || !bank.amounts.some((a) => a.amount === p.amount)) throw new CallError(422, 'invalidField', { field: 'bankId' });
  }
  const stored = p.values.map((v) => {
    const f = pt.fields.find((x) => x.name === v.name);
    return { name: v.name, value: f?.type === 'datetime' ? datetimeWire(v.value) : v.value };
  });
  // Player protection: no deposit on a break or exclusion, none past a deposit limit (waiting requests count).
  if (ctx.transferType === 0) await assertCanDeposit(q, ctx.userId, p.amount, ctx.now, ctx.lang ?? 'tr');
  const [u] = await q.query<{ currency: string }>('select currency from users where id = $1', [ctx.userId]);
  const [row] = await q.query<{ id: number }>(
    `insert into transfer_requests (user_id, pay_id, transfer_type, amount, currency, form_values, created_at) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [ctx.userId, pt.id, ctx.transferType, p.amount, u?.currency ?? 'TRY', JSON.stringify(stored), new Date(ctx.now)]);
  if (ctx.transferType === 1) {
    try {
      await postLedger(q, { userId: ctx.userId, amount: -p.amount, kind: 'withdraw', refType: 'transfer_request', refId: row!.id });
    } catch (err) {
      if (err instanceof InsufficientCredit) throw new CallError(422, 'insufficientCredit', {}, { error: 'insufficientCredit' });
      throw err;
    }
  }
  const reply: TransferReply = {
    status: true, requestId: row!.id, iframe: pt.iframe,
    redirect: pt.payment_url ? `${pt.payment_url}?ref=${row!.id}` : '', paymenturl: pt.payment_url ? `${pt.payment_url}?ref=${row!.id}` : '',
    msg: ctx.successMsg, key: ctx.transferType === 0 ? 'depositRequestSuccess' : 'withdrawRequestSuccess',
  };
  if (ctx.idempotencyKey) await q.query('update idempotency_keys set reply = $3 where user_id = $1 and key = $2', [ctx.userId, ctx.idempotencyKey, JSON.stringify(reply)]);
  return reply;
}

interface RequestRow { id: number; user_id: number; transfer_type: number; amount: number; status: number }

async function lockWaiting(q: Queryable, requestId: number, userId?: number): Promise<RequestRow> {
  const [r] = await q.query<RequestRow>('select id, user_id, transfer_type, amount, status from transfer_requests where id = $1 for update', [requestId]);
  // Another player's request is "not found", never "not yours": ids reveal nothing.
  if (!r || (userId !== undefined && r.user_id !== userId)) throw new CallError(404, 'notFound');
  if (r.status !== 0) throw new CallError(409, 'notWaiting');
  return r;
}

/** Back office: confirms a waiting request. A deposit credits the wallet; a withdrawal was already reserved. */
export async function approveTransferRequest(q: Queryable, requestId: number, now: number): Promise<void> {
  const r = await lockWaiting(q, requestId);
  if (r.transfer_type === 0) {
    // The player may have started a break or lowered a limit since asking: checked again as the money moves.
    await assertDepositApproval(q, r.user_id, r.amount, now);
    await postLedger(q, { userId: r.user_id, amount: r.amount, kind: 'deposit', refType: 'transfer_request', refId: r.id });
  }
  await q.query('update transfer_requests set status = 1, decided_at = $2 where id = $1', [r.id, new Date(now)]);
}

/** Back office: cancels a waiting request with a reason; a withdrawal's reserved amount goes back. */
export async function rejectTransferRequest(q: Queryable, requestId: number, reason: string, now: number): Promise<void> {
  const r = await lockWaiting(q, requestId);
  if (r.transfer_type === 1) await postLedger(q, { userId: r.user_id, amount: r.amount, kind: 'reversal', refType: 'transfer_request', refId: r.id });
  await q.query('update transfer_requests set status = 2, req_result = $3, decided_at = $2 where id = $1', [r.id, new Date(now), reason]);
}

export type Decision = 'approve' | 'reject';

/**
 * Back office: approves or rejects a request, idempotently. A repeat of the decision already taken
 * changes nothing and answers changed false (a double click or a retried request must not credit
 * twice); the opposite decision on a decided request is refused (409 notWaiting).
 */
export async function decideTransferRequest(
  q: Queryable, requestId: number, decision: Decision, reason: string, now: number,
): Promise<{ requestId: number; status: 1 | 2; changed: boolean }> {
  const target = decision === 'approve' ? 1 : 2;
  const [r] = await q.query<RequestRow>('select id, user_id, transfer_type, amount, status from transfer_requests where id = $1 for update', [requestId]);
  if (!r) throw new CallError(404, 'notFound');
  if (r.status === target) return { requestId, status: target, changed: false };
  if (decision === 'approve') await approveTransferRequest(q, requestId, now);
  else await rejectTransferRequest(q, requestId, reason, now);
  return { requestId, status: target, changed: true };
}

/** The player withdraws their own waiting request (transaction cancel); another player's is not found. */
export async function cancelOwnTransferRequest(q: Queryable, userId: number, requestId: number, now: number): Promise<void> {
  await lockWaiting(q, requestId, userId);
  await rejectTransferRequest(q, requestId, 'canceled by the player', now);
}
