import { describe, expect, it } from 'vitest';
import type { UserLimits } from '../protocol/entities.ts';
import type { SlipSelection } from './types.ts';
import { DEFAULT_USER_LIMITS } from './limits.ts';
import { summarizeSlip } from './summary.ts';
import { applySystemSizes, toggleBanko } from './banko.ts';
import { combinationPayout } from './odds.ts';
import { systemMaxPayout } from './system.ts';

function sel(matchId: number, odd: number, extra: Partial<SlipSelection> = {}): SlipSelection {
  return { matchId, oddsType: 1, outcomeId: 1, special: '', odd, banko: false, live: false, locked: false, matchName: `M${matchId}`, addedAt: 0, ...extra };
}
const sum = (selections: SlipSelection[], stake: number, systemSizes: number[] = [], limits: UserLimits = DEFAULT_USER_LIMITS) =>
  summarizeSlip({ selections, stake, systemSizes, limits });
const withKind = (patch: Partial<UserLimits['single']>, base: UserLimits = DEFAULT_USER_LIMITS): UserLimits => ({
  ...base,
  single: { ...base.single, ...patch },
  combine: { ...base.combine, ...patch },
  multiple: { ...base.multiple, ...patch },
  system: { ...base.system, ...patch },
  live: { ...base.live, ...patch },
});

describe('summarizeSlip: empty and single', () => {
  it('an empty slip is none and not creatable', () => {
    const s = sum([], 1000);
    expect(s).toMatchObject({ couponType: 'none', couponCount: 0, baseAmount: 0, totalAmount: 0, totalOdds: 0, maxPayout: 0, creatable: false, limitErrors: [], systemList: [] });
    expect(s.stakeLimitedTo).toBeUndefined();
  });

  it('a single at 1.85 for 10.00', () => {
    const s = sum([sel(1, 1850)], 1000);
    expect(s).toMatchObject({
      couponType: 'TK', couponCount: 1, isLive: false, baseAmount: 1000, totalAmount: 1000, totalOdds: 1850, maxPayout: 1850,
      bonusPercent: 0, bonusPrice: 0, minTip: 1, minStake: 100, maxStake: 25_000, userMaxPay: 1_250_000, creatable: true, limitErrors: [],
    });
    expect('stakeLimitedTo' in s).toBe(false);
  });
});

describe('summarizeSlip: combined', () => {
  it('multiplies the odds', () => {
    const s = sum([sel(1, 1500), sel(2, 2000), sel(3, 2500)], 1000);
    expect(s).toMatchObject({ couponType: 'KK', couponCount: 1, totalOdds: 7500, maxPayout: 7500, totalAmount: 1000, creatable: true });
  });

  it('pays the exact product floored once', () => {
    // 1.333 x 1.333 = 1.776889; 25000 x 1.776889 = 44422.2
    const s = sum([sel(1, 1333), sel(2, 1333)], 25_000);
    expect(s.totalOdds).toBe(1776);
    expect(s.maxPayout).toBe(44_422);
  });

  it('stays exact with 20 picks of 3.20 and caps the payout', () => {
    const picks = Array.from({ length: 20 }, (_, i) => sel(i + 1, 3200));
    const s = sum(picks, 100);
    expect(s.totalOdds).toBe(12_676_506_002_282);
    expect(s.maxPayout).toBe(1_250_000);
    // Even 0.01 would pay 126,765,060,022 minor units: no stake fits.
    expect(s.stakeLimitedTo).toBe(0);
    expect(s.creatable).toBe(false);
  });
});

describe('summarizeSlip: stake limits', () => {
  const picks = [sel(1, 1850)];

  it('clamps a stake under the minimum and reports it', () => {
    const s = sum(picks, 50);
    expect(s.baseAmount).toBe(100);
    expect(s.maxPayout).toBe(185);
    expect(s.limitErrors).toEqual([{ code: 'minStake', min: 100 }]);
    expect(s.creatable).toBe(false);
  });

  it('clamps a stake over the maximum and reports it', () => {
    const s = sum(picks, 30_000);
    expect(s.baseAmount).toBe(25_000);
    expect(s.limitErrors).toEqual([{ code: 'maxStake', max: 25_000 }]);
    expect(s.creatable).toBe(false);
  });

  it('accepts the bounds themselves', () => {
    expect(sum(picks, 100).creatable).toBe(true);
    expect(sum(picks, 25_000).creatable).toBe(true);
  });

  it('treats garbage as no stake', () => {
    for (const bad of [Number.NaN, -100, 10.5, Number.POSITIVE_INFINITY]) {
      expect(sum(picks, bad).limitErrors).toEqual([{ code: 'minStake', min: 100 }]);
    }
  });
});

describe('summarizeSlip: staketype', () => {
  const picks = [sel(1, 1850), sel(2, 2100), sel(3, 3350)];

  it('0: the stake is per combination, total = stake x combinations', () => {
    const s = sum(picks, 1000, [2]);
    expect(s).toMatchObject({ couponType: 'SK', couponCount: 3, baseAmount: 1000, totalAmount: 3000 });
    // 3.885 + 6.1975 + 7.035 = 17.1175 per unit
    expect(s.maxPayout).toBe(17_117);
    expect(s.totalOdds).toBe(17_117);
  });

  it('1: the stake is the total, divided over the combinations', () => {
    const s = sum(picks, 1000, [2], { ...DEFAULT_USER_LIMITS, staketype: 1 });
    expect(s).toMatchObject({ couponCount: 3, baseAmount: 333, totalAmount: 999, creatable: true });
    expect(s.maxPayout).toBe(5700); // 333 x 17.1175 = 5700.13
  });

  it('1: the minimum gives every combination at least one minor unit', () => {
    const ten = Array.from({ length: 10 }, (_, i) => sel(i + 1, 2000));
    const s = sum(ten, 100, [3], { ...DEFAULT_USER_LIMITS, staketype: 1 });
    expect(s.couponCount).toBe(120);
    expect(s.minStake).toBe(120);
    expect(s.limitErrors).toEqual([{ code: 'minStake', min: 120 }]);
    expect(s.baseAmount).toBe(1);
  });
});

describe('summarizeSlip: maximum payout', () => {
  it('caps the payout and names the largest stake that fits', () => {
    // 10 x 10 x 2 = 200; 250.00 would pay 50,000.00 > 12,500.00; 62.50 pays exactly 12,500.00.
    const picks = [sel(1, 10_000), sel(2, 10_000), sel(3, 2000)];
    const s = sum(picks, 25_000);
    expect(s.maxPayout).toBe(1_250_000);
    expect(s.stakeLimitedTo).toBe(6250);
    expect(s.limitErrors).toEqual([{ code: 'maxPay', max: 1_250_000, amount: 6250 }]);
    expect(s.creatable).toBe(false);

    const fits = sum(picks, 6250);
    expect(fits.maxPayout).toBe(1_250_000);
    expect(fits.stakeLimitedTo).toBeUndefined();
    expect(fits.creatable).toBe(true);
    expect(sum(picks, 6251).stakeLimitedTo).toBe(6250);
  });

  it('finds the limit where the payout is floored', () => {
    // 300 x 3.333 = 999.9 -> 999 fits a 1000 limit; 301 x 3.333 = 1003.2 does not.
    const s = sum([sel(1, 3333)], 500, [], withKind({ maxPay: 1000 }));
    expect(s.stakeLimitedTo).toBe(300);
    expect(s.maxPayout).toBe(1000);
    expect(sum([sel(1, 3333)], 300, [], withKind({ maxPay: 1000 })).maxPayout).toBe(999);
  });

  it('staketype 1 names the limited total', () => {
    // 1-of-2 of 100.00 and 50.00: 150 per unit; 12,500 per combination pays 18,750.00.
    const limits: UserLimits = { ...DEFAULT_USER_LIMITS, staketype: 1, minOddsCoupon: 0 };
    const picks = [sel(1, 100_000), sel(2, 50_000)];
    const s = sum(picks, 25_000, [1], limits);
    expect(s).toMatchObject({ couponType: 'SK', couponCount: 2, baseAmount: 12_500, maxPayout: 1_250_000 });
    // 8333 x 150 = 1,249,950 fits, 8334 x 150 = 1,250,100 does not: total 2 x 8333.
    expect(s.stakeLimitedTo).toBe(16_666);
    const fits = sum(picks, 16_666, [1], limits);
    expect(fits).toMatchObject({ baseAmount: 8333, totalAmount: 16_666, maxPayout: 1_249_950, creatable: true });
  });
});

describe('summarizeSlip: minimum tips and odds limits', () => {
  it('asks for N more matches', () => {
    const s = sum([sel(1, 2000), sel(2, 2000)], 1000, [], withKind({ minTip: 4 }));
    expect(s.limitErrors).toEqual([{ code: 'minTip', min: 4, amount: 2 }]);
    expect(s.minTip).toBe(4);
    expect(s.creatable).toBe(false);
  });

  it('counts matches, not picks, for the minimum', () => {
    const s = sum([sel(1, 2000), sel(1, 3000, { outcomeId: 2 }), sel(2, 2000)], 1000, [], withKind({ minTip: 3 }));
    expect(s.limitErrors).toEqual([{ code: 'minTip', min: 3, amount: 1 }]);
  });

  it('reports picks outside the user odds limits', () => {
    const limits = { ...DEFAULT_USER_LIMITS, minOddsCoupon: 1500, maxOddsCoupon: 5000 };
    expect(sum([sel(1, 1400), sel(2, 1450), sel(3, 2000)], 1000, [], limits).limitErrors).toEqual([{ code: 'minOdds', min: 1500 }]);
    expect(sum([sel(1, 6000), sel(2, 2000)], 1000, [], limits).limitErrors).toEqual([{ code: 'maxOdds', max: 5000 }]);
    expect(sum([sel(1, 5000), sel(2, 1500)], 1000, [], limits).creatable).toBe(true);
  });
});

describe('summarizeSlip: bonus', () => {
  const bonusLimits: UserLimits = { ...DEFAULT_USER_LIMITS, bonus: { percent: 10, tipCount: 3, minOdds: 1500 } };

  it('adds the bonus percent of the payout once enough picks qualify', () => {
    const s = sum([sel(1, 1500), sel(2, 2000), sel(3, 2500)], 1001, [], bonusLimits);
    // 1001 x 7.5 = 7507.5 -> 7507; 10 % -> 750.7 -> 750
    expect(s).toMatchObject({ maxPayout: 7507, bonusPercent: 10, bonusPrice: 750 });
  });

  it('gives nothing below the tip count', () => {
    expect(sum([sel(1, 1500), sel(2, 1400), sel(3, 2500)], 1000, [], bonusLimits).bonusPercent).toBe(0);
  });

  it('is capped at 25 percent and taken on the capped payout', () => {
    const limits: UserLimits = { ...bonusLimits, bonus: { percent: 50, tipCount: 3, minOdds: 1500 } };
    const s = sum([sel(1, 10_000), sel(2, 10_000), sel(3, 2000)], 6250, [], limits);
    expect(s).toMatchObject({ maxPayout: 1_250_000, bonusPercent: 25, bonusPrice: 312_500 });
  });

  it('does not apply to multiple or system coupons', () => {
    expect(sum([sel(1, 1500), sel(1, 2000, { outcomeId: 2 }), sel(3, 2500)], 1000, [], bonusLimits).bonusPercent).toBe(0);
    expect(sum([sel(1, 1500), sel(2, 2000), sel(3, 2500)], 1000, [2], bonusLimits).bonusPercent).toBe(0);
  });
});

describe('summarizeSlip: system', () => {
  const four = [sel(1, 1500), sel(2, 2000), sel(3, 2500), sel(4, 3000)];

  it('offers sizes 1..n with C(n, k) combinations', () => {
    expect(sum(four, 1000).systemList).toEqual([
      { size: 1, count: 4, selected: false },
      { size: 2, count: 6, selected: false },
      { size: 3, count: 4, selected: false },
      { size: 4, count: 1, selected: false },
    ]);
  });

  it('3-of-4 pays the enumerated sum', () => {
    const s = sum(four, 1000, [3]);
    expect(s).toMatchObject({ couponType: 'SK', couponCount: 4, baseAmount: 1000, totalAmount: 4000, maxPayout: 42_750, totalOdds: 42_750 });
    expect(s.systemList.find((o) => o.size === 3)?.selected).toBe(true);
  });

  it('adds the combinations of several sizes', () => {
    const s = sum(four, 1000, [2, 3]);
    expect(s).toMatchObject({ couponCount: 10, totalAmount: 10_000, maxPayout: 72_500 });
  });

  it('leaves the bankers out of the sizes and in every combination', () => {
    const banked = toggleBanko(four, 3)!; // 3.00 is the banker
    const s = sum(banked, 1000, [2]);
    expect(s.systemList.map((o) => [o.size, o.count])).toEqual([[1, 3], [2, 3], [3, 1]]);
    // (1.5x2 + 1.5x2.5 + 2x2.5) x 3 = 11.75 x 3 = 35.25
    expect(s).toMatchObject({ couponCount: 3, maxPayout: 35_250 });
    expect(s.maxPayout).toBe(systemMaxPayout([1500, 2000, 2500], [3000], 2, 1000));
  });

  it('n-of-n pays what the combined coupon pays', () => {
    const odd = [sel(1, 1850), sel(2, 2100), sel(3, 3350)];
    expect(sum(odd, 777, [3]).maxPayout).toBe(sum(odd, 777).maxPayout);
    expect(sum(odd, 777).maxPayout).toBe(combinationPayout(777, [1850, 2100, 3350]));
  });

  it('ignores sizes the slip does not offer', () => {
    const s = sum(four, 1000, [5, 0]);
    expect(s.couponType).toBe('KK');
    expect(s.couponCount).toBe(1);
  });

  it('is hidden when system.status is 0, and the coupon stays KK', () => {
    const limits: UserLimits = { ...DEFAULT_USER_LIMITS, system: { ...DEFAULT_USER_LIMITS.system, status: 0 } };
    const s = sum(four, 1000, [2], limits);
    expect(s.systemList).toEqual([]);
    expect(s.couponType).toBe('KK');
  });

  it('is not offered with two picks of one match', () => {
    const s = sum([...four, sel(1, 4000, { outcomeId: 2 })], 1000, [2]);
    expect(s.systemList).toEqual([]);
    expect(s.couponType).toBe('CK');
  });

  it('offers at most 10 sizes and needs bankers beyond 10 free picks', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => sel(i + 1, 1500));
    const s = sum(twelve, 100, [3]);
    expect(s.systemList.map((o) => o.size)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(s.couponCount).toBe(220); // C(12, 3)
    expect(s.limitErrors).toEqual([{ code: 'maxSelections', max: 10, amount: 2 }]);
    expect(s.creatable).toBe(false);

    const fixed = sum(applySystemSizes(twelve, [3]), 100, [3]);
    // 2 bankers at 1.5 and 3-of-10 at 1.5: 120 x 1.5^5 = 911.25 per unit.
    expect(fixed).toMatchObject({ couponCount: 120, totalAmount: 12_000, maxPayout: 91_125, creatable: true, limitErrors: [] });
  });

  it('goes KK -> SK -> KK as sizes are chosen and cleared', () => {
    let slip = toggleBanko(four, 0)!;
    expect(sum(slip, 1000, [2]).couponType).toBe('SK');
    slip = applySystemSizes(slip, []);
    const s = sum(slip, 1000, []);
    expect(s.couponType).toBe('KK');
    expect(s.systemList.every((o) => !o.selected)).toBe(true);
    expect(s.systemList).toHaveLength(4); // the banker was cleared
  });
});

describe('summarizeSlip: multiple', () => {
  it('stakes every combination of one pick per match', () => {
    // (1.85 + 3.40) x 2.00 = 10.50 per unit, over 2 combinations.
    const s = sum([sel(1, 1850), sel(1, 3400, { outcomeId: 2 }), sel(2, 2000)], 1000);
    expect(s).toMatchObject({ couponType: 'CK', couponCount: 2, baseAmount: 1000, totalAmount: 2000, totalOdds: 10_500, maxPayout: 10_500, creatable: true, systemList: [] });
  });

  it('uses the multiple limits', () => {
    const limits: UserLimits = { ...DEFAULT_USER_LIMITS, multiple: { ...DEFAULT_USER_LIMITS.multiple, maxStake: 500 } };
    const s = sum([sel(1, 1850), sel(1, 3400, { outcomeId: 2 })], 1000, [], limits);
    expect(s.maxStake).toBe(500);
    expect(s.limitErrors).toEqual([{ code: 'maxStake', max: 500 }]);
  });

  it('refuses a crafted slip that breaks the multiple rules', () => {
    const three = [sel(1, 1850), sel(1, 3400, { outcomeId: 2 }), sel(1, 4000, { outcomeId: 3 })];
    expect(sum(three, 1000).limitErrors).toEqual([{ code: 'maxSelections', max: 2 }]);
    const sixteen = [1, 2, 3, 4].flatMap((m) => [sel(m, 2000), sel(m, 2000, { outcomeId: 2 })]);
    const s = sum(sixteen, 1000);
    expect(s.couponCount).toBe(16);
    expect(s.limitErrors).toEqual([{ code: 'maxSelections', max: 10 }]);
  });
});

describe('summarizeSlip: live, locks and closed kinds', () => {
  it('uses the live limits when any pick is live', () => {
    const limits: UserLimits = { ...DEFAULT_USER_LIMITS, live: { ...DEFAULT_USER_LIMITS.live, maxStake: 5000, maxPay: 200_000 } };
    const s = sum([sel(1, 1850), sel(2, 2000, { live: true })], 1000, [], limits);
    expect(s).toMatchObject({ couponType: 'KK', isLive: true, maxStake: 5000, userMaxPay: 200_000, creatable: true });
  });

  it('blocks a coupon with a locked pick without a limit error, and leaves the button to name it', () => {
    const s = sum([sel(1, 1850), sel(2, 2000, { locked: true })], 1000);
    expect(s.limitErrors).toEqual([]);
    expect(s.creatable).toBe(false);
    expect(s.lockedOnly).toBe(true);
  });

  it('a locked pick with a limit error is not lockedOnly: the limit disables the button', () => {
    const s = sum([sel(1, 1850), sel(2, 2000, { locked: true })], 50);
    expect(s.limitErrors).toEqual([{ code: 'minStake', min: 100 }]);
    expect(s).toMatchObject({ creatable: false, lockedOnly: false });
    expect(sum([sel(1, 1850), sel(2, 2000)], 1000).lockedOnly).toBe(false);
  });

  it('blocks a pick whose odd fell below 1.01 (suspended)', () => {
    expect(sum([sel(1, 1850), sel(2, 1005)], 1000)).toMatchObject({ creatable: false, lockedOnly: true });
  });

  it('blocks a kind whose status is 0', () => {
    const limits: UserLimits = { ...DEFAULT_USER_LIMITS, combine: { ...DEFAULT_USER_LIMITS.combine, status: 0 } };
    expect(sum([sel(1, 1850), sel(2, 2000)], 1000, [], limits).creatable).toBe(false);
    expect(sum([sel(1, 1850)], 1000, [], limits).creatable).toBe(true);
  });

  it('reports more than 20 picks', () => {
    const picks = Array.from({ length: 21 }, (_, i) => sel(i + 1, 1100));
    expect(sum(picks, 100).limitErrors).toContainEqual({ code: 'maxSelections', max: 20 });
  });
});
