import { describe, expect, it } from 'vitest';
import { combinationCount, elementarySymmetricSums, enumerateCombinations, systemMaxPayout, systemRatio } from './system.ts';
import { combinationPayout, payout, combinedOdds, ratioPayout, scalePow } from './odds.ts';
import { seededRandom } from '../random.ts';

// The seeded generator, so the property test is deterministic.
const rng = seededRandom;

/** The system payout by listing every combination: exact sum of products, floored once. */
function enumeratedPayout(odds: number[], bankers: number[], size: number, stake: number): bigint {
  let sum = 0n;
  for (const combo of enumerateCombinations(odds, size)) {
    sum += [...bankers, ...combo].reduce((p, o) => p * BigInt(o), 1n);
  }
  return (BigInt(stake) * sum) / scalePow(bankers.length + size);
}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

describe('combinationCount', () => {
  it('is C(n, k)', () => {
    expect(combinationCount(4, 3)).toBe(4);
    expect(combinationCount(10, 3)).toBe(120);
    expect(combinationCount(10, 5)).toBe(252);
    expect(combinationCount(20, 10)).toBe(184_756);
    expect(combinationCount(52, 5)).toBe(2_598_960);
    expect(combinationCount(5, 0)).toBe(1);
    expect(combinationCount(5, 5)).toBe(1);
  });

  it('is 0 outside 0..n', () => {
    expect(combinationCount(3, 4)).toBe(0);
    expect(combinationCount(3, -1)).toBe(0);
    expect(combinationCount(3, 1.5)).toBe(0);
  });
});

describe('enumerateCombinations', () => {
  it('lists k-subsets in index order', () => {
    expect(enumerateCombinations(['a', 'b', 'c', 'd'], 2)).toEqual([
      ['a', 'b'], ['a', 'c'], ['a', 'd'], ['b', 'c'], ['b', 'd'], ['c', 'd'],
    ]);
    expect(enumerateCombinations([1, 2, 3], 3)).toEqual([[1, 2, 3]]);
    expect(enumerateCombinations([1, 2, 3], 0)).toEqual([[]]);
    expect(enumerateCombinations([1, 2, 3], 4)).toEqual([]);
  });

  it('gives C(n, k) combinations', () => {
    expect(enumerateCombinations(Array.from({ length: 10 }, (_, i) => i), 3)).toHaveLength(120);
  });
});

describe('elementarySymmetricSums', () => {
  it('matches the hand expansion for three odds', () => {
    // a=2, b=3, c=5 (x1000): e1 = 10, e2 = 6+10+15 = 31, e3 = 30.
    expect(elementarySymmetricSums([2000, 3000, 5000], 3)).toEqual([1n, 10_000n, 31_000_000n, 30_000_000_000n]);
  });
});

describe('systemMaxPayout', () => {
  it('3-of-4 equals the enumerated sum', () => {
    // 1.5x2x2.5 + 1.5x2x3 + 1.5x2.5x3 + 2x2.5x3 = 7.5 + 9 + 11.25 + 15 = 42.75 per unit.
    const odds = [1500, 2000, 2500, 3000];
    expect(systemMaxPayout(odds, [], 3, 1000)).toBe(42_750);
    expect(enumeratedPayout(odds, [], 3, 1000)).toBe(42_750n);
    const byTicket = enumerateCombinations(odds, 3).reduce((s, c) => s + combinationPayout(1000, c), 0);
    expect(byTicket).toBe(42_750);
  });

  it('multiplies every combination by the bankers', () => {
    // 42.75 x 1.80 = 76.95 per unit.
    expect(systemMaxPayout([1500, 2000, 2500, 3000], [1800], 3, 1000)).toBe(76_950);
  });

  it('floors once, so it is at least the sum of per-ticket floored payouts', () => {
    // 2-of-3 of 1.85, 2.10, 3.35: 3.885 + 6.1975 + 7.035 = 17.1175; x 333 = 5700.13.
    const odds = [1850, 2100, 3350];
    expect(systemMaxPayout(odds, [], 2, 333)).toBe(5700);
    // Per ticket with floored odds: 1293 + 2063 + 2342.
    const floored = enumerateCombinations(odds, 2).reduce((s, c) => s + payout(333, combinedOdds(c)), 0);
    expect(floored).toBe(5698);
  });

  it('n-of-n is the combined coupon and 1-of-n the sum of singles', () => {
    const odds = [1850, 2100, 3350];
    expect(systemMaxPayout(odds, [], 3, 777)).toBe(combinationPayout(777, odds));
    expect(systemMaxPayout(odds, [], 1, 1000)).toBe(1850 + 2100 + 3350);
  });

  it('is exact with 20 picks of 3.20', () => {
    const odds = Array<number>(20).fill(3200);
    expect(systemMaxPayout(odds, [], 20, 100)).toBe(1_267_650_600_228);
    // 100 x C(20,10) x 3.2^10 = 18,475,600 x 112,589.9906842624 = 2,080,167,631,886.05...
    expect(systemMaxPayout(odds, [], 10, 100)).toBe(2_080_167_631_886);
    expect(BigInt(systemMaxPayout(odds, [], 10, 100))).toBe(enumeratedPayout(odds, [], 10, 100));
  });

  it('pays nothing for a size the picks cannot make', () => {
    expect(systemMaxPayout([1500, 2000], [], 3, 1000)).toBe(0);
  });

  it('sums several sizes on one denominator', () => {
    const odds = [1500, 2000, 2500, 3000];
    // 2-of-4: 3 + 3.75 + 4.5 + 5 + 6 + 7.5 = 29.75; plus 3-of-4 42.75 = 72.5 per unit.
    expect(ratioPayout(1000, systemRatio(odds, [], [2, 3]))).toBe(72_500);
    expect(ratioPayout(1000, systemRatio(odds, [], [3, 2, 3]))).toBe(72_500);
  });

  it('agrees with enumeration on random slips (seeded)', () => {
    const next = rng(20240611);
    const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
    for (let run = 0; run < 400; run++) {
      const n = int(1, 9);
      const odds = Array.from({ length: n }, () => int(1010, 25_000));
      const bankers = Array.from({ length: int(0, 3) }, () => int(1010, 9000));
      const size = int(1, n);
      const stake = int(1, 250_000);
      const listed = enumeratedPayout(odds, bankers, size, stake);
      // Exact against the BigInt listing; the number result saturates only beyond 2^53 - 1.
      const r = systemRatio(odds, bankers, [size]);
      expect((BigInt(stake) * r.num) / r.den).toBe(listed);
      expect(systemMaxPayout(odds, bankers, size, stake)).toBe(listed > MAX ? Number(MAX) : Number(listed));
      expect(combinationCount(n, size)).toBe(enumerateCombinations(odds, size).length);
    }
  });
});
