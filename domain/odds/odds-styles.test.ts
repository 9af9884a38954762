import { describe, expect, it } from 'vitest';
import { FRACTION_LADDER, americanOdds, fractionalOdds, isOddsStyle } from './odds-styles.ts';
import { formatOdds } from './display.ts';

// The common conversion chart bookmakers and odds sites publish (fraction, decimal, American: the
// 'odds conversion table' of UK bookmakers and odds sites, evens to 100/1 and the odds-on side).
// Decimals to three places (the feed's thousandths); American computed from that decimal.
const CHART: Array<[string, number, string]> = [
  ['1/5', 1200, '-500'], ['2/9', 1222, '-450'], ['1/4', 1250, '-400'], ['2/7', 1286, '-350'], ['3/10', 1300, '-333'],
  ['1/3', 1333, '-300'], ['4/11', 1364, '-275'], ['2/5', 1400, '-250'], ['4/9', 1444, '-225'], ['1/2', 1500, '-200'],
  ['8/15', 1533, '-188'], ['4/7', 1571, '-175'], ['8/13', 1615, '-163'], ['4/6', 1667, '-150'], ['8/11', 1727, '-138'],
  ['4/5', 1800, '-125'], ['5/6', 1833, '-120'], ['10/11', 1909, '-110'], ['1/1', 2000, '+100'], ['21/20', 2050, '+105'],
  ['11/10', 2100, '+110'], ['6/5', 2200, '+120'], ['5/4', 2250, '+125'], ['11/8', 2375, '+138'], ['6/4', 2500, '+150'],
  ['13/8', 2625, '+163'], ['7/4', 2750, '+175'], ['15/8', 2875, '+188'], ['2/1', 3000, '+200'], ['85/40', 3125, '+213'], ['9/4', 3250, '+225'],
  ['5/2', 3500, '+250'], ['11/4', 3750, '+275'], ['3/1', 4000, '+300'], ['10/3', 4333, '+333'], ['7/2', 4500, '+350'],
  ['4/1', 5000, '+400'], ['9/2', 5500, '+450'], ['5/1', 6000, '+500'], ['11/2', 6500, '+550'], ['6/1', 7000, '+600'], ['13/2', 7500, '+650'], ['7/1', 8000, '+700'],
  ['15/2', 8500, '+750'], ['8/1', 9000, '+800'], ['17/2', 9500, '+850'], ['9/1', 10000, '+900'], ['10/1', 11000, '+1000'], ['11/1', 12000, '+1100'],
  ['12/1', 13000, '+1200'], ['14/1', 15000, '+1400'], ['16/1', 17000, '+1600'], ['18/1', 19000, '+1800'],
  ['20/1', 21000, '+2000'], ['25/1', 26000, '+2500'], ['33/1', 34000, '+3300'], ['50/1', 51000, '+5000'], ['100/1', 101000, '+10000'],
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

  it('shows every price as the nearest ladder step, never an exact but unreadable fraction', () => {
    // What a player saw before: 30/29, 77/29, 103/18, 402/35, 1875/67 and a combination's 307/17.
    expect(fractionalOdds(2034)).toBe('21/20');
    expect(fractionalOdds(3655)).toBe('11/4');
    expect(fractionalOdds(6722)).toBe('11/2');
    expect(fractionalOdds(12486)).toBe('11/1');
    expect(fractionalOdds(28985)).toBe('28/1');
    expect(fractionalOdds(19059)).toBe('18/1');
    expect(fractionalOdds(1950)).toBe('10/11');
    expect(fractionalOdds(2400)).toBe('11/8');
    expect(fractionalOdds(15500)).toBe('14/1');
    expect(fractionalOdds(1010)).toBe('1/100');
  });

  it('halfway between two steps shows the shorter price', () => {
    // 1.95 sits between 10/11 (1.909) and evens (2.00); 2.025 exactly between evens and 21/20.
    expect(fractionalOdds(2025)).toBe('1/1');
    expect(fractionalOdds(1955)).toBe('1/1');
  });

  it('every price of a wide sweep is a ladder step', () => {
    const steps = new Set(FRACTION_LADDER.map(([n, d]) => `${n}/${d}`));
    for (let odd = 1010; odd <= 320_000; odd += odd < 5000 ? 7 : 997) expect(steps.has(fractionalOdds(odd)), String(odd)).toBe(true);
  });

  it('formats in the chosen style after the display cap; decimal by default', () => {
    expect(formatOdds(2500, { style: 'fractional' })).toBe('6/4');
    expect(formatOdds(2500, { style: 'american' })).toBe('\u200E+150');
    expect(formatOdds(2500, { style: 'decimal' })).toBe('2.50');
    expect(formatOdds(2500)).toBe('2.50');
    expect(formatOdds(500_000, { style: 'fractional' })).toBe('300/1');
    expect(formatOdds(500_000, { style: 'american' })).toBe('\u200E+31900');
    expect(formatOdds(3000, { style: 'american', maxOdds: 2500 })).toBe('\u200E+150');
  });

  it('knows its styles', () => {
    expect(isOddsStyle('fractional')).toBe(true);
    expect(isOddsStyle('hongkong')).toBe(false);
  });
});
