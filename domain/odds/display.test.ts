import { describe, expect, it } from 'vitest';
import { cutName, formatOdds } from './display.ts';

describe('formatOdds', () => {
  it('shows integers as is', () => {
    expect(formatOdds(2000)).toBe('2');
    expect(formatOdds(15000)).toBe('15');
  });

  it('keeps 3 decimals from 1.001 to 1.009', () => {
    expect(formatOdds(1001)).toBe('1.001');
    expect(formatOdds(1005)).toBe('1.005');
    expect(formatOdds(1009)).toBe('1.009');
  });

  it('uses 2 decimals by default, rounding half up without float error', () => {
    expect(formatOdds(1850)).toBe('1.85');
    expect(formatOdds(1010)).toBe('1.01');
    expect(formatOdds(1855)).toBe('1.86');
    expect(formatOdds(2345)).toBe('2.35');
    expect(formatOdds(1999)).toBe('2.00');
  });

  it('follows the tofixed setting', () => {
    expect(formatOdds(1855, { tofixed: 3 })).toBe('1.855');
    expect(formatOdds(1855, { tofixed: 1 })).toBe('1.9');
    expect(formatOdds(1450, { tofixed: 0 })).toBe('1');
  });

  it('caps at the user max odds or 320', () => {
    expect(formatOdds(500_000)).toBe('320');
    expect(formatOdds(500_000, { maxOdds: 50_000 })).toBe('50');
    expect(formatOdds(42_500, { maxOdds: 30_500 })).toBe('30.50');
    expect(formatOdds(42_500, { maxOdds: 0 })).toBe('42.50');
  });

  it('always uses a dot', () => {
    expect(formatOdds(1234, { tofixed: 3 })).toMatch(/^1\.234$/);
  });
});

describe('cutName', () => {
  it('cuts to 10 characters plus a dot', () => {
    expect(cutName('Manchester United')).toBe('Manchester.');
    expect(cutName('Barcelona')).toBe('Barcelona');
    expect(cutName('Galatasray')).toBe('Galatasray');
  });
});
