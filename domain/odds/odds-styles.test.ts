import { describe, expect, it } from 'vitest';
import { americanOdds, fractionalOdds, isOddsStyle } from './odds-styles.ts';
import { formatOdds } from './display.ts';

// The common conversion chart bookmakers and odds sites publish: fraction, decimal, American.
// Decimals to three places (the feed's thousandths); American computed from that decimal.
const CHART: Array<[string, number, string]> = [
  ['1/5', 1200, '-500'], ['2/9', 1222, '-450'], ['1/4', 1250, '-400'], ['2/7', 1286, '-350'], ['3/10', 1300, '-333'],
  ['1/3', 1333, '-300'], ['4/11', 1364, '-275'], ['2/5', 1400, '-250'], ['4/9', 1444, '-225'], ['1/2', 1500, '-200'],
  ['8/15', 1533, '-188'], ['4/7', 1571, '-175'], ['8/13', 1615, '-163'], ['4/6', 1667, '-150'], ['8/11', 1727, '-138'],
  ['4/5', 1800, '-125'], ['5/6', 1833, '-120'], ['10/11', 1909, '-110'], ['1/1', 2000, '+100'], ['21/20', 2050, '+105'],
  ['11/10', 2100, '+110'], ['6/5', 2200, '+120'], ['5/4', 2250, '+125'], ['11/8', 2375, '+138'], ['6/4', 2500, '+150'],
  ['13/8', 2625, '+163'], ['7/4', 2750, '+175'], ['15/8', 2875, '+188'], ['2/1', 3000, '+200'], ['9/4', 3250, '+225'],
  ['5/2', 3500, '+250'], ['11/4', 3750, '+275'], ['3/1', 4000, '+300'], ['10/3', 4333, '+333'], ['7/2', 4500, '+350'],
  ['4/1', 5000, '+400'], ['9/2', 5500, '+450'], ['5/1', 6000, '+500'], ['6/1', 7000, '+600'], ['10/1', 11000, '+1000'],
  ['20/1', 21000, '+2000'], ['100/1', 101000, '+10000'],
];

describe('odds formats', () => {
  it('converts the examples: 2.50 = 6/4 = +150, 1.50 = 1/2 = -200, 1.91 = 10/11 = -110', () => {
    expect([fractionalOdds(2500), americanOdds(2500)]).toEqual(['6/4', '+150']);
    expect([fractionalOdds(1500), americanOdds(1500)]).toEqual(['1/2', '-200']);
    expect([fractionalOdds(1910), americanOdds(1910)]).toEqual(['10/11', '-110']);
  });

  it.each(CHART)('%s = %i thousandths = %s', (fraction, odd, american) => {
    expect(fractionalOdds(odd)).toBe(fraction);
    expect(americanOdds(odd)).toBe(american);
  });

  it('reads the chart\'s two-decimal prices as the same fractions', () => {
    const twoDecimals: Array<[number, string]> = [[1220, '2/9'], [1290, '2/7'], [1330, '1/3'], [1360, '4/11'], [1440, '4/9'], [1530, '8/15'],
      [1570, '4/7'], [1620, '8/13'], [1670, '4/6'], [1730, '8/11'], [1830, '5/6'], [1910, '10/11'], [2380, '11/8'], [2630, '13/8'], [2880, '15/8'], [4330, '10/3']];
    for (const [odd, fraction] of twoDecimals) expect(fractionalOdds(odd), String(odd)).toBe(fraction);
  });

  it('shows prices off the ladder exactly when simple, else the simplest fraction within half a hundredth', () => {
    expect(fractionalOdds(1950)).toBe('19/20');
    expect(fractionalOdds(1750)).toBe('3/4');
    expect(fractionalOdds(2400)).toBe('7/5');
    expect(fractionalOdds(15500)).toBe('29/2');
    expect(fractionalOdds(1870)).toBe('7/8');
    expect(fractionalOdds(1010)).toBe('1/100');
  });

  it('formats in the chosen style after the display cap; decimal by default', () => {
    expect(formatOdds(2500, { style: 'fractional' })).toBe('6/4');
    expect(formatOdds(2500, { style: 'american' })).toBe('\u200E+150');
    expect(formatOdds(2500, { style: 'decimal' })).toBe('2.50');
    expect(formatOdds(2500)).toBe('2.50');
    expect(formatOdds(500_000, { style: 'fractional' })).toBe('319/1');
    expect(formatOdds(500_000, { style: 'american' })).toBe('\u200E+31900');
    expect(formatOdds(3000, { style: 'american', maxOdds: 2500 })).toBe('\u200E+150');
  });

  it('knows its styles', () => {
    expect(isOddsStyle('fractional')).toBe(true);
    expect(isOddsStyle('hongkong')).toBe(false);
  });
});
