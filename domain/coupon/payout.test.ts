import { describe, expect, it } from 'vitest';
import { bonusBasisPoints, effectiveOdds, floorMinor, incomeOf } from './payout.ts';

describe('effectiveOdds (1/2000 units)', () => {
  it('counts void as 1.000, halfWon as (odd+1000)/2 and halfLost as 0.500', () => {
    expect(effectiveOdds(1850, 'won')).toBe(3700n); // 1.850
    expect(effectiveOdds(1850, 'void')).toBe(2000n); // 1.000
    expect(effectiveOdds(1900, 'halfWon')).toBe(2900n); // (1.9 + 1) / 2 = 1.450
    expect(effectiveOdds(1900, 'halfLost')).toBe(1000n); // 0.500
    expect(effectiveOdds(1900, 'lost')).toBe(0n);
  });
});

describe('floorMinor', () => {
  it('floors to the minor unit', () => {
    expect(floorMinor({ num: 7n, den: 2n })).toBe(3);
    expect(floorMinor({ num: 6n, den: 2n })).toBe(3);
    expect(() => floorMinor({ num: -1n, den: 2n })).toThrow(RangeError);
  });
});

describe('bonus and cap', () => {
  it('caps the bonus percent at 25 and keeps two decimals', () => {
    expect(bonusBasisPoints(30)).toBe(2500n);
    expect(bonusBasisPoints(2.5)).toBe(250n);
    expect(() => bonusBasisPoints(-1)).toThrow(RangeError);
  });
  it('adds the bonus to a winning payout, floors once, then caps', () => {
    // 3000 payout on 1000 staked, 10 %: 3300.
    expect(incomeOf({ num: 3000n, den: 1n }, 1000, 10, 100_000)).toEqual({ income: 3300, bonusPay: 300 });
    // Capped at 3100: the bonus is what is left above the payout.
    expect(incomeOf({ num: 3000n, den: 1n }, 1000, 10, 3100)).toEqual({ income: 3100, bonusPay: 100 });
    // 517.815 * 1.05 = 543.70575 -> 543; without bonus 517.
    expect(incomeOf({ num: 517_815n, den: 1000n }, 333, 5, 100_000)).toEqual({ income: 543, bonusPay: 26 });
  });
  it('gives no bonus on a refund', () => {
    expect(incomeOf({ num: 1000n, den: 1n }, 1000, 10, 100_000)).toEqual({ income: 1000, bonusPay: 0 });
  });
});
