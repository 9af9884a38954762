/**
 * Decimal odds as providers send them ('1.85', '2.3', '12') into integer thousandths, read digit
 * by digit: a float would turn '1.15' into 1149.999... Digits past the third decimal are dropped
 * (the price is never rounded up in the player's favour, like every other amount here).
 */
import type { Odds } from '../money.ts';

/** Integer thousandths of a decimal odds string; undefined when it is not a plain positive decimal. */
export function parseDecimalOdds(text: string | undefined | null): Odds | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^\s*(\d{1,7})(?:\.(\d+))?\s*$/.exec(text);
  if (!m) return undefined;
  const odds = Number(m[1]) * 1000 + Number((m[2] ?? '').slice(0, 3).padEnd(3, '0'));
  return odds > 0 ? odds : undefined;
}
