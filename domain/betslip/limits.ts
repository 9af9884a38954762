/**
 * Limits of the betslip: the default user limits and the constants of betting-core.md section 9,
 * and which KindLimits apply to a coupon.
 */
import type { KindLimits, UserLimits } from '../protocol/entities.ts';
import type { Odds } from '../money.ts';
import type { CouponKind } from './types.ts';

// Section 9 'Default slip': single and combination stake 1..250, max pay 12500 (in minor units).
// 'Combination' is read as every kind that is not a single: combine, multiple, system and live.
const DEFAULT_KIND: KindLimits = Object.freeze({ minTip: 1, minStake: 100, maxStake: 25_000, maxPay: 1_250_000, status: 1 });

/** Limits used when the user has none of their own (section 9 'Default slip'). Frozen: shared by every request. */
export const DEFAULT_USER_LIMITS: UserLimits = Object.freeze({
  single: DEFAULT_KIND,
  combine: DEFAULT_KIND,
  multiple: DEFAULT_KIND,
  live: DEFAULT_KIND,
  system: DEFAULT_KIND,
  staketype: 0,
  minOddsCoupon: 1001,
  maxOddsCoupon: 0,
  bonus: Object.freeze({ percent: 0, tipCount: 0, minOdds: 0 }),
});

/** Constants of section 9 in the slip's units (odds thousandths, money minor units, time ms). */
export const SLIP_CONSTANTS = Object.freeze({
  /** 'max odds per coupon 20': selections on one slip. */
  maxSelections: 20,
  /** 'System coupon accepts at most 10 matches': non-banker picks of a system. */
  maxSystemMatches: 10,
  /** 'max multi coupons 10': combinations of a multiple (CK) coupon. */
  maxMultiCoupons: 10,
  /** 'max system coupons 10': system sizes offered (1..10). */
  maxSystemCoupons: 10,
  bonusPercentCap: 25,
  /** 'Minimum valid odd above 1.000001': the smallest odd in thousandths that is above it. */
  minValidOdd: 1001,
  /** 'odd below 1.01 is suspended'. */
  suspendBelowOdd: 1010,
  /** Display cap of an odd when the user has no maximum odds limit (320). */
  oddsCap: 320_000,
  /** Slip entries older than 5 minutes are dropped on load. */
  entryMaxAgeMs: 300_000,
  /** 'Bet total per tip 5000' (betTotal), in minor units. */
  betTotalPerTip: 500_000,
} as const);

/** The KindLimits of a coupon: live limits when any pick is live, otherwise by type. */
export function kindLimitsFor(type: CouponKind | 'none', isLive: boolean, limits: UserLimits): KindLimits {
  if (isLive) return limits.live;
  switch (type) {
    case 'KK': return limits.combine;
    case 'CK': return limits.multiple;
    case 'SK': return limits.system;
    default: return limits.single;
  }
}

/**
 * Whether an odd breaks the user's odds limits (minOddsCoupon, maxOddsCoupon; 0 = no limit).
 * Applied to each pick, as section 4 and 5 say ('odd below the user's minimum odds ... removed').
 */
export function oddsLimitRefusal(odd: Odds, limits: UserLimits): 'minOdds' | 'maxOdds' | null {
  if (limits.minOddsCoupon > 0 && odd < limits.minOddsCoupon) return 'minOdds';
  if (limits.maxOddsCoupon > 0 && odd > limits.maxOddsCoupon) return 'maxOdds';
  return null;
}

/** An odd the slip may bet on: an integer at or above 1.01 (below it the outcome is suspended). */
export function isBettableOdd(odd: Odds): boolean {
  return Number.isSafeInteger(odd) && odd >= SLIP_CONSTANTS.suspendBelowOdd && odd >= SLIP_CONSTANTS.minValidOdd;
}

/** A pick that blocks creation as locked (thereAreLockedMatches): locked, or its odd no longer bettable. */
export function isPickLocked(s: { locked: boolean; odd: Odds }): boolean {
  return s.locked || !isBettableOdd(s.odd);
}
