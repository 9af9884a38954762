/**
 * Property tests (fast-check) of the slip summary: payouts never exceed the caps (and the 'stake
 * limited to' amount is the largest that fits), stakes add up, the bonus stays within its cap, and
 * the coupon type rules of section 4 hold for random slips, system sizes and banker toggles.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { KindLimits, UserLimits } from '../protocol/entities.ts';
import type { SlipSelection } from './types.ts';
import { DEFAULT_USER_LIMITS, SLIP_CONSTANTS } from './limits.ts';
import { summarizeSlip } from './summary.ts';
import { couponTypeOf } from './coupon-type.ts';
import { applySystemSizes, bankoCount, toggleBanko } from './banko.ts';
import { systemPossible } from './system-list.ts';
import { combinationCount } from './system.ts';

const pick = fc.record({ matchId: fc.integer({ min: 1, max: 12 }), outcomeId: fc.integer({ min: 1, max: 3 }), odd: fc.integer({ min: 1_010, max: 320_000 }), banko: fc.boolean() });

/** 0..20 picks, distinct outcomes, matches drawn from 12 so a slip sometimes holds two picks of one match. */
const selections = fc.uniqueArray(pick, { maxLength: 20, selector: (p) => `${p.matchId}|${p.outcomeId}` })
  .map((ps) => ps.map((p): SlipSelection => ({ ...p, oddsType: 1, special: '', live: false, locked: false, matchName: '', addedAt: 0 })));

const kind: fc.Arbitrary<KindLimits> = fc.record({
  minTip: fc.integer({ min: 1, max: 4 }),
  minStake: fc.integer({ min: 1, max: 2_000 }),
  maxStakeOver: fc.integer({ min: 0, max: 1_000_000 }),
  maxPay: fc.integer({ min: 0, max: 100_000_000 }),
}).map((k) => ({ minTip: k.minTip, minStake: k.minStake, maxStake: k.minStake + k.maxStakeOver, maxPay: k.maxPay, status: 1 as const }));

const limits: fc.Arbitrary<UserLimits> = fc.record({
  single: kind, combine: kind, multiple: kind, system: kind,
  staketype: fc.constantFrom(0 as const, 1 as const),
  bonus: fc.record({ percent: fc.integer({ min: 0, max: 60 }), tipCount: fc.integer({ min: 0, max: 6 }), minOdds: fc.integer({ min: 1_000, max: 3_000 }) }),
}).map((l) => ({ ...DEFAULT_USER_LIMITS, ...l, live: l.combine, minOddsCoupon: 0, maxOddsCoupon: 0 }));

const slip = fc.record({
  selections,
  sizes: fc.uniqueArray(fc.integer({ min: 0, max: 12 }), { maxLength: 4 }),
  stake: fc.integer({ min: 0, max: 2_000_000 }),
  limits,
});

const matchesOf = (s: readonly SlipSelection[]) => new Set(s.map((x) => x.matchId)).size;

describe('summary caps (property)', () => {
  it('the payout never exceeds the maximum payout, and stakes add up', () => {
    fc.assert(fc.property(slip, ({ selections: sel, sizes, stake, limits: lim }) => {
      const s = summarizeSlip({ selections: sel, stake, systemSizes: sizes, limits: lim });
      expect(s.maxPayout).toBeLessThanOrEqual(s.userMaxPay);
      expect(s.maxPayout).toBeGreaterThanOrEqual(0);
      expect(s.totalAmount).toBe(s.baseAmount * s.couponCount);
      if (s.couponType !== 'none') {
        // the debited amount is never above the maximum stake, and is the entered stake when it is within the limits
        const entered = lim.staketype === 1 ? s.totalAmount : s.baseAmount;
        expect(entered).toBeLessThanOrEqual(s.maxStake);
      }
      expect(s.bonusPercent).toBeLessThanOrEqual(SLIP_CONSTANTS.bonusPercentCap);
      expect(s.bonusPrice).toBeLessThanOrEqual(Math.floor((s.maxPayout * SLIP_CONSTANTS.bonusPercentCap) / 100));
      if (s.creatable) {
        expect(s.limitErrors).toEqual([]);
        expect(s.stakeLimitedTo).toBeUndefined();
      }
    }), { numRuns: 500 });
  });

  it("'stake limited to' is the largest stake whose payout fits the cap", () => {
    fc.assert(fc.property(slip, ({ selections: sel, sizes, stake, limits: lim }) => {
      const s = summarizeSlip({ selections: sel, stake, systemSizes: sizes, limits: lim });
      if (s.stakeLimitedTo === undefined) return;
      expect(s.limitErrors).toContainEqual({ code: 'maxPay', max: s.userMaxPay, amount: s.stakeLimitedTo });
      const unit = lim.staketype === 1 ? s.couponCount : 1;
      const at = (entered: number) => summarizeSlip({ selections: sel, stake: entered, systemSizes: sizes, limits: lim });
      // within the stake limits, the limited stake fits and one unit more does not
      if (s.stakeLimitedTo >= s.minStake && s.stakeLimitedTo <= s.maxStake) {
        expect(at(s.stakeLimitedTo).limitErrors.some((e) => e.code === 'maxPay')).toBe(false);
      }
      if (s.stakeLimitedTo + unit >= s.minStake && s.stakeLimitedTo + unit <= s.maxStake) {
        expect(at(s.stakeLimitedTo + unit).limitErrors.some((e) => e.code === 'maxPay')).toBe(true);
      }
    }), { numRuns: 500 });
  });
});

describe('coupon type rules (property)', () => {
  it('none, TK, CK, SK, KK as section 4 says; a KK is always one combination', () => {
    fc.assert(fc.property(slip, ({ selections: sel, sizes, stake, limits: lim }) => {
      const s = summarizeSlip({ selections: sel, stake, systemSizes: sizes, limits: lim });
      const n = sel.length;
      const free = n - bankoCount(sel);
      const sameMatch = matchesOf(sel) < n;
      const offered = systemPossible(sel) ? sizes.filter((k) => k >= 1 && k <= Math.min(free, SLIP_CONSTANTS.maxSystemCoupons)) : [];
      const expected = n === 0 ? 'none' : n === 1 ? 'TK' : offered.length ? 'SK' : sameMatch ? 'CK' : 'KK';
      expect(s.couponType).toBe(expected);
      switch (s.couponType) {
        case 'none': expect(s.couponCount).toBe(0); break;
        case 'TK': case 'KK': expect(s.couponCount).toBe(1); break;
        case 'SK': expect(s.couponCount).toBe(offered.reduce((c, k) => c + combinationCount(free, k), 0)); break;
        case 'CK': {
          const perMatch = new Map<number, number>();
          for (const x of sel) perMatch.set(x.matchId, (perMatch.get(x.matchId) ?? 0) + 1);
          expect(s.couponCount).toBe([...perMatch.values()].reduce((c, g) => c * g, 1));
          break;
        }
      }
      // the bonus only for single, non-multiple coupons (TK and KK)
      if (s.couponType !== 'TK' && s.couponType !== 'KK') expect(s.bonusPercent).toBe(0);
      // the type does not depend on the order of the picks
      expect(couponTypeOf([...sel].reverse(), offered)).toBe(s.couponType);
    }), { numRuns: 500 });
  });

  it('banker toggles never leave fewer than 2 free picks; deselecting every size clears them', () => {
    const toggles = fc.record({ selections, presses: fc.array(fc.nat({ max: 19 }), { maxLength: 40 }) });
    fc.assert(fc.property(toggles, ({ selections: start, presses }) => {
      let sel = start.map((x) => ({ ...x, banko: false }));
      for (const i of presses) {
        const next = toggleBanko(sel, i % Math.max(sel.length, 1));
        if (next) sel = next;
        expect(bankoCount(sel)).toBeLessThanOrEqual(Math.max(0, sel.length - 2));
      }
      expect(bankoCount(applySystemSizes(sel, []))).toBe(0);
    }), { numRuns: 300 });
  });
});
