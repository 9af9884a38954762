/**
 * System payout bench: `npx tsx tests/bench/system-payout.bench.ts`
 *
 * The maximum payout of a system of 20 selections with every size chosen (1 to 20: 1,048,575
 * combinations), in closed form (domain/betslip/system.ts: elementary symmetric sums, O(n^2) BigInt
 * steps) against enumerating the combinations in the same run. The baseline is a lean enumeration
 * (a depth-first walk carrying the running BigInt product, no arrays), so the ratio is against the
 * best enumeration, not a strawman. Both must give the same exact amount. Also the heaviest single
 * size (10 of 20: 184,756 combinations) and a slip with bankers (16 free + 4 bankers, all sizes).
 * Goal: closed form under 1 ms a call and over 1,000x faster than enumeration.
 *
 * Options: BENCH_MS of measuring per closed-form variant (default 1000), BENCH_ENUM_RUNS (default 3).
 */
import { systemRatio } from '../../domain/betslip/system.ts';
import { ratioPayout, scalePow, type Ratio } from '../../domain/betslip/odds.ts';
import { seededRandom } from '../../domain/random.ts';

const measureMs = Number(process.env.BENCH_MS ?? 1000);
const enumRuns = Number(process.env.BENCH_ENUM_RUNS ?? 3);

/** Deterministic odds between 1.20 and 4.00 (mulberry32). */
function oddsOf(n: number, seed: number): number[] {
  const next = seededRandom(seed);
  return Array.from({ length: n }, () => 1_200 + Math.floor(next() * 2_800));
}

/**
 * The same ratio by walking every combination of the chosen sizes: for each size k the sum of the
 * products of all k-subsets, brought to the common denominator 1000^(bankers + top).
 */
function enumeratedRatio(odds: readonly number[], bankerOdds: readonly number[], sizes: readonly number[]): Ratio {
  const big = odds.map(BigInt);
  const wanted = new Set(sizes);
  const top = Math.max(...sizes);
  const sums = new Array<bigint>(top + 1).fill(0n);
  const walk = (start: number, k: number, product: bigint): void => {
    if (wanted.has(k)) sums[k]! += product;
    if (k === top) return;
    for (let i = start; i < big.length; i++) walk(i + 1, k + 1, product * big[i]!);
  };
  walk(0, 0, 1n);
  let num = 0n;
  for (const k of wanted) num += sums[k]! * scalePow(top - k);
  const banker = bankerOdds.reduce((p, o) => p * BigInt(o), 1n);
  return { num: banker * num, den: scalePow(bankerOdds.length + top) };
}

let sink = 0n;

function timeClosed(odds: number[], bankers: number[], sizes: number[]): { perCallMs: number; ratio: Ratio } {
  let ratio = systemRatio(odds, bankers, sizes);
  // warm up the JIT, then count calls for measureMs
  for (let i = 0; i < 200; i++) sink ^= systemRatio(odds, bankers, sizes).num & 1n;
  let calls = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < measureMs) {
    for (let i = 0; i < 50; i++) {
      ratio = systemRatio(odds, bankers, sizes);
      sink ^= BigInt(ratioPayout(100, ratio)) & 1n;
    }
    calls += 50;
    t = performance.now();
  }
  return { perCallMs: (t - t0) / calls, ratio };
}

function timeEnumerated(odds: number[], bankers: number[], sizes: number[]): { perCallMs: number; ratio: Ratio } {
  let ratio = enumeratedRatio(odds, bankers, sizes);
  const t0 = performance.now();
  for (let i = 0; i < enumRuns; i++) {
    ratio = enumeratedRatio(odds, bankers, sizes);
    sink ^= ratio.num & 1n;
  }
  return { perCallMs: (performance.now() - t0) / enumRuns, ratio };
}

const sameValue = (a: Ratio, b: Ratio) => a.num * b.den === b.num * a.den;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const combos = (n: number, sizes: number[]) => sizes.reduce((s, k) => s + binom(n, k), 0);
function binom(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}

const odds20 = oddsOf(20, 7);
const cases: Array<{ name: string; odds: number[]; bankers: number[]; sizes: number[] }> = [
  { name: '20 selections, every size 1..20', odds: odds20, bankers: [], sizes: range(1, 20) },
  { name: '20 selections, size 10 only', odds: odds20, bankers: [], sizes: [10] },
  { name: '16 free + 4 bankers, every size 1..16', odds: odds20.slice(0, 16), bankers: odds20.slice(16), sizes: range(1, 16) },
];

console.log(`system payout: closed form (elementary symmetric sums) vs enumeration, same run (Node ${process.version})`);
let goal = '';
for (const c of cases) {
  const closed = timeClosed(c.odds, c.bankers, c.sizes);
  const enumerated = timeEnumerated(c.odds, c.bankers, c.sizes);
  if (!sameValue(closed.ratio, enumerated.ratio)) throw new Error(`${c.name}: closed form and enumeration disagree`);
  const speedup = enumerated.perCallMs / closed.perCallMs;
  // the goal is stated for the first case: 20 selections, all sizes
  if (!goal) goal = closed.perCallMs < 1 && speedup > 1000 ? 'met' : 'NOT met';
  console.log(`  ${c.name} (${combos(c.odds.length, c.sizes).toLocaleString('en')} combinations):`
    + ` closed form ${(closed.perCallMs * 1000).toFixed(1)} us/call, enumeration ${enumerated.perCallMs.toFixed(1)} ms/call,`
    + ` ${Math.round(speedup).toLocaleString('en')}x faster; payout of 1.00 a combination ${ratioPayout(100, closed.ratio).toLocaleString('en')} (same exact value)`);
}
console.log(`  goal for 20 selections, all sizes (under 1 ms a call, over 1,000x): ${goal}${sink === -1n ? '' : ''}`);
