import { describe, expect, it } from 'vitest';
import { combinationPayout, combinedOdds, largestStakeWithin, payout, productRatio, ratioOdds, ratioPayout } from './odds.ts';

describe('combinedOdds', () => {
  it('multiplies in thousandths and floors once', () => {
    expect(combinedOdds([1850, 2100])).toBe(3885); // 1.85 x 2.10 = 3.885
    expect(combinedOdds([1500, 2000, 2500])).toBe(7500);
    expect(combinedOdds([1333, 1333])).toBe(1776); // 1.776889
    expect(combinedOdds([1999])).toBe(1999);
    expect(combinedOdds([])).toBe(1000);
  });

  it('is exact for 20 picks of 3.20 (products far above 2^53)', () => {
    // 3200^20 / 1000^19 = 2^100 / 10^17 = 12676506002282.294...
    expect(combinedOdds(Array<number>(20).fill(3200))).toBe(12_676_506_002_282);
  });

  it('saturates at MAX_SAFE_INTEGER instead of losing precision silently', () => {
    expect(combinedOdds(Array<number>(20).fill(320_000))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses odds that are not integer thousandths', () => {
    expect(() => combinedOdds([1.85])).toThrow(RangeError);
    expect(() => combinedOdds([-1000])).toThrow(RangeError);
  });
});

describe('payout', () => {
  it('is floor(stake x odds / 1000)', () => {
    expect(payout(1000, 1850)).toBe(1850);
    expect(payout(333, 1850)).toBe(616); // 616.05
    expect(payout(100, 4350)).toBe(435); // 4.35 * 100 is 434.99999999999994 in floats
    expect(payout(1, 1999)).toBe(1);
    expect(payout(0, 5000)).toBe(0);
  });

  it('refuses a stake that is not integer minor units', () => {
    expect(() => payout(10.5, 1850)).toThrow(RangeError);
  });
});

describe('combinationPayout', () => {
  it('floors the exact product once, not the floored odds again', () => {
    // 25000 x 1.776889 = 44422.225; via the shown odds 1.776 it would be 44400.
    expect(combinationPayout(25_000, [1333, 1333])).toBe(44_422);
    expect(payout(25_000, combinedOdds([1333, 1333]))).toBe(44_400);
  });

  it('pays 20 picks of 3.20 exactly', () => {
    // 100 x 2^100 / 10^20 = 1267650600228.229...
    const p = combinationPayout(100, Array<number>(20).fill(3200));
    expect(p).toBe(1_267_650_600_228);
    expect(Number.isSafeInteger(p)).toBe(true);
  });
});

describe('ratios', () => {
  it('gives odds and payout of an exact return', () => {
    const r = productRatio([2500, 1800]);
    expect(r).toEqual({ num: 4_500_000n, den: 1_000_000n });
    expect(ratioOdds(r)).toBe(4500);
    expect(ratioPayout(1001, r)).toBe(4504); // 4504.5
  });

  it('finds the largest stake whose payout fits', () => {
    // 300 x 3.333 = 999.9 -> 999 fits 1000; 301 x 3.333 = 1003.2 does not.
    expect(largestStakeWithin(productRatio([3333]), 1000)).toBe(300);
    // 6250 x 200 = 1,250,000 fits exactly.
    expect(largestStakeWithin(productRatio([10_000, 10_000, 2000]), 1_250_000)).toBe(6250);
    // floor(s x 1.5) <= 1 holds up to s = 1 (1.5 -> 1), not s = 2 (3).
    expect(largestStakeWithin(productRatio([1500]), 1)).toBe(1);
    expect(largestStakeWithin({ num: 0n, den: 1n }, 10)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
