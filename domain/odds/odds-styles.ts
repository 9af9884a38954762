/**
 * The odds formats players expect besides decimal: fractional (UK, '6/4') and American ('+150',
 * '-200'), from odds in integer thousandths. Display only: a bet is always priced and settled on
 * the decimal odd, and receipts print decimal.
 */

export { ODDS_STYLES, isOddsStyle, type OddsStyle } from './odds-style-names.ts';

/**
 * The traditional fractional ladder bookmakers quote (profit / stake): a price on it is shown as
 * the ladder writes it, e.g. 2.50 as 6/4 (not 3/2), 1.67 as 4/6 and 1.91 as 10/11.
 */
export const FRACTION_LADDER: ReadonlyArray<readonly [number, number]> = [
  [1, 100], [1, 50], [1, 33], [1, 25], [1, 20], [1, 16], [1, 14], [1, 12], [1, 10], [1, 9], [1, 8], [2, 13], [1, 6], [2, 11],
  [1, 5], [2, 9], [1, 4], [2, 7], [3, 10], [1, 3], [4, 11], [2, 5], [4, 9], [1, 2], [8, 15], [4, 7], [8, 13], [4, 6], [8, 11],
  [4, 5], [5, 6], [10, 11], [1, 1], [21, 20], [11, 10], [6, 5], [5, 4], [11, 8], [6, 4], [13, 8], [7, 4], [15, 8], [2, 1],
  [9, 4], [5, 2], [11, 4], [3, 1], [10, 3], [7, 2], [4, 1], [9, 2], [5, 1], [11, 2], [6, 1], [13, 2], [7, 1], [15, 2], [8, 1],
  [17, 2], [9, 1], [10, 1], [11, 1], [12, 1], [14, 1], [16, 1], [18, 1], [20, 1], [25, 1], [33, 1], [40, 1], [50, 1], [66, 1],
  [80, 1], [100, 1], [150, 1], [200, 1], [250, 1],
];

// A ladder price stands for any odd that shows the same at two decimals (within half a hundredth).
const LADDER_TOLERANCE = 5;
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * An odd (thousandths) as a fraction of profit to stake: the ladder's price when the odd is one,
 * else the exact fraction when its denominator is at most 20 (1.95 = 19/20, 1.75 = 3/4), else the
 * simplest fraction within half a hundredth (1.87 = 7/8).
 */
export function fractionalOdds(odd: number): string {
  const p = Math.round(odd) - 1000; // profit per 1000 staked
  if (p <= 0) return '0/1';
  let best: readonly [number, number] | null = null;
  let bestErr = Infinity;
  for (const f of FRACTION_LADDER) {
    const err = Math.abs((1000 * f[0]) / f[1] - p);
    if (err <= LADDER_TOLERANCE && err < bestErr) { best = f; bestErr = err; }
  }
  if (best) return `${best[0]}/${best[1]}`;
  const g = gcd(p, 1000);
  if (1000 / g <= 20) return `${p / g}/${1000 / g}`;
  let near: [number, number] = [Math.max(1, Math.round(p / 1000)), 1];
  let nearErr = Math.abs(1000 * near[0] - p);
  for (let d = 1; d <= 100; d++) {
    const n = Math.max(1, Math.round((p * d) / 1000));
    const err = Math.abs((1000 * n) / d - p);
    if (err <= LADDER_TOLERANCE) return `${n}/${d}`;
    if (err < nearErr) { near = [n, d]; nearErr = err; }
  }
  return `${near[0]}/${near[1]}`;
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
