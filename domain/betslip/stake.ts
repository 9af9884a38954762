/**
 * Stake rules of section 5: clamp to the kind's limits and the stake type (staketype) split.
 */
import type { Minor } from '../money.ts';
import { toBigInt, toSafeNumber } from './odds.ts';

export interface StakeSplit {
  /** The entered stake clamped to minStake..maxStake. */
  clamped: Minor;
  /** Stake of one combination (ticketStake, the summary's baseAmount). */
  ticketStake: Minor;
  /** ticketStake x couponCount (totalStake, the summary's totalAmount): what the player pays. */
  totalStake: Minor;
}

/** A stake as typed: anything but a non-negative safe integer counts as 0 (the server trusts no input). */
export function sanitizeStake(stake: number): Minor {
  return Number.isSafeInteger(stake) && stake > 0 ? stake : 0;
}

/**
 * The smallest stake to enter. With staketype 1 the entered stake is divided over the
 * combinations, so it must also give every combination at least one minor unit.
 */
export function effectiveMinStake(minStake: Minor, couponCount: number, perCoupon: boolean): Minor {
  return perCoupon ? Math.max(minStake, couponCount) : minStake;
}

/**
 * Splits an entered stake. The limits apply to the stake as entered: the coupon total with
 * staketype 1, one combination otherwise. With staketype 1, ticketStake = floor(total / count) and
 * the remainder is not charged (totalStake = ticketStake x count), so the coupon always pays exactly
 * the sum of its combinations' stakes.
 */
export function splitStake(entered: Minor, couponCount: number, perCoupon: boolean, minStake: Minor, maxStake: Minor): StakeSplit {
  const clamped = Math.min(Math.max(sanitizeStake(entered), minStake), maxStake);
  const count = toBigInt(Math.max(couponCount, 0), 'couponCount');
  const ticket = perCoupon ? (count === 0n ? 0n : toBigInt(clamped, 'stake') / count) : toBigInt(clamped, 'stake');
  return { clamped, ticketStake: toSafeNumber(ticket), totalStake: toSafeNumber(ticket * count) };
}
