/**
 * The amount bands of the reports: stake ranges (betting-core.md section 9) and payment amount
 * bands (account-platform.md section 9), both 1-100, 100-250, 250-500, 500-1000, 1000-5000,
 * 5000 and above in major units. Limits here are minor units; a band holds min <= amount < max.
 */
export interface Band { band: string; min: number; max: number | null }

const EDGES = [100, 250, 500, 1000, 5000];

function bandsOf(edges: readonly number[]): Band[] {
  const out: Band[] = [];
  let lo = 1;
  for (const e of edges) {
    out.push({ band: `${lo}-${e}`, min: lo === 1 ? 0 : lo * 100, max: e * 100 });
    lo = e;
  }
  out.push({ band: `${lo}+`, min: lo * 100, max: null });
  return out;
}

/** Stake-range report buckets. */
export const STAKE_RANGES: readonly Band[] = bandsOf(EDGES);
/** Payment amount bands. */
export const PAYMENT_BANDS: readonly Band[] = bandsOf(EDGES);

/** The index of the band an amount (minor units) falls in. */
export function bandIndex(bands: readonly Band[], amount: number): number {
  const i = bands.findIndex((b) => amount >= b.min && (b.max === null || amount < b.max));
  return i < 0 ? 0 : i;
}
