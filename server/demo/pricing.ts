/**
 * Pre-match prices for the demo: a fair probability per outcome from a simple model, then a
 * bookmaker margin. Football uses independent Poisson goals; other sports a normal model of the
 * score difference and the total. Odds are integer thousandths, rounded to 2 decimals.
 */
const MARGIN = 0.06;

/** Odds (thousandths) for a fair probability with the margin, between 1.01 and 50.00. */
export function priceOf(p: number): number {
  const raw = 1 / (Math.max(p, 0.0001) * (1 + MARGIN));
  const cents = Math.floor(raw * 100);
  return Math.min(5000, Math.max(101, cents)) * 10;
}

function poisson(lambda: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

/** Probability over the joint Poisson score grid of a football match. */
export function footballProb(lh: number, la: number, pred: (h: number, a: number) => boolean): number {
  return poissonGridProb(lh, la, pred, 12);
}

/** Probability of pred over two independent Poisson counts (goals, corners, cards) up to max each. */
export function poissonGridProb(lh: number, la: number, pred: (h: number, a: number) => boolean, max: number): number {
  const ph = poisson(lh, max);
  const pa = poisson(la, max);
  let sum = 0;
  for (let h = 0; h <= max; h++) for (let a = 0; a <= max; a++) if (pred(h, a)) sum += ph[h]! * pa[a]!;
  return sum;
}

/** A Poisson draw (Knuth), for demo results. */
export function samplePoisson(lambda: number, random: () => number): number {
  const l = Math.exp(-lambda);
  let k = 0;
  let p = 1;
  do { k++; p *= random(); } while (p > l);
  return k - 1;
}

/** The bookmaker margin of the demo prices; a price back to its fair probability divides by it. */
export const DEMO_MARGIN = MARGIN;

/** Standard normal cumulative distribution (Abramowitz-Stegun 7.1.26). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x) / Math.SQRT2);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** Per-sport shape of the normal model: mean total, spread of total and of the difference. */
/** step: the distance between the offered lines of spread and total. */
export const SPORT_MODEL: Record<number, { total: number; totalSd: number; diffSd: number; homeAdv: number; step: number }> = {
  3: { total: 221, totalSd: 18, diffSd: 12, homeAdv: 3, step: 4 },
  4: { total: 5.8, totalSd: 2.2, diffSd: 2.3, homeAdv: 0.3, step: 1 },
  5: { total: 22.5, totalSd: 4, diffSd: 4.5, homeAdv: 0, step: 2 },
  6: { total: 56, totalSd: 6, diffSd: 5, homeAdv: 1.5, step: 2 },
  7: { total: 8.6, totalSd: 3, diffSd: 3.5, homeAdv: 0.3, step: 1 },
  23: { total: 182, totalSd: 20, diffSd: 12, homeAdv: 1, step: 6 },
  41: { total: 76, totalSd: 8, diffSd: 8, homeAdv: 0, step: 4 },
  109: { total: 26.5, totalSd: 4, diffSd: 5, homeAdv: 0, step: 2 },
  110: { total: 2.5, totalSd: 0.8, diffSd: 1.2, homeAdv: 0, step: 1 },
  111: { total: 2.5, totalSd: 0.8, diffSd: 1.2, homeAdv: 0, step: 1 },
};
