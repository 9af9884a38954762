/**
 * The stake limit per tip (betting-core.md section 9 'bet total per tip 5000', section 8 'The
 * stake limit for the match has been reached'): the stake riding on one pick, summed over a
 * player's waiting coupons, may not exceed SLIP_CONSTANTS.betTotalPerTip. The worker cannot see
 * the player's other coupons, so it flags a slip whose own stake already breaks the limit
 * (tipStakeLimit); the server (create-coupon) adds the stakes already riding on each pick to
 * stakeOnPicks of the new coupon. One computation, both sides.
 */
import type { Minor } from '../money.ts';
import type { CouponKind, LimitError, SlipSelection, SlipSummary } from './types.ts';
import { SLIP_CONSTANTS } from './limits.ts';
import { bankoCount } from './banko.ts';
import { combinationCount } from './system.ts';

/**
 * How many combinations of the coupon hold each pick. TK and KK: one. CK: a pick of a match with
 * g picks is in 1/g of the combinations. SK: a banker is in all of them, a free pick in the sum
 * over sizes k of C(free - 1, k - 1).
 */
export function combinationsOnPicks(type: CouponKind, selections: readonly Pick<SlipSelection, 'matchId' | 'banko'>[], sizes: readonly number[]): number[] {
  if (type === 'SK') {
    const free = selections.length - bankoCount(selections);
    const all = sizes.reduce((n, k) => n + combinationCount(free, k), 0);
    const holding = sizes.reduce((n, k) => n + combinationCount(free - 1, k - 1), 0);
    return selections.map((s) => (s.banko ? all : holding));
  }
  if (type === 'CK') {
    const perMatch = new Map<number, number>();
    for (const s of selections) perMatch.set(s.matchId, (perMatch.get(s.matchId) ?? 0) + 1);
    const count = [...perMatch.values()].reduce((n, g) => n * g, 1);
    return selections.map((s) => count / perMatch.get(s.matchId)!);
  }
  return selections.map(() => 1);
}

/** The stake riding on each pick: ticketStake x the combinations that hold it. */
export function stakeOnPicks(type: CouponKind, selections: readonly Pick<SlipSelection, 'matchId' | 'banko'>[], sizes: readonly number[], ticketStake: Minor): Minor[] {
  return combinationsOnPicks(type, selections, sizes).map((n) => ticketStake * n);
}

/**
 * The largest stake per combination that keeps every pick within the per-tip limit, given what
 * already rides on each pick (`prior`, the server's view; zeros in the worker).
 */
export function largestTipStake(combinations: readonly number[], prior: readonly Minor[] = []): Minor {
  let best = Number.MAX_SAFE_INTEGER;
  combinations.forEach((n, i) => {
    if (n <= 0) return;
    const room = Math.max(0, SLIP_CONSTANTS.betTotalPerTip - (prior[i] ?? 0));
    best = Math.min(best, Math.floor(room / n));
  });
  return best;
}

/**
 * The slip's own breach of the per-tip limit as a limit error ('tipStake', max and amount = the
 * largest stake as the player enters it: the coupon total with staketype 1), or null.
 */
export function tipStakeLimit(
  summary: Pick<SlipSummary, 'couponType' | 'baseAmount' | 'couponCount' | 'systemList'>,
  selections: readonly Pick<SlipSelection, 'matchId' | 'banko'>[],
  perCoupon: boolean,
): LimitError | null {
  if (summary.couponType === 'none' || selections.length === 0) return null;
  const sizes = summary.systemList.filter((o) => o.selected).map((o) => o.size);
  const combinations = combinationsOnPicks(summary.couponType, selections, sizes);
  const largest = largestTipStake(combinations);
  if (summary.baseAmount <= largest) return null;
  const entered = perCoupon ? largest * summary.couponCount : largest;
  return { code: 'tipStake', max: entered, amount: entered };
}

/**
 * The summary with the per-tip limit applied: its error added, not creatable, and the stake the
 * player may take ('stake limited to') lowered to fit.
 */
export function withTipStakeLimit(summary: SlipSummary, selections: readonly Pick<SlipSelection, 'matchId' | 'banko'>[], perCoupon: boolean): SlipSummary {
  const e = tipStakeLimit(summary, selections, perCoupon);
  if (!e) return summary;
  const limited = Math.min(summary.stakeLimitedTo ?? Number.MAX_SAFE_INTEGER, e.amount!);
  return { ...summary, creatable: false, lockedOnly: false, limitErrors: [...summary.limitErrors, e], stakeLimitedTo: limited };
}
