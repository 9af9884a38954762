/**
 * Coupon bonus (section 5 'Bonus').
 */
import type { UserLimits } from '../protocol/entities.ts';
import type { Minor } from '../money.ts';
import type { CouponKind, SlipSelection } from './types.ts';
import { SLIP_CONSTANTS } from './limits.ts';

/**
 * The bonus percent of a coupon. Section 5: it applies once the count of picks at or above the
 * bonus odds reaches the bonus tip count, capped at 25, 'only to single, non-multiple coupons'.
 * We read 'single' as a coupon of one combination (a tip count above 1 could never be reached by
 * one pick) and 'non-multiple' as not CK: so TK and KK qualify, CK and SK do not.
 */
export function bonusPercentOf(type: CouponKind | 'none', selections: readonly Pick<SlipSelection, 'odd'>[], bonus: UserLimits['bonus']): number {
  if (type !== 'TK' && type !== 'KK') return 0;
  if (!(bonus.percent > 0)) return 0;
  const qualifying = selections.filter((s) => s.odd >= bonus.minOdds).length;
  if (qualifying < bonus.tipCount) return 0;
  return Math.min(bonus.percent, SLIP_CONSTANTS.bonusPercentCap);
}

/**
 * The bonus amount on a payout, floored to the minor unit. The percent is taken in hundredths of
 * a percent (12.5 -> 1250) so the money product stays integer.
 */
export function bonusAmount(payout: Minor, percent: number): Minor {
  const basisPoints = BigInt(Math.round(percent * 100));
  if (basisPoints <= 0n || !Number.isSafeInteger(payout) || payout <= 0) return 0;
  return Number((BigInt(payout) * basisPoints) / 10_000n);
}
