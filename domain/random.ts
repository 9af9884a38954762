/**
 * The one seeded generator (mulberry32): the same numbers from the same seed on every machine, for
 * what must replay (the feed simulator, the demo data, the property tests and benchmarks). Not for
 * anything a player could guess: secrets and tokens come from node:crypto.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number;
  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number;
  chance(p: number): boolean;
  pick<T>(xs: readonly T[]): T;
  /** Standard normal (Box-Muller). */
  normal(): number;
  /** A Poisson count with mean lambda (Knuth; lambda is small here). */
  poisson(lambda: number): number;
  /** The generator's whole state: createRng(state()) goes on with the same numbers (a checkpoint). */
  state(): number;
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    state: () => a,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    range: (lo, hi) => lo + next() * (hi - lo),
    chance: (p) => next() < p,
    pick: (xs) => {
      if (xs.length === 0) throw new Error('rng.pick of an empty list');
      return xs[Math.floor(next() * xs.length)] as (typeof xs)[number];
    },
    normal: () => {
      const u = 1 - next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    poisson: (lambda) => {
      if (lambda <= 0) return 0;
      const limit = Math.exp(-lambda);
      let k = 0;
      let p = next();
      while (p > limit) {
        k++;
        p *= next();
      }
      return k;
    },
  };
}

/** The generator's bare `next` (uniform in [0, 1)) for code that wants only numbers. */
export function seededRandom(seed: number): () => number {
  return createRng(seed).next;
}
