import { describe, expect, it } from 'vitest';
import { bonusAmount, bonusPercentOf } from './bonus.ts';

const odds = (...o: number[]) => o.map((odd) => ({ odd }));

describe('bonusPercentOf', () => {
  const bonus = { percent: 10, tipCount: 3, minOdds: 1500 };

  it('applies once enough picks reach the bonus odds', () => {
    expect(bonusPercentOf('KK', odds(1500, 1600, 2000), bonus)).toBe(10);
    expect(bonusPercentOf('KK', odds(1500, 1600, 1499, 2000), bonus)).toBe(10);
    expect(bonusPercentOf('KK', odds(1500, 1499, 2000), bonus)).toBe(0);
  });

  it('is capped at 25 percent', () => {
    expect(bonusPercentOf('KK', odds(1500, 1600, 2000), { ...bonus, percent: 40 })).toBe(25);
  });

  it('applies to single-combination coupons only (TK, KK), not CK or SK', () => {
    expect(bonusPercentOf('TK', odds(2000), { ...bonus, tipCount: 1 })).toBe(10);
    expect(bonusPercentOf('CK', odds(1500, 1600, 2000), bonus)).toBe(0);
    expect(bonusPercentOf('SK', odds(1500, 1600, 2000), bonus)).toBe(0);
    expect(bonusPercentOf('none', [], bonus)).toBe(0);
  });

  it('is off with the default configuration', () => {
    expect(bonusPercentOf('KK', odds(1500, 1600, 2000), { percent: 0, tipCount: 0, minOdds: 0 })).toBe(0);
  });
});

describe('bonusAmount', () => {
  it('floors percent of the payout with integer math', () => {
    expect(bonusAmount(12_345, 10)).toBe(1234); // 1234.5
    expect(bonusAmount(10_001, 12.5)).toBe(1250); // 1250.125
    expect(bonusAmount(1_250_000, 25)).toBe(312_500);
    expect(bonusAmount(1000, 0)).toBe(0);
  });
});
