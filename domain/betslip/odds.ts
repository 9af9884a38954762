/**
 * Odds and payout arithmetic: the one place where the slip rounds.
 *
 * Rounding rule: a payout is computed from the exact product of the odds (BigInt, no float) and
 * floored to the minor unit once; combined odds are floored to thousandths once. A payout is never
 * computed from already floored combined odds, so a KK coupon pays exactly what the n-of-n system of
 * the same picks pays, and the closed-form system payout is exact (see system.ts). The shown odds
 * times the stake may therefore be below the payout by less than stake/1000 minor units.
 */
import type { Minor, Odds } from '../money.ts';
import { ODDS_SCALE } from '../money.ts';

const SCALE = BigInt(ODDS_SCALE);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The return of one unit of stake per combination if every pick wins, as an exact fraction
 * num/den (for example 2.5 x 1.8 = 4500000/1000000).
 */
export interface Ratio { num: bigint; den: bigint }

/** A BigInt back to a number, saturating at Number.MAX_SAFE_INTEGER (far above any payout limit). */
export function toSafeNumber(x: bigint): number {
  return Number(x > MAX_SAFE ? MAX_SAFE : x);
}

/** Odds and stakes are non-negative safe integers by contract; anything else is a caller bug. */
export function toBigInt(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer, got ${value}`);
  return BigInt(value);
}

/** 1000^n as a BigInt: the denominator of a product of n odds. */
export function scalePow(n: number): bigint {
  return SCALE ** BigInt(n);
}

/** The exact return of one combination: the product of its odds. */
export function productRatio(odds: readonly Odds[]): Ratio {
  let num = 1n;
  for (const o of odds) num *= toBigInt(o, 'odd');
  return { num, den: scalePow(odds.length) };
}

/** A return as odds in thousandths, floored. */
export function ratioOdds(r: Ratio): Odds {
  return toSafeNumber((r.num * SCALE) / r.den);
}

/** Payout of stake (minor units) at the exact return r, floored to the minor unit. */
export function ratioPayout(stake: Minor, r: Ratio): Minor {
  return toSafeNumber((toBigInt(stake, 'stake') * r.num) / r.den);
}

/**
 * The largest stake whose payout at return r is at most maxPay:
 * floor(s*num/den) <= M  <=>  s*num < (M+1)*den  <=>  s <= ((M+1)*den - 1) / num.
 */
export function largestStakeWithin(r: Ratio, maxPay: Minor): Minor {
  if (r.num === 0n) return Number.MAX_SAFE_INTEGER;
  return toSafeNumber(((toBigInt(maxPay, 'maxPay') + 1n) * r.den - 1n) / r.num);
}

/** Combined odds of one combination: the product, floored to thousandths (1.000 for none). */
export function combinedOdds(odds: readonly Odds[]): Odds {
  return ratioOdds(productRatio(odds));
}

/** Payout of a stake at one odds value: floor(stake * odds / 1000). */
export function payout(stake: Minor, odds: Odds): Minor {
  return toSafeNumber((toBigInt(stake, 'stake') * toBigInt(odds, 'odd')) / SCALE);
}

/** Payout of one combination of picks, from the exact product (one floor). */
export function combinationPayout(stake: Minor, odds: readonly Odds[]): Minor {
  return ratioPayout(stake, productRatio(odds));
}
