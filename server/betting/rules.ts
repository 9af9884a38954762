/**
 * Placement rules that only the server can check, because they look at the player's other coupons
 * (betting-core.md section 8 'Same coupon made N times', 'Stake limit for the match reached').
 * Pure functions; create-coupon.ts feeds them from the database.
 */
import { createHash } from 'node:crypto';
import type { SlipSelection } from '../../domain/betslip/types.ts';
import { selectionKey } from '../../domain/betslip/types.ts';
import { isVoidResult, type ResultStatus } from '../../domain/coupon/result.ts';

/**
 * 'The same coupon has already been made N times': how many waiting coupons with the same set of
 * picks one player may hold. The spec names the message, not N; 3 is our choice, kept here
 * because only the server counts a player's coupons.
 */
export const SAME_COUPON_MAX = 3;

/**
 * The set of picks of a coupon as one string for the index: sha256 of the sorted tip keys.
 * Stake, type, system sizes and bankers do not count: the same picks are the same coupon.
 * The order is plain code-unit order, which the SQL backfill of migration 010 reproduces with
 * collate "C" (tip keys are ASCII).
 */
export function picksHash(selections: readonly Pick<SlipSelection, 'matchId' | 'oddsType' | 'outcomeId' | 'special'>[]): string {
  const keys = selections.map(selectionKey).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(keys.join(',')).digest('hex');
}

/** The stake riding on each pick; the rule lives in domain/betslip so the slip shows the same limit. */
export { stakeOnPicks } from '../../domain/betslip/tip-stake.ts';

const NO_SCORE = { h: 0, a: 0 };

/**
 * A cancelled match: its status is one that voids every bet on it (cancelled, interrupted,
 * walkover; domain/coupon/result.ts). 'Match cancelled: the coupon cannot be created.'
 */
export function isCancelledStatus(status: string): boolean {
  return isVoidResult({ ft: NO_SCORE, ht: NO_SCORE, status: status as ResultStatus });
}
