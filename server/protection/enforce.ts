/**
 * Enforcement of the protection rules in the transaction of the money move: coupons
 * (server/betting/), deposits (server/payments/), bonus requests, and the casino game wallet
 * (assertCanPlay). Every check reads the state after the player's wallet row is locked.
 */
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { message, type MessageKey } from '../../domain/messages.ts';
import { minorToDecimal } from '../../domain/money.ts';
import { blockRefusal, crossedLimit, statusOf, type Move } from '../../domain/protection/rules.ts';
import { limitName } from '../../domain/protection/names.ts';
import { readProtection, type ProtectionState } from './state.ts';

/** A time in refusals and replies: UTC, to the minute. */
export const utcText = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The refusal of a money move for a player's state, or null when it may go ahead: a break, a
 * self-exclusion or a closure first (onBreak, selfExcluded, accountClosed), then the first limit
 * the move would cross (limitReached, naming it). Extra fields: error (the key), until, limit.
 */
export function refusalOf(state: ProtectionState | undefined, move: Move, now: number, lang: string): CallError | null {
  if (!state) return null;
  const s = statusOf(state.blocks, now);
  const block = blockRefusal(s.status);
  if (block) {
    const until = block === 'onBreak' ? s.breakUntil : s.excludedUntil;
    const untilText = until === null || !Number.isFinite(until) ? '-' : utcText(until);
    return new CallError(403, block, { until: untilText }, { error: block, until: until !== null && Number.isFinite(until) ? new Date(until).toISOString() : null });
  }
  const crossed = crossedLimit(state.limits, state.usage, move, now);
  if (!crossed) return null;
  const { limit, used } = crossed;
  const show = (v: number) => (limit.kind === 'session' ? `${v} min` : minorToDecimal(v));
  return new CallError(422, 'limitReached', { limit: limitName(limit.kind, limit.period, lang), used: show(used), amount: show(limit.amount) }, {
    error: 'limitReached', limit: { kind: limit.kind, period: limit.period, amount: limit.amount, used },
  });
}

/** Locks the player's wallet row (serialising their money moves) and reads their state. */
async function lockedState(q: Queryable, userId: number, now: number): Promise<ProtectionState | undefined> {
  await q.query('select 1 from wallets where user_id = $1 for update', [userId]);
  return (await readProtection(q, [userId], now)).get(userId);
}

/** A deposit request: refused on a break, exclusion or closure, or past a deposit limit (waiting requests count). */
export async function assertCanDeposit(q: Queryable, userId: number, amount: number, now: number, lang: string): Promise<void> {
  const err = refusalOf(await lockedState(q, userId, now), { deposit: amount }, now, lang);
  if (err) throw err;
}

/**
 * The approval of a waiting deposit: the same rules, against the deposits of the ledger alone (the
 * request itself is one of the waiting ones the request-time check counted).
 */
export async function assertDepositApproval(q: Queryable, userId: number, amount: number, now: number, lang = 'tr'): Promise<void> {
  const state = await lockedState(q, userId, now);
  const err = refusalOf(state && { ...state, usage: { ...state.usage, deposit: state.ledgerDeposit } }, { deposit: amount }, now, lang);
  if (err) throw err;
}

/** Calls with no money of their own (bonus requests): refused to a player on a break, excluded or closed. */
export async function assertNotBlocked(q: Queryable, userId: number, now: number, lang: string): Promise<void> {
  const err = refusalOf((await readProtection(q, [userId], now)).get(userId), {}, now, lang);
  if (err) throw err;
}

/** Marketing stops for a self-excluded or closed player: notifications, pop-ups, promotions. */
export async function marketingStopped(q: Queryable, userId: number | null, now: number): Promise<boolean> {
  if (userId === null) return false;
  const state = (await readProtection(q, [userId], now)).get(userId);
  const status = state ? statusOf(state.blocks, now).status : 'active';
  return status === 'excluded' || status === 'closed';
}

/**
 * Coupon placement's check (server/betting/create-coupon.ts and placement-queue.ts), for the
 * players of a batch read in one statement after their wallets were locked by the batch read:
 * `blocked` before the coupon's rules, `stake` once its stake is known.
 */
export interface BetGuard {
  blocked(userId: number, now: number, lang: string): void;
  stake(userId: number, stake: number, now: number, lang: string): void;
}

export async function betGuard(q: Queryable, userIds: readonly number[], now: number): Promise<BetGuard> {
  const states = await readProtection(q, userIds, now);
  return {
    blocked(userId, at, lang) {
      const err = refusalOf(states.get(userId), {}, at, lang);
      if (err) throw err;
    },
    stake(userId, stake, at, lang) {
      const err = refusalOf(states.get(userId), { stake }, at, lang);
      if (err) throw err;
    },
  };
}

/** Limit codes the casino game wallet answers a provider with (one module per provider protocol maps them). */
export type ProviderLimitCode = 'LIMIT_REACHED' | 'PLAYER_ON_BREAK' | 'PLAYER_EXCLUDED' | 'ACCOUNT_CLOSED';
const PROVIDER_CODE: Partial<Record<MessageKey, ProviderLimitCode>> = {
  limitReached: 'LIMIT_REACHED', onBreak: 'PLAYER_ON_BREAK', selfExcluded: 'PLAYER_EXCLUDED', accountClosed: 'ACCOUNT_CLOSED',
};

export type PlayVerdict = { ok: true } | { ok: false; code: ProviderLimitCode; key: MessageKey; msg: string };

/**
 * For the casino game wallet: may the player play a round staking `stake` (0 for a game launch)?
 * Call it inside the transaction of the debit, after the wallet row is locked (the debit's own
 * lock, or this function's): it locks the row itself if the caller has not.
 */
export async function assertCanPlay(q: Queryable, userId: number, now: number, stake = 0, lang = 'tr'): Promise<PlayVerdict> {
  const err = refusalOf(await lockedState(q, userId, now), stake ? { stake } : {}, now, lang);
  if (!err) return { ok: true };
  return { ok: false, code: PROVIDER_CODE[err.key] ?? 'LIMIT_REACHED', key: err.key, msg: message(err.key, lang, err.args) };
}
