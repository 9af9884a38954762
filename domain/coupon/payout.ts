/**
 * Payout arithmetic shared by settlement and sell: effective odds, the bonus, the maximum-payout
 * cap and the single rounding step. Money is integer minor units and odds integer thousandths
 * (domain/money.ts); products are exact BigInt fractions and are floored once, here.
 */
import type { Minor, Odds } from '../money.ts';
import type { SettledOutcome } from './settle.ts';

/**
 * Effective odds are counted in half-thousandths (1/2000) so that a half-won quarter line,
 * (odd + 1000) / 2 in thousandths, stays an integer: won 2*odd, void 2000, halfWon odd + 1000,
 * halfLost 1000 (0.500: half the stake back), lost 0.
 */
export const EFFECTIVE_SCALE = 2000n;

/** The effective odds of a settled tip in 1/2000 units (see EFFECTIVE_SCALE). */
export function effectiveOdds(odd: Odds, outcome: SettledOutcome): bigint {
  switch (outcome) {
    case 'won': return BigInt(odd) * 2n;
    case 'void': return EFFECTIVE_SCALE;
    case 'halfWon': return BigInt(odd) + 1000n;
    case 'halfLost': return EFFECTIVE_SCALE / 2n;
    case 'lost': return 0n;
  }
}

/** An exact non-negative amount of minor units as a fraction, before rounding. */
export interface Exact {
  num: bigint;
  den: bigint;
}

/** The one place an amount is rounded: floor to the minor unit (the house keeps the fraction). */
export function floorMinor(x: Exact): Minor {
  if (x.den <= 0n || x.num < 0n) throw new RangeError('floorMinor: negative amount or denominator');
  const q = x.num / x.den; // BigInt division truncates, which is floor for non-negative values.
  if (q > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('floorMinor: amount out of range');
  return Number(q);
}

/** Section 9: the bonus percent is capped at 25. */
export const BONUS_PERCENT_CAP = 25;

/** The bonus percent in basis points, clamped to 0..25 %; a percent may carry two decimals. */
export function bonusBasisPoints(bonusPercent: number): bigint {
  if (!Number.isFinite(bonusPercent) || bonusPercent < 0) throw new RangeError('bonusPercent must be a number >= 0');
  // Rounding a percent (not money) to basis points keeps every money step integer.
  return BigInt(Math.round(Math.min(bonusPercent, BONUS_PERCENT_CAP) * 100));
}

/** Income and the bonus part of it, both in minor units. */
export interface Income {
  income: Minor;
  bonusPay: Minor;
}

/**
 * Income of a coupon from its exact payout: the bonus percent applies to the whole payout, but only
 * when it is a win (the payout exceeds the total stake: a refund of voided or half-lost tips earns
 * no bonus); then the total is floored once and capped at maxPay.
 */
export function incomeOf(payout: Exact, totalStake: Minor, bonusPercent: number, maxPay: Minor): Income {
  assertMinor(totalStake, 'totalStake');
  assertMinor(maxPay, 'maxPay');
  const isWin = payout.num > BigInt(totalStake) * payout.den;
  const bp = isWin ? bonusBasisPoints(bonusPercent) : 0n;
  const base = floorMinor(payout);
  const withBonus = floorMinor({ num: payout.num * (10_000n + bp), den: payout.den * 10_000n });
  const income = Math.min(withBonus, maxPay);
  return { income, bonusPay: Math.max(0, income - base) };
}

/** Money on the way in must be a non-negative safe integer of minor units. */
export function assertMinor(v: number, name: string): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative integer of minor units`);
}

/** Odds on the way in must be an integer of thousandths, at least 1.000. */
export function assertOdds(v: number, name: string): void {
  if (!Number.isSafeInteger(v) || v < 1000) throw new RangeError(`${name} must be an integer of thousandths >= 1000`);
}
