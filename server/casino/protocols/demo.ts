/**
 * The demo provider's wallet protocol, shaped like Hub88's wallet API: POST /casino/wallet/<provider>/<op>
 * (op balance, bet, win, rollback) with a JSON body of snake_case fields and an HMAC-SHA256 of the
 * raw body in X-Signature. Every answer is HTTP 200 with a business status (RS_OK, RS_ERROR_...).
 */
import { z } from 'zod';
import { bodyHashOf, type WalletCode, type WalletOp, type WalletReply, type WalletRequest } from '../wallet.ts';
import type { SignatureVerifier } from '../signature.ts';

const ref = z.string().min(1).max(100);
export const demoWalletBody = z.object({
  user: z.string().max(100).optional(),
  token: ref,
  request_uuid: ref,
  transaction_uuid: ref.optional(),
  reference_transaction_uuid: ref.optional(),
  round: ref.optional(),
  round_closed: z.boolean().optional().default(false),
  game_code: z.string().max(100).optional().default(''),
  currency: z.string().regex(/^[A-Z]{3}$/).optional().default('TRY'),
  /** Minor units. */
  amount: z.number().int().min(0).max(1e12).optional().default(0),
});
export type DemoWalletBody = z.input<typeof demoWalletBody>;

export type DemoStatus =
  | 'RS_OK' | 'RS_ERROR_INVALID_TOKEN' | 'RS_ERROR_TOKEN_EXPIRED' | 'RS_ERROR_NOT_ENOUGH_MONEY' | 'RS_ERROR_DUPLICATE_TRANSACTION'
  | 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' | 'RS_ERROR_TRANSACTION_ROLLED_BACK' | 'RS_ERROR_ROUND_CLOSED' | 'RS_ERROR_WRONG_CURRENCY'
  | 'RS_ERROR_INVALID_GAME' | 'RS_ERROR_LIMIT_REACHED' | 'RS_ERROR_USER_DISABLED' | 'RS_ERROR_INVALID_SIGNATURE'
  | 'RS_ERROR_WRONG_SYNTAX' | 'RS_ERROR_UNKNOWN';

const STATUS: Record<WalletCode, DemoStatus> = {
  OK: 'RS_OK', INVALID_TOKEN: 'RS_ERROR_INVALID_TOKEN', TOKEN_EXPIRED: 'RS_ERROR_TOKEN_EXPIRED',
  INSUFFICIENT_FUNDS: 'RS_ERROR_NOT_ENOUGH_MONEY', DUPLICATE_TRANSACTION: 'RS_ERROR_DUPLICATE_TRANSACTION',
  TRANSACTION_NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', TRANSACTION_ROLLED_BACK: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  ROUND_CLOSED: 'RS_ERROR_ROUND_CLOSED', WRONG_CURRENCY: 'RS_ERROR_WRONG_CURRENCY', WRONG_GAME: 'RS_ERROR_INVALID_GAME',
  LIMIT_REACHED: 'RS_ERROR_LIMIT_REACHED', CASINO_LIMIT_FULL: 'RS_ERROR_LIMIT_REACHED',
  PLAYER_ON_BREAK: 'RS_ERROR_USER_DISABLED', PLAYER_EXCLUDED: 'RS_ERROR_USER_DISABLED', ACCOUNT_CLOSED: 'RS_ERROR_USER_DISABLED',
  INVALID_SIGNATURE: 'RS_ERROR_INVALID_SIGNATURE', BAD_REQUEST: 'RS_ERROR_WRONG_SYNTAX', UNKNOWN_ERROR: 'RS_ERROR_UNKNOWN',
};

export interface DemoReply { status: DemoStatus; request_uuid: string; user?: string; currency?: string; balance?: number; transaction_uuid?: string; reason?: string }

export const WALLET_OPS: readonly WalletOp[] = ['balance', 'bet', 'win', 'rollback'];

/**
 * Verifies the signature of the raw body first, then parses it. Returns the wallet request or the
 * reply to send at once (bad signature, bad syntax).
 */
export function parseDemoCall(raw: Buffer, signature: string | undefined, op: WalletOp, providerId: number, verifier: SignatureVerifier):
  { request: WalletRequest; requestUuid: string; user: string } | { reply: DemoReply } {
  let requestUuid = '';
  if (!verifier.verify(raw, signature)) return { reply: { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: requestUuid } };
  let json: unknown;
  try { json = JSON.parse(raw.toString('utf8')); } catch { return { reply: { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: requestUuid } }; }
  const parsed = demoWalletBody.safeParse(json);
  if (!parsed.success) return { reply: { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: requestUuid, reason: parsed.error.issues[0]?.path.join('.') ?? '' } };
  const b = parsed.data;
  requestUuid = b.request_uuid;
  if (op !== 'balance' && (!b.transaction_uuid || !b.round)) return { reply: { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: requestUuid } };
  if (op === 'rollback' && !b.reference_transaction_uuid) return { reply: { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: requestUuid } };
  // The request uuid changes on a retry; the transaction is the rest of the body.
  const { request_uuid: _r, ...rest } = b;
  return {
    requestUuid, user: b.user ?? '',
    request: {
      op, providerId, token: b.token, requestId: b.request_uuid, txId: b.transaction_uuid ?? '', refTxId: b.reference_transaction_uuid,
      roundId: b.round ?? '', roundClosed: b.round_closed, gameCode: b.game_code, currency: b.currency, amount: b.amount,
      bodyHash: bodyHashOf(JSON.stringify(rest)),
    },
  };
}

export const demoReply = (r: WalletReply, requestUuid: string, user: string): DemoReply => ({
  status: STATUS[r.code], request_uuid: requestUuid, user,
  ...(r.currency !== undefined ? { currency: r.currency } : {}),
  ...(r.balance !== undefined ? { balance: Number(r.balance) } : {}),
  ...(r.txId !== undefined ? { transaction_uuid: r.txId } : {}),
});
