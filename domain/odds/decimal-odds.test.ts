import { describe, expect, it } from 'vitest';
import { parseDecimalOdds } from './decimal-odds.ts';

describe('parseDecimalOdds', () => {
  it('reads the decimal string digit by digit into thousandths', () => {
    expect(parseDecimalOdds('1.85')).toBe(1850);
    expect(parseDecimalOdds('1.15')).toBe(1150);
    expect(parseDecimalOdds('2.3')).toBe(2300);
    expect(parseDecimalOdds('12')).toBe(12000);
    expect(parseDecimalOdds('1001.0')).toBe(1_001_000);
    expect(parseDecimalOdds('1.005')).toBe(1005);
  });
  it('drops digits past the third decimal instead of rounding up', () => {
    expect(parseDecimalOdds('1.8599')).toBe(1859);
    expect(parseDecimalOdds('2.0001')).toBe(2000);
  });
  it('refuses what is not a plain positive decimal', () => {
    for (const bad of ['', '-1.5', '1e3', '1,85', 'abc', '0', '0.000', '.5', '1.', undefined, null]) expect(parseDecimalOdds(bad)).toBeUndefined();
  });
});
