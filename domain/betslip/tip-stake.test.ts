import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { UserLimits } from '../protocol/entities.ts';
import type { SlipSelection } from './types.ts';
import { DEFAULT_USER_LIMITS, SLIP_CONSTANTS } from './limits.ts';
import { summarizeSlip } from './summary.ts';
import { enumerateCombinations } from './system.ts';
import { combinationsOnPicks, largestTipStake, stakeOnPicks, tipStakeLimit, withTipStakeLimit } from './tip-stake.ts';

function sel(matchId: number, odd = 1500, extra: Partial<SlipSelection> = {}): SlipSelection {
  return { matchId, oddsType: 1, outcomeId: 1, special: '', odd, banko: false, live: false, locked: false, matchName: `M${matchId}`, addedAt: 0, ...extra };
}
/** Limits that let the stake itself go high, so only the per-tip limit (5000.00) can stop it. */
const BIG: UserLimits = (() => {
  const k = { minTip: 1, minStake: 100, maxStake: 10_000_000, maxPay: 10 ** 12, status: 1 as const };
  return { ...DEFAULT_USER_LIMITS, single: k, combine: k, multiple: k, live: k, system: k };
})();
const LIMIT = SLIP_CONSTANTS.betTotalPerTip;

describe('stake per tip (bet total per tip 5000)', () => {
  it('is 5000.00 in minor units', () => {
    expect(LIMIT).toBe(500_000);
  });

  it('counts the combinations holding each pick as an enumeration does', () => {
    fc.assert(fc.property(fc.integer({ min: 3, max: 9 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 4 }), (n, bankers, maxSize) => {
      const picks = Array.from({ length: n }, (_, i) => sel(i + 1, 1500, { banko: i < bankers }));
      const free = picks.map((p, i) => (p.banko ? -1 : i)).filter((i) => i >= 0);
      const sizes = [...new Set([1, maxSize])].filter((k) => k <= free.length);
      const expected = picks.map(() => 0);
      for (const k of sizes) for (const combo of enumerateCombinations(free, k)) picks.forEach((p, i) => { if (p.banko || combo.includes(i)) expected[i]!++; });
      expect(combinationsOnPicks('SK', picks, sizes)).toEqual(expected);
    }));
    expect(stakeOnPicks('KK', [sel(1), sel(2)], [], 700)).toEqual([700, 700]);
  });

  it('flags a single whose stake is over the limit, with the largest stake allowed', () => {
    const s = summarizeSlip({ selections: [sel(1)], stake: 600_000, systemSizes: [], limits: BIG });
    expect(s.creatable).toBe(true);
    expect(tipStakeLimit(s, [sel(1)], false)).toEqual({ code: 'tipStake', max: LIMIT, amount: LIMIT });
    const w = withTipStakeLimit(s, [sel(1)], false);
    expect(w.creatable).toBe(false);
    expect(w.stakeLimitedTo).toBe(LIMIT);
    expect(w.limitErrors).toContainEqual({ code: 'tipStake', max: LIMIT, amount: LIMIT });
    // At the limit exactly: nothing to flag.
    const at = summarizeSlip({ selections: [sel(1)], stake: LIMIT, systemSizes: [], limits: BIG });
    expect(withTipStakeLimit(at, [sel(1)], false)).toBe(at);
  });

  it('a system puts its stake on a pick once per combination holding it', () => {
    // 6 free picks, sizes 2 and 3: each pick is in C(5,1) + C(5,2) = 15 combinations.
    const picks = [1, 2, 3, 4, 5, 6].map((m) => sel(m));
    const s = summarizeSlip({ selections: picks, stake: 40_000, systemSizes: [2, 3], limits: BIG });
    expect(s.couponType).toBe('SK');
    expect(combinationsOnPicks('SK', picks, [2, 3])).toEqual([15, 15, 15, 15, 15, 15]);
    // 400.00 x 15 = 6000.00 on each pick: over. The largest is floor(5000.00 / 15) per combination.
    const e = tipStakeLimit(s, picks, false)!;
    expect(e).toEqual({ code: 'tipStake', max: Math.floor(LIMIT / 15), amount: Math.floor(LIMIT / 15) });
    // With staketype 1 the player enters the coupon total: the same limit times the combinations.
    const total = summarizeSlip({ selections: picks, stake: 40_000 * s.couponCount, systemSizes: [2, 3], limits: { ...BIG, staketype: 1 } });
    expect(tipStakeLimit(total, picks, true)).toEqual({ code: 'tipStake', max: Math.floor(LIMIT / 15) * s.couponCount, amount: Math.floor(LIMIT / 15) * s.couponCount });
  });

  it('the largest stake takes what already rides on a pick into account (the server view)', () => {
    expect(largestTipStake([1, 1], [0, 0])).toBe(LIMIT);
    expect(largestTipStake([1, 1], [100_000, 450_000])).toBe(50_000);
    expect(largestTipStake([2, 1], [0, 0])).toBe(LIMIT / 2);
    expect(largestTipStake([1], [LIMIT + 1])).toBe(0);
  });

  it('a stake that keeps every pick within the limit is never flagged (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 3, max: 8 }), fc.integer({ min: 100, max: 2_000_000 }), fc.boolean(), (n, stake, system) => {
      const picks = Array.from({ length: n }, (_, i) => sel(i + 1));
      const sizes = system ? [2] : [];
      const s = summarizeSlip({ selections: picks, stake, systemSizes: sizes, limits: BIG });
      const onPick = stakeOnPicks(s.couponType as 'KK' | 'SK', picks, sizes, s.baseAmount);
      const e = tipStakeLimit(s, picks, false);
      expect(e !== null).toBe(onPick.some((x) => x > LIMIT));
      if (e) expect(stakeOnPicks(s.couponType as 'KK' | 'SK', picks, sizes, e.amount!).every((x) => x <= LIMIT)).toBe(true);
    }));
  });
});
