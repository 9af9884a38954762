import { describe, expect, it } from 'vitest';
import { effectiveMinStake, sanitizeStake, splitStake } from './stake.ts';

describe('splitStake', () => {
  it('staketype 0: the entered stake is per combination', () => {
    expect(splitStake(1000, 3, false, 100, 25_000)).toEqual({ clamped: 1000, ticketStake: 1000, totalStake: 3000 });
  });

  it('staketype 1: the entered stake is the coupon total, divided and floored', () => {
    expect(splitStake(1000, 3, true, 100, 25_000)).toEqual({ clamped: 1000, ticketStake: 333, totalStake: 999 });
    expect(splitStake(1000, 1, true, 100, 25_000)).toEqual({ clamped: 1000, ticketStake: 1000, totalStake: 1000 });
  });

  it('clamps to minStake..maxStake', () => {
    expect(splitStake(50, 1, false, 100, 25_000).ticketStake).toBe(100);
    expect(splitStake(30_000, 1, false, 100, 25_000).ticketStake).toBe(25_000);
    expect(splitStake(30_000, 4, true, 100, 25_000)).toEqual({ clamped: 25_000, ticketStake: 6250, totalStake: 25_000 });
  });

  it('treats a stake that is not a non-negative integer as 0', () => {
    expect(sanitizeStake(Number.NaN)).toBe(0);
    expect(sanitizeStake(-5)).toBe(0);
    expect(sanitizeStake(12.5)).toBe(0);
    expect(sanitizeStake(Number.POSITIVE_INFINITY)).toBe(0);
    expect(sanitizeStake(700)).toBe(700);
  });

  it('keeps every combination at one minor unit or more with staketype 1', () => {
    expect(effectiveMinStake(100, 120, true)).toBe(120);
    expect(effectiveMinStake(100, 120, false)).toBe(100);
    expect(effectiveMinStake(100, 3, true)).toBe(100);
  });
});
