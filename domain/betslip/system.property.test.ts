/**
 * Property tests (fast-check) of the closed-form system payout: for random slips with bankers it
 * equals the brute-force sum over every enumerated combination, floored once, and so does what the
 * slip summary shows for an SK coupon below the payout cap (payouts above 2^53 saturate there).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SlipSelection } from './types.ts';
import { DEFAULT_USER_LIMITS } from './limits.ts';
import { combinationCount, elementarySymmetricSums, enumerateCombinations, systemMaxPayout, systemRatio } from './system.ts';
import { summarizeSlip } from './summary.ts';

/** Mostly everyday odds, sometimes long shots up to the 320 cap. */
const odd = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1_010, max: 10_000 }) }, { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 320_000 }) });
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** Payouts are numbers: exact below 2^53, saturated above (far beyond any maximum payout). */
const saturate = (x: bigint) => (x > MAX_SAFE ? MAX_SAFE : x);
const stake = fc.integer({ min: 1, max: 10_000_000 });

/** floor(stake x sum over k-subsets of (bankers x subset) / 1000^(bankers+k)), by enumeration. */
function bruteForce(free: readonly number[], bankers: readonly number[], sizes: readonly number[], stakePerCombination: number): bigint {
  // each size has its own denominator: bring everything to 1000^(bankers + max size)
  const top = Math.max(...sizes);
  let num = 0n;
  for (const k of sizes) {
    for (const combo of enumerateCombinations(free, k)) {
      const product = [...bankers, ...combo].reduce((p, o) => p * BigInt(o), 1n);
      num += product * 1000n ** BigInt(top - k);
    }
  }
  return (BigInt(stakePerCombination) * num) / 1000n ** BigInt(bankers.length + top);
}

/** A slip: up to 12 free picks and up to 4 bankers on distinct matches. */
const slip = fc.record({
  free: fc.array(odd, { minLength: 1, maxLength: 12 }),
  bankers: fc.array(odd, { maxLength: 4 }),
  stake,
}).chain((s) => fc.record({
  free: fc.constant(s.free),
  bankers: fc.constant(s.bankers),
  stake: fc.constant(s.stake),
  size: fc.integer({ min: 1, max: s.free.length }),
  sizes: fc.uniqueArray(fc.integer({ min: 1, max: s.free.length }), { minLength: 1, maxLength: s.free.length }),
}));

describe('closed-form system payout (property)', () => {
  it('equals the enumeration of every combination, for one size', () => {
    fc.assert(fc.property(slip, ({ free, bankers, size, stake: st }) => {
      expect(BigInt(systemMaxPayout(free, bankers, size, st))).toBe(saturate(bruteForce(free, bankers, [size], st)));
    }), { numRuns: 400 });
  });

  it('equals the enumeration for several sizes at once (the ratio over a common denominator)', () => {
    fc.assert(fc.property(slip, ({ free, bankers, sizes, stake: st }) => {
      const r = systemRatio(free, bankers, sizes);
      expect((BigInt(st) * r.num) / r.den).toBe(bruteForce(free, bankers, sizes, st));
    }), { numRuns: 300 });
  });

  it('e_k is the sum over k-subsets of their products, and e_k(1,...,1) = C(n, k)', () => {
    fc.assert(fc.property(fc.array(odd, { minLength: 0, maxLength: 10 }), (odds) => {
      const e = elementarySymmetricSums(odds, odds.length);
      for (let k = 0; k <= odds.length; k++) {
        const sum = enumerateCombinations(odds, k).reduce((s, c) => s + c.reduce((p, o) => p * BigInt(o), 1n), 0n);
        expect(e[k]).toBe(sum);
      }
      const ones = elementarySymmetricSums(odds.map(() => 1), odds.length);
      ones.forEach((v, k) => expect(v).toBe(BigInt(combinationCount(odds.length, k))));
    }), { numRuns: 200 });
  });

  it('the SK summary below the cap pays the enumerated amount for the chosen sizes and bankers', () => {
    const noCap = { minTip: 1, minStake: 1, maxStake: Number.MAX_SAFE_INTEGER, maxPay: Number.MAX_SAFE_INTEGER, status: 1 as const };
    const limits = { ...DEFAULT_USER_LIMITS, system: noCap };
    const sk = fc.record({
      odds: fc.array(odd, { minLength: 2, maxLength: 10 }),
      ticketStake: fc.integer({ min: 1, max: 100_000 }),
    }).chain(({ odds, ticketStake }) => fc.record({
      odds: fc.constant(odds),
      ticketStake: fc.constant(ticketStake),
      // bankers leave at least 2 free picks (the banko toggle rule)
      bankers: fc.uniqueArray(fc.integer({ min: 0, max: odds.length - 1 }), { maxLength: odds.length - 2 }),
    })).chain((s) => fc.record({
      s: fc.constant(s),
      sizes: fc.uniqueArray(fc.integer({ min: 1, max: s.odds.length - s.bankers.length }), { minLength: 1 }),
    }));
    fc.assert(fc.property(sk, ({ s, sizes }) => {
      const selections: SlipSelection[] = s.odds.map((o, i) => ({
        matchId: i + 1, oddsType: 1, outcomeId: 1, special: '', odd: o, banko: s.bankers.includes(i), live: false, locked: false, matchName: '', addedAt: 0,
      }));
      const summary = summarizeSlip({ selections, stake: s.ticketStake, systemSizes: sizes, limits });
      const free = selections.filter((x) => !x.banko).map((x) => x.odd);
      const bankers = selections.filter((x) => x.banko).map((x) => x.odd);
      expect(summary.couponType).toBe('SK');
      expect(summary.couponCount).toBe(sizes.reduce((n, k) => n + combinationCount(free.length, k), 0));
      expect(summary.totalAmount).toBe(summary.baseAmount * summary.couponCount);
      expect(BigInt(summary.maxPayout)).toBe(saturate(bruteForce(free, bankers, sizes, summary.baseAmount)));
    }), { numRuns: 300 });
  });
});
