/**
 * Multiple (CK) coupons: two picks from one match. The coupon is every combination that takes one
 * pick of each match, so 2 doubled matches make 4 combinations. The multiple rules: at most 2 picks
 * per match and at most SLIP_CONSTANTS.maxMultiCoupons (10) combinations, so at most 3 doubled matches.
 */
import type { Odds } from '../money.ts';
import type { SlipSelection } from './types.ts';
import { scalePow, toBigInt, type Ratio } from './odds.ts';

/** Picks per match allowed by the multiple rules. */
export const MAX_PICKS_PER_MATCH = 2;

/** The odds of the slip grouped by match, in slip order of first appearance. */
export function oddsByMatch(selections: readonly Pick<SlipSelection, 'matchId' | 'odd'>[]): Odds[][] {
  const groups = new Map<number, Odds[]>();
  for (const s of selections) {
    const g = groups.get(s.matchId);
    if (g) g.push(s.odd);
    else groups.set(s.matchId, [s.odd]);
  }
  return [...groups.values()];
}

/** True when some match has more than one pick on the slip (the CK condition). */
export function hasSameMatchPicks(selections: readonly Pick<SlipSelection, 'matchId'>[]): boolean {
  return new Set(selections.map((s) => s.matchId)).size < selections.length;
}

/** Number of distinct matches on the slip. */
export function matchCount(selections: readonly Pick<SlipSelection, 'matchId'>[]): number {
  return new Set(selections.map((s) => s.matchId)).size;
}

/** Combinations of a multiple coupon: the product of the pick counts per match. */
export function multipleCount(selections: readonly Pick<SlipSelection, 'matchId' | 'odd'>[]): number {
  return oddsByMatch(selections).reduce((n, g) => n * g.length, 1);
}

/**
 * Exact return per unit of stake per combination of a multiple coupon if every pick wins: the sum
 * over combinations of their odds products equals the product over matches of the summed odds.
 */
export function multipleRatio(selections: readonly Pick<SlipSelection, 'matchId' | 'odd'>[]): Ratio {
  const groups = oddsByMatch(selections);
  let num = 1n;
  for (const g of groups) num *= g.reduce((sum, o) => sum + toBigInt(o, 'odd'), 0n);
  return { num, den: scalePow(groups.length) };
}
