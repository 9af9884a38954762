/**
 * System (SK) coupons: k-of-n combinations of the non-banker picks, each with every banker.
 * Payouts use the closed form stake x bankerProduct x e_k(odds), where e_k is the elementary
 * symmetric sum (the sum over all k-subsets of the product of their odds), so a 3-of-10 system
 * costs O(n*k) BigInt steps instead of listing 120 combinations.
 */
import type { Minor, Odds } from '../money.ts';
import { productRatio, ratioPayout, scalePow, toBigInt, toSafeNumber, type Ratio } from './odds.ts';

/** e_0..e_maxK of the odds, exact (BigInt), by the usual one-pass recurrence. */
export function elementarySymmetricSums(odds: readonly Odds[], maxK: number): bigint[] {
  const e: bigint[] = Array.from({ length: maxK + 1 }, (_, i) => (i === 0 ? 1n : 0n));
  for (const o of odds) {
    const x = toBigInt(o, 'odd');
    // Downwards, so e[j-1] is still the value before x was added.
    for (let j = Math.min(maxK, odds.length); j >= 1; j--) e[j] = e[j]! + e[j - 1]! * x;
  }
  return e;
}

/**
 * The exact return per unit of stake per combination of a system with the given sizes: the sum
 * over sizes of bankerProduct x e_k / 1000^(bankers+k). Sizes outside 0..odds.length add nothing.
 */
export function systemRatio(odds: readonly Odds[], bankerOdds: readonly Odds[], sizes: readonly number[]): Ratio {
  const valid = sizes.filter((k) => Number.isInteger(k) && k >= 0 && k <= odds.length);
  const banker = productRatio(bankerOdds);
  if (valid.length === 0) return { num: 0n, den: 1n };
  const top = Math.max(...valid);
  const e = elementarySymmetricSums(odds, top);
  let num = 0n;
  // Bring each size to the common denominator 1000^(bankers+top).
  for (const k of new Set(valid)) num += e[k]! * scalePow(top - k);
  return { num: banker.num * num, den: banker.den * scalePow(top) };
}

/**
 * Maximum payout of a k-of-n system (every pick wins): floor(stake x bankerProduct x e_k(odds)),
 * in minor units. It equals the exact sum over the enumerated combinations, floored once.
 * Settlement can call it with only the won picks' odds (void picks at 1000) to pay a system.
 */
export function systemMaxPayout(odds: readonly Odds[], bankerOdds: readonly Odds[], size: number, stakePerCombination: Minor): Minor {
  return ratioPayout(stakePerCombination, systemRatio(odds, bankerOdds, [size]));
}

/** C(n, k), exact (BigInt inside); 0 when k is outside 0..n. */
export function combinationCount(n: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(k) || k < 0 || n < 0 || k > n) return 0;
  const kk = Math.min(k, n - k);
  let c = 1n;
  // After step i, c = C(n - kk + i + 1, i + 1), always an integer.
  for (let i = 0; i < kk; i++) c = (c * BigInt(n - kk + i + 1)) / BigInt(i + 1);
  return toSafeNumber(c);
}

/** All k-subsets of items in lexicographic index order. Only where a list is really needed (settlement). */
export function enumerateCombinations<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  if (!Number.isInteger(k) || k < 0 || k > items.length) return out;
  const pick: T[] = [];
  const walk = (start: number): void => {
    if (pick.length === k) { out.push(pick.slice()); return; }
    // Stop early when too few items remain to fill the combination.
    for (let i = start; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i]!);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}
