import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_LIMITS, SLIP_CONSTANTS, isBettableOdd, kindLimitsFor, oddsLimitRefusal } from './limits.ts';

describe('DEFAULT_USER_LIMITS', () => {
  it('is the default slip of section 9 in minor units', () => {
    for (const kind of [DEFAULT_USER_LIMITS.single, DEFAULT_USER_LIMITS.combine, DEFAULT_USER_LIMITS.multiple, DEFAULT_USER_LIMITS.live, DEFAULT_USER_LIMITS.system]) {
      expect(kind).toEqual({ minTip: 1, minStake: 100, maxStake: 25_000, maxPay: 1_250_000, status: 1 });
    }
    expect(DEFAULT_USER_LIMITS.staketype).toBe(0);
    expect(DEFAULT_USER_LIMITS.minOddsCoupon).toBe(1001);
    expect(DEFAULT_USER_LIMITS.maxOddsCoupon).toBe(0);
    expect(DEFAULT_USER_LIMITS.bonus).toEqual({ percent: 0, tipCount: 0, minOdds: 0 });
  });

  it('cannot be changed by one caller for all others', () => {
    expect(Object.isFrozen(DEFAULT_USER_LIMITS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_USER_LIMITS.single)).toBe(true);
    expect(Object.isFrozen(SLIP_CONSTANTS)).toBe(true);
  });
});

describe('kindLimitsFor', () => {
  const limits = {
    ...DEFAULT_USER_LIMITS,
    single: { ...DEFAULT_USER_LIMITS.single, maxStake: 1 },
    combine: { ...DEFAULT_USER_LIMITS.combine, maxStake: 2 },
    multiple: { ...DEFAULT_USER_LIMITS.multiple, maxStake: 3 },
    system: { ...DEFAULT_USER_LIMITS.system, maxStake: 4 },
    live: { ...DEFAULT_USER_LIMITS.live, maxStake: 5 },
  };

  it('picks the limits by coupon type, live first', () => {
    expect(kindLimitsFor('TK', false, limits).maxStake).toBe(1);
    expect(kindLimitsFor('KK', false, limits).maxStake).toBe(2);
    expect(kindLimitsFor('CK', false, limits).maxStake).toBe(3);
    expect(kindLimitsFor('SK', false, limits).maxStake).toBe(4);
    expect(kindLimitsFor('SK', true, limits).maxStake).toBe(5);
    expect(kindLimitsFor('none', false, limits).maxStake).toBe(1);
  });
});

describe('odds checks', () => {
  it('applies the user odds limits, 0 meaning none', () => {
    const limits = { ...DEFAULT_USER_LIMITS, minOddsCoupon: 1500, maxOddsCoupon: 5000 };
    expect(oddsLimitRefusal(1499, limits)).toBe('minOdds');
    expect(oddsLimitRefusal(1500, limits)).toBeNull();
    expect(oddsLimitRefusal(5000, limits)).toBeNull();
    expect(oddsLimitRefusal(5001, limits)).toBe('maxOdds');
    expect(oddsLimitRefusal(999_999, DEFAULT_USER_LIMITS)).toBeNull();
    expect(oddsLimitRefusal(1000, DEFAULT_USER_LIMITS)).toBe('minOdds');
  });

  it('suspends odds below 1.01', () => {
    expect(isBettableOdd(1009)).toBe(false);
    expect(isBettableOdd(1010)).toBe(true);
    expect(isBettableOdd(1850.5)).toBe(false);
  });
});
