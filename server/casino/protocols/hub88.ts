/**
 * Hub88's Wallet API (Operator API, seamless wallet), the calls Hub88 makes to the operator:
 * POST <prefix>/user/info, /user/balance, /transaction/bet, /transaction/win, /transaction/rollback
 * with Hub88's field names and types, amounts as Hub88's integers (value x 100,000), an RSA-SHA256
 * signature of the raw body in X-Hub88-Signature, and Hub88's statuses. docs/hub88.md lists every
 * field and status with where its definition comes from and what was chosen where the docs are silent.
 * Every answer is HTTP 200 with a status.
 */
import { z } from 'zod';
import { bodyHashOf, type WalletCode, type WalletOp, type WalletReply, type WalletRequest } from '../wallet.ts';
import type { SignatureVerifier } from '../signature.ts';
import { hub88ToMinor, minorToHub88, userOfHub88 } from '../../../domain/casino/hub88.ts';

export type Hub88Endpoint = 'user/info' | 'user/balance' | 'transaction/bet' | 'transaction/win' | 'transaction/rollback';
export const HUB88_ENDPOINTS: readonly Hub88Endpoint[] = ['user/info', 'user/balance', 'transaction/bet', 'transaction/win', 'transaction/rollback'];

/** Hub88's response statuses of the seamless wallet (Operator API). */
export type Hub88Status =
  | 'RS_OK' | 'RS_ERROR_UNKNOWN' | 'RS_ERROR_INVALID_PARTNER' | 'RS_ERROR_INVALID_TOKEN' | 'RS_ERROR_INVALID_GAME'
  | 'RS_ERROR_WRONG_CURRENCY' | 'RS_ERROR_NOT_ENOUGH_MONEY' | 'RS_ERROR_USER_DISABLED' | 'RS_ERROR_INVALID_SIGNATURE'
  | 'RS_ERROR_TOKEN_EXPIRED' | 'RS_ERROR_WRONG_SYNTAX' | 'RS_ERROR_WRONG_TYPES' | 'RS_ERROR_DUPLICATE_TRANSACTION'
  | 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' | 'RS_ERROR_LIMIT_REACHED';

/** Hub88's Wallet API response: `balance` in Hub88's integers. */
export interface Hub88Reply { user?: string; status: Hub88Status; request_uuid: string; currency?: string; balance?: number }

const OP: Record<Exclude<Hub88Endpoint, 'user/info'>, WalletOp> = {
  'user/balance': 'balance', 'transaction/bet': 'bet', 'transaction/win': 'win', 'transaction/rollback': 'rollback',
};

/** The fields each call must carry; a missing one is RS_ERROR_WRONG_SYNTAX, a present one of the wrong type RS_ERROR_WRONG_TYPES. */
const REQUIRED: Record<Hub88Endpoint, readonly string[]> = {
  'user/info': ['user', 'request_uuid'],
  'user/balance': ['request_uuid', 'token'],
  'transaction/bet': ['user', 'transaction_uuid', 'token', 'round', 'request_uuid', 'game_code', 'currency', 'amount'],
  'transaction/win': ['user', 'transaction_uuid', 'token', 'round', 'request_uuid', 'game_code', 'currency', 'amount', 'reference_transaction_uuid'],
  'transaction/rollback': ['user', 'transaction_uuid', 'token', 'request_uuid', 'reference_transaction_uuid'],
};

const id = z.string().min(1).max(255);
const opt = <T extends z.ZodType>(t: T) => t.nullable().optional();
/** Every field of the five calls with its type; unknown fields pass (Hub88 adds optional ones over time). */
export const hub88Body = z.looseObject({
  user: opt(id),
  request_uuid: id,
  token: opt(id),
  transaction_uuid: opt(id),
  supplier_transaction_id: opt(z.string().max(255)),
  reference_transaction_uuid: opt(id),
  supplier_user: opt(z.string().max(255)),
  round: opt(id),
  round_closed: opt(z.boolean()),
  reward_uuid: opt(z.string().max(255)),
  is_free: opt(z.boolean()),
  is_aggregated: opt(z.boolean()),
  game_code: opt(z.string().max(255)),
  currency: opt(z.string().max(16)),
  bet: opt(z.string().max(1_000)),
  amount: opt(z.number().int()),
  meta: opt(z.record(z.string(), z.unknown())),
});
export type Hub88Body = z.infer<typeof hub88Body>;

/** The status of a wallet outcome. A late bet whose rollback came first, and a win of a rolled-back bet, have no status of their own: see docs/hub88.md. */
export function hub88Status(code: WalletCode, op: WalletOp): Hub88Status {
  switch (code) {
    case 'OK': return 'RS_OK';
    case 'INVALID_TOKEN': return 'RS_ERROR_INVALID_TOKEN';
    case 'TOKEN_EXPIRED': return 'RS_ERROR_TOKEN_EXPIRED';
    case 'INSUFFICIENT_FUNDS': return 'RS_ERROR_NOT_ENOUGH_MONEY';
    case 'DUPLICATE_TRANSACTION': return 'RS_ERROR_DUPLICATE_TRANSACTION';
    case 'TRANSACTION_NOT_FOUND': return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    // the bet's id was taken by the rollback that came first; a win of a rolled-back bet finds no bet
    case 'TRANSACTION_ROLLED_BACK': return op === 'bet' ? 'RS_ERROR_DUPLICATE_TRANSACTION' : 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    case 'WRONG_CURRENCY': return 'RS_ERROR_WRONG_CURRENCY';
    case 'WRONG_GAME': return 'RS_ERROR_INVALID_GAME';
    case 'LIMIT_REACHED': case 'CASINO_LIMIT_FULL': return 'RS_ERROR_LIMIT_REACHED';
    case 'PLAYER_ON_BREAK': case 'PLAYER_EXCLUDED': case 'ACCOUNT_CLOSED': return 'RS_ERROR_USER_DISABLED';
    case 'INVALID_SIGNATURE': return 'RS_ERROR_INVALID_SIGNATURE';
    case 'BAD_REQUEST': return 'RS_ERROR_WRONG_SYNTAX';
    // a bet into a closed round, a win after the round's last, a rollback of a bet whose round was won
    case 'ROUND_CLOSED': case 'UNKNOWN_ERROR': return 'RS_ERROR_UNKNOWN';
  }
}

/** The request_uuid of a body we could not accept, to echo (Hub88 matches answers by it); '' when there is none. */
function requestUuidOf(json: unknown): string {
  const v = json !== null && typeof json === 'object' ? (json as Record<string, unknown>).request_uuid : undefined;
  return typeof v === 'string' && v.length <= 255 ? v : '';
}
const userOf = (json: unknown): string | undefined => {
  const v = json !== null && typeof json === 'object' ? (json as Record<string, unknown>).user : undefined;
  return typeof v === 'string' && v.length <= 255 ? v : undefined;
};

export type Hub88Parsed =
  | { reply: Hub88Reply }
  | { info: { userId: number | null; user: string; requestUuid: string } }
  | { request: WalletRequest; requestUuid: string; user: string };

/**
 * Verifies the signature of the raw body first, then its syntax and types, then turns it into one
 * wallet request (amounts in minor units, exactly). Returns the reply to send at once when the call
 * is refused before the wallet.
 */
export function parseHub88Call(raw: Buffer, signature: string | undefined, endpoint: Hub88Endpoint, providerId: number, verifier: SignatureVerifier): Hub88Parsed {
  let json: unknown;
  try { json = JSON.parse(raw.toString('utf8')); } catch { json = undefined; }
  const requestUuid = requestUuidOf(json);
  const echo = (status: Hub88Status): { reply: Hub88Reply } => {
    const user = userOf(json);
    return { reply: { ...(user !== undefined ? { user } : {}), status, request_uuid: requestUuid } };
  };
  if (!verifier.verify(raw, signature)) return echo('RS_ERROR_INVALID_SIGNATURE');
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return echo('RS_ERROR_WRONG_SYNTAX');
  const obj = json as Record<string, unknown>;
  if (REQUIRED[endpoint].some((k) => obj[k] === undefined || obj[k] === null)) return echo('RS_ERROR_WRONG_SYNTAX');
  const parsed = hub88Body.safeParse(obj);
  if (!parsed.success) return echo('RS_ERROR_WRONG_TYPES');
  const b = parsed.data;
  if (endpoint === 'user/info') return { info: { userId: userOfHub88(b.user!), user: b.user!, requestUuid } };

  const op = OP[endpoint];
  // Hub88's amounts are never negative; a whole number of minor units only, never rounded
  if (typeof b.amount === 'number' && b.amount < 0) return echo('RS_ERROR_WRONG_SYNTAX');
  const minor = op === 'bet' || op === 'win' ? hub88ToMinor(b.amount!) : 0;
  if (minor === null) return echo('RS_ERROR_WRONG_TYPES');
  const user = b.user ?? '';
  // the token's player must be the one Hub88 names (a balance call may omit the user)
  const userId = user ? userOfHub88(user) : undefined;
  if (userId === null) return echo('RS_ERROR_INVALID_TOKEN');
  const free = b.is_free === true;
  // Same transaction id with another reference, amount, currency, round, user or game is a duplicate (RS_ERROR_DUPLICATE_TRANSACTION).
  const identity = { op, user, ref: b.reference_transaction_uuid ?? null, amount: b.amount ?? null, currency: b.currency ?? null, round: b.round ?? null, game: b.game_code ?? null, free };
  return {
    requestUuid, user,
    request: {
      op, providerId, token: b.token!, requestId: b.request_uuid, txId: b.transaction_uuid ?? '', refTxId: b.reference_transaction_uuid ?? undefined,
      roundId: b.round ?? '', roundClosed: b.round_closed === true, gameCode: b.game_code ?? '', currency: b.currency ?? '', amount: minor,
      bodyHash: bodyHashOf(JSON.stringify(identity)),
      // a free round (or a bet of nothing) moves no money; its win is bonus money
      free: op === 'bet' ? free || minor === 0 : free,
      // live lobbies switch games inside one session: any game of Hub88 is taken, the round is the call's game
      anyGame: true,
      // a win names its bet: a missing or rolled-back bet takes no win
      refBet: true,
      ...(userId !== undefined ? { userId } : {}),
    },
  };
}

/** The answer to a wallet outcome: balance in Hub88's integers (with RS_ERROR_NOT_ENOUGH_MONEY too, as the docs ask). */
export const hub88Reply = (r: WalletReply, op: WalletOp, requestUuid: string, user: string): Hub88Reply => ({
  user, status: hub88Status(r.code, op), request_uuid: requestUuid,
  ...(r.currency !== undefined ? { currency: r.currency } : {}),
  ...(r.balance !== undefined ? { balance: minorToHub88(Number(r.balance)) } : {}),
});
