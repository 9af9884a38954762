/**
 * The coupon type of the slip (section 4 'Coupon type from the slip').
 */
import type { CouponKind, SlipSelection } from './types.ts';
import { bankoCount } from './banko.ts';
import { hasSameMatchPicks } from './multiple.ts';

/**
 * none without picks, TK with one, SK when a system size is chosen, CK when two picks share a
 * match, otherwise KK. 'A KK coupon with more than one combination becomes SK' holds by
 * construction: only chosen system sizes make more than one combination of distinct matches.
 * A size counts only when it is 1..(picks - bankers) and the picks can form a system (one per
 * match); summarizeSlip also drops sizes the user's limits do not offer before calling this.
 */
export function couponTypeOf(selections: readonly SlipSelection[], systemSizes: readonly number[]): CouponKind | 'none' {
  const n = selections.length;
  if (n === 0) return 'none';
  if (n === 1) return 'TK';
  const sameMatch = hasSameMatchPicks(selections);
  const free = n - bankoCount(selections);
  if (!sameMatch && systemSizes.some((k) => Number.isInteger(k) && k >= 1 && k <= free)) return 'SK';
  return sameMatch ? 'CK' : 'KK';
}
