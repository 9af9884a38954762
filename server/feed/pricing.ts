/**
 * The simulator's price model: true probabilities from a simple model of the score and the time
 * left (Poisson goals, normal points, a Markov chain for sets), turned into odds with a margin.
 * Odds are integer thousandths. A book is priced as a whole so its implied probabilities always
 * add up to (1 + margin) times the sum of the true ones (1 for exclusive outcomes).
 */

/** The simulator never offers more than 250.00. */
export const SIM_ODDS_CAP = 250_000;
/** A book with any price below 1.02 is suspended rather than offered (it is all but decided). */
export const SIM_MIN_PRICE = 1020;

export type Book =
  | { kind: 'open'; odds: number[] }
  | { kind: 'suspended' }
  | { kind: 'decided' };

/** Prices a book; `decided` when an outcome is certain, `suspended` when one is nearly so. */
export function priceBook(probs: readonly number[], margin: number): Book {
  let max = 0;
  for (const p of probs) if (p > max) max = p;
  if (max >= 1 - 1e-9) return { kind: 'decided' };
  const odds = probs.map((p) => (p <= 0 ? SIM_ODDS_CAP : Math.min(SIM_ODDS_CAP, Math.round(1000 / (p * (1 + margin))))));
  for (const o of odds) if (o < SIM_MIN_PRICE) return { kind: 'suspended' };
  return { kind: 'open', odds };
}

/** Sum of implied probabilities of a book of odds in thousandths. */
export function impliedSum(odds: readonly number[]): number {
  let s = 0;
  for (const o of odds) s += 1000 / o;
  return s;
}

/** Poisson probabilities 0..n-1, the tail folded into the last bucket so they sum to 1. */
export function poissonPmf(lambda: number, n: number): Float64Array {
  const out = new Float64Array(n);
  let p = Math.exp(-lambda);
  let acc = 0;
  for (let k = 0; k < n - 1; k++) {
    out[k] = p;
    acc += p;
    p *= lambda / (k + 1);
  }
  out[n - 1] = Math.max(0, 1 - acc);
  return out;
}

/** A grid of independent Poisson additional goals: grid[i * n + j] = P(home i more, away j more). */
export interface Grid {
  n: number;
  p: Float64Array;
  lh: number;
  la: number;
}

export function goalGrid(lh: number, la: number, n = 11): Grid {
  const ph = poissonPmf(lh, n);
  const pa = poissonPmf(la, n);
  const p = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) p[i * n + j] = ph[i]! * pa[j]!;
  return { n, p, lh, la };
}

/** Probability mass of the grid where `f(i, j)` (additional goals) returns the bucket index. */
export function gridBuckets(g: Grid, buckets: number, f: (i: number, j: number) => number): number[] {
  const out = new Array<number>(buckets).fill(0);
  const { n, p } = g;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const b = f(i, j);
      if (b >= 0) out[b]! += p[i * n + j]!;
    }
  }
  return out;
}

/** P(X > k) for X ~ Poisson(lambda), k an integer (the tail above a .5 line). */
export function poissonAbove(lambda: number, k: number): number {
  if (k < 0) return 1;
  let p = Math.exp(-lambda);
  let cdf = p;
  for (let i = 1; i <= k; i++) {
    p *= lambda / i;
    cdf += p;
  }
  return Math.max(0, 1 - cdf);
}

/** Standard normal CDF (Abramowitz-Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** P(X > x) for a normal (mean, sd); sd 0 means X is exactly the mean. */
export function normalAbove(x: number, mean: number, sd: number): number {
  if (sd <= 1e-9) return mean > x ? 1 : 0;
  return 1 - normalCdf((x - mean) / sd);
}

/** How a set is won: first to `target`, by two unless a tie-break decides at tiebreakAt-all. */
export interface SetRules {
  target: number;
  /** Tennis: at 6:6 one tie-break (modelled as one game) decides. */
  tiebreakAt?: number;
}

/** Probability that home wins the set from (i, j) when home wins each point with probability p. */
export function setWinProb(i: number, j: number, p: number, rules: SetRules): number {
  const q = 1 - p;
  const T = rules.target;
  const tb = rules.tiebreakAt;
  const deuce = (p * p) / (p * p + q * q);
  const memo = new Map<number, number>();
  const f = (x: number, y: number): number => {
    if (x >= T && x - y >= 2) return 1;
    if (y >= T && y - x >= 2) return 0;
    if (tb !== undefined) {
      if (x === tb && y === tb) return p;
      if (x > tb) return 1;
      if (y > tb) return 0;
    } else if (x >= T - 1 && y >= T - 1) {
      const d = x - y;
      return d === 0 ? deuce : d === 1 ? p + q * deuce : p * deuce;
    }
    const key = x * 256 + y;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const v = p * f(x + 1, y) + q * f(x, y + 1);
    memo.set(key, v);
    return v;
  };
  return f(i, j);
}

/** Probability that home wins the match from sets (sh, sa) and the current set at `cur`. */
export function matchWinProb(
  sh: number, sa: number, cur: { h: number; a: number }, p: number,
  setsToWin: number, rulesFor: (setIndex: number) => SetRules,
): number {
  const memo = new Map<number, number>();
  const m = (x: number, y: number): number => {
    if (x >= setsToWin) return 1;
    if (y >= setsToWin) return 0;
    const key = x * 16 + y;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const s = setWinProb(0, 0, p, rulesFor(x + y));
    const v = s * m(x + 1, y) + (1 - s) * m(x, y + 1);
    memo.set(key, v);
    return v;
  };
  if (sh >= setsToWin) return 1;
  if (sa >= setsToWin) return 0;
  const pc = setWinProb(cur.h, cur.a, p, rulesFor(sh + sa));
  return pc * m(sh + 1, sa) + (1 - pc) * m(sh, sa + 1);
}
