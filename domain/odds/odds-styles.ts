/**
 * The odds formats players expect besides decimal: fractional (UK, '6/4') and American ('+150',
 * '-200'), from odds in integer thousandths. Display only: a bet is always priced and settled on
 * the decimal odd, and receipts print decimal.
 */

export { ODDS_STYLES, isOddsStyle, type OddsStyle } from './odds-style-names.ts';

/**
 * The fractional ladder bookmakers quote (profit / stake), as the published decimal-to-fractional
 * conversion charts list it: every fractional price shown is one of these steps, so a player never
 * reads an exact but meaningless fraction ('30/29', '307/17'). Written as the ladder writes it:
 * 2.50 is 6/4 (not 3/2), 1.67 is 4/6, 1.91 is 10/11, 3.13 is 85/40.
 */
export const FRACTION_LADDER: ReadonlyArray<readonly [number, number]> = [
  [1, 100], [1, 66], [1, 50], [1, 40], [1, 33], [1, 25], [1, 20], [1, 16], [1, 14], [1, 12], [1, 10], [1, 9], [1, 8], [2, 15], [1, 7],
  [2, 13], [1, 6], [2, 11], [1, 5], [2, 9], [1, 4], [2, 7], [3, 10], [1, 3], [4, 11], [2, 5], [4, 9], [1, 2], [8, 15], [4, 7], [8, 13],
  [4, 6], [8, 11], [4, 5], [5, 6], [10, 11], [1, 1], [21, 20], [11, 10], [6, 5], [5, 4], [11, 8], [6, 4], [13, 8], [7, 4], [15, 8],
  [2, 1], [85, 40], [9, 4], [5, 2], [11, 4], [3, 1], [10, 3], [7, 2], [4, 1], [9, 2], [5, 1], [11, 2], [6, 1], [13, 2], [7, 1],
  [15, 2], [8, 1], [17, 2], [9, 1], [10, 1], [11, 1], [12, 1], [14, 1], [16, 1], [18, 1], [20, 1], [22, 1], [25, 1], [28, 1], [33, 1],
  [40, 1], [50, 1], [66, 1], [80, 1], [100, 1], [125, 1], [150, 1], [200, 1], [250, 1], [300, 1], [400, 1], [500, 1], [1000, 1],
];

/** A ladder step's decimal odd in thousandths (a third is 1333.33...: compared exactly, never rounded). */
const stepOdd = ([n, d]: readonly [number, number]): number => 1000 + (1000 * n) / d;

/**
 * An odd (thousandths) as the nearest step of the ladder (profit to stake): 2.50 = 6/4, 1.91 = 10/11,
 * 2.03 = 21/20, 19.06 = 18/1. Halfway between two steps the shorter price is shown, as bookmakers
 * round. Display only: the bet is priced on the decimal odd.
 */
export function fractionalOdds(odd: number): string {
  if (Math.round(odd) <= 1000) return '0/1';
  let best = FRACTION_LADDER[0]!;
  let bestErr = Infinity;
  for (const step of FRACTION_LADDER) {
    const err = Math.abs(stepOdd(step) - odd);
    // Ties keep the earlier (shorter) step; a float's last bit never decides one.
    if (err < bestErr - 1e-9) { best = step; bestErr = err; }
  }
  return `${best[0]}/${best[1]}`;
}

/**
 * An odd (thousandths) in American (moneyline) form: from 2.00 up the profit on a 100 stake with a
 * plus ('+150' for 2.50), below 2.00 the stake that wins 100 with a minus ('-200' for 1.50,
 * '-110' for 1.91), rounded half up.
 */
export function americanOdds(odd: number): string {
  const p = Math.round(odd) - 1000;
  if (p <= 0) return '-';
  if (p >= 1000) return `+${Math.round(p / 10)}`;
  return `-${Math.round(100_000 / p)}`;
}
