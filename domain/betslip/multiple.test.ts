import { describe, expect, it } from 'vitest';
import { hasSameMatchPicks, matchCount, multipleCount, multipleRatio, oddsByMatch } from './multiple.ts';
import { combinationPayout, ratioOdds, ratioPayout } from './odds.ts';

const pick = (matchId: number, odd: number) => ({ matchId, odd });

describe('multiple coupon', () => {
  const slip = [pick(1, 1850), pick(2, 2000), pick(1, 3400), pick(3, 1500), pick(3, 2500)];

  it('groups picks by match', () => {
    expect(oddsByMatch(slip)).toEqual([[1850, 3400], [2000], [1500, 2500]]);
    expect(hasSameMatchPicks(slip)).toBe(true);
    expect(hasSameMatchPicks([pick(1, 1850), pick(2, 2000)])).toBe(false);
    expect(matchCount(slip)).toBe(3);
  });

  it('has one combination per choice of one pick in each match', () => {
    expect(multipleCount(slip)).toBe(4);
    expect(multipleCount([pick(1, 2000), pick(2, 2000)])).toBe(1);
  });

  it('returns the sum over its combinations (product of per-match sums)', () => {
    // (1.85 + 3.40) x 2.00 x (1.50 + 2.50) = 5.25 x 2 x 4 = 42.
    expect(ratioOdds(multipleRatio(slip))).toBe(42_000);
    const combos = [[1850, 2000, 1500], [1850, 2000, 2500], [3400, 2000, 1500], [3400, 2000, 2500]];
    const listed = combos.reduce((s, c) => s + combinationPayout(1000, c), 0);
    expect(ratioPayout(1000, multipleRatio(slip))).toBe(listed);
    expect(listed).toBe(42_000);
  });
});
