import { describe, expect, it } from 'vitest';
import {
  DAY, NO_USAGE, addMonths, blockHolds, breakEnd, crossedLimit, exclusionEnd, limitChange, limitsInForce, nextRealityCheck,
  reopenAt, reviewDue, statusOf, tightest, usedOf, type Block, type Limit, type Usage,
} from './rules.ts';

const T = Date.parse('2026-06-01T12:00:00Z');
const lim = (kind: Limit['kind'], period: Limit['period'], amount: number): Limit => ({ kind, period, amount, setAt: T });
const usage = (over: Partial<Usage>): Usage => ({ ...NO_USAGE, ...over });

describe('limit changes', () => {
  it('a new or lower limit applies at once; a higher one or a removal waits 24 hours', () => {
    expect(limitChange(undefined, 'deposit', 'day', 5_000, T).apply).toMatchObject({ amount: 5_000 });
    expect(limitChange(lim('deposit', 'day', 5_000), 'deposit', 'day', 3_000, T).apply).toMatchObject({ amount: 3_000 });
    expect(limitChange(lim('deposit', 'day', 5_000), 'deposit', 'day', 5_000, T).apply).toMatchObject({ amount: 5_000 });
    const up = limitChange(lim('deposit', 'day', 5_000), 'deposit', 'day', 9_000, T);
    expect(up.apply).toBeNull();
    expect(up.pending).toMatchObject({ amount: 9_000, effectiveAt: T + DAY });
    expect(limitChange(lim('deposit', 'day', 5_000), 'deposit', 'day', 0, T).pending).toMatchObject({ amount: 0, effectiveAt: T + DAY });
    expect(limitChange(undefined, 'deposit', 'day', 0, T)).toEqual({ apply: null, pending: null });
    expect(() => limitChange(undefined, 'deposit', 'day', -1, T)).toThrow(RangeError);
  });

  it('a pending change counts from its effective time; a removal drops the limit', () => {
    const limits = [lim('deposit', 'day', 5_000), lim('loss', 'week', 1_000)];
    const pending = [
      { kind: 'deposit' as const, period: 'day' as const, amount: 9_000, requestedAt: T, effectiveAt: T + DAY },
      { kind: 'loss' as const, period: 'week' as const, amount: 0, requestedAt: T, effectiveAt: T + DAY },
    ];
    expect(limitsInForce(limits, pending, T + DAY - 1)).toEqual(limits);
    expect(limitsInForce(limits, pending, T + DAY)).toEqual([{ kind: 'deposit', period: 'day', amount: 9_000, setAt: T + DAY }]);
  });
});

describe('usage against limits', () => {
  it('the lowest of several limits of one kind bites first and is named', () => {
    const limits = [lim('loss', 'month', 10_000), lim('loss', 'day', 3_000), lim('loss', 'week', 2_500)];
    const u = usage({ loss: { day: 2_000, week: 2_000, month: 2_000 } });
    expect(crossedLimit(limits, u, { stake: 400 }, T)).toBeNull();
    expect(crossedLimit(limits, u, { stake: 600 }, T)).toEqual({ limit: limits[2], used: 2_000 });
    expect(tightest(limits, u, 'loss', T)).toBe(limits[2]);
  });

  it('stake per bet, stake per window, deposits and session minutes', () => {
    expect(crossedLimit([lim('stake', 'bet', 1_000)], NO_USAGE, { stake: 1_000 }, T)).toBeNull();
    expect(crossedLimit([lim('stake', 'bet', 1_000)], NO_USAGE, { stake: 1_001 }, T)?.limit.period).toBe('bet');
    expect(crossedLimit([lim('stake', 'day', 1_000)], usage({ stake: { day: 900, week: 900, month: 900 } }), { stake: 200 }, T)?.used).toBe(900);
    expect(crossedLimit([lim('deposit', 'week', 1_000)], usage({ deposit: { day: 0, week: 800, month: 800 } }), { deposit: 300 }, T)?.limit.period).toBe('week');
    // a deposit is not a stake: loss limits do not refuse it
    expect(crossedLimit([lim('loss', 'day', 1)], usage({ loss: { day: 5, week: 5, month: 5 } }), { deposit: 300 }, T)).toBeNull();
    const s = usage({ sessionStartedAt: T - 61 * 60_000 });
    expect(usedOf(lim('session', 'session', 60), s, T)).toBe(61);
    expect(crossedLimit([lim('session', 'session', 60)], s, { stake: 100 }, T)?.limit.kind).toBe('session');
    expect(crossedLimit([lim('session', 'session', 90)], s, { stake: 100 }, T)).toBeNull();
  });
});

describe('breaks and exclusions', () => {
  it('offers only the listed lengths', () => {
    expect(breakEnd(42, T)).toBe(T + 42 * DAY);
    expect(() => breakEnd(3, T)).toThrow(RangeError);
    expect(exclusionEnd(6, T)).toBe(Date.parse('2026-12-01T12:00:00Z'));
    expect(exclusionEnd(60, T)).toBe(Date.parse('2031-06-01T12:00:00Z'));
    expect(() => exclusionEnd(3, T)).toThrow(RangeError);
    expect(addMonths(Date.parse('2026-08-31T00:00:00Z'), 6)).toBe(Date.parse('2027-02-28T00:00:00Z'));
  });

  it('the latest end wins; a shorter break never shortens an exclusion', () => {
    const blocks: Block[] = [
      { kind: 'break', startedAt: T, endsAt: T + 7 * DAY, reopenAt: null },
      { kind: 'break', startedAt: T, endsAt: T + DAY, reopenAt: null },
    ];
    expect(statusOf(blocks, T)).toEqual({ status: 'break', breakUntil: T + 7 * DAY, excludedUntil: null });
    expect(statusOf(blocks, T + 7 * DAY).status).toBe('active');
    const excl: Block = { kind: 'exclusion', startedAt: T, endsAt: T + 30 * DAY, reopenAt: null };
    expect(statusOf([...blocks, excl], T).status).toBe('excluded');
  });

  it('an ended exclusion holds until the player asks to reopen and 24 hours pass', () => {
    const excl: Block = { kind: 'exclusion', startedAt: T, endsAt: T + 30 * DAY, reopenAt: null };
    expect(blockHolds(excl, T + 400 * DAY)).toBe(true);
    expect(reopenAt(excl, T + 29 * DAY)).toBeNull();
    const at = reopenAt(excl, T + 31 * DAY)!;
    expect(at).toBe(T + 32 * DAY);
    expect(blockHolds({ ...excl, reopenAt: at }, at - 1)).toBe(true);
    expect(blockHolds({ ...excl, reopenAt: at }, at)).toBe(false);
    expect(statusOf([{ kind: 'closure', startedAt: T, endsAt: null, reopenAt: null }], T + 1000 * DAY).status).toBe('closed');
  });
});

describe('reminders', () => {
  it('limits are due for review after 6 months; reality checks every N minutes of the session', () => {
    expect(reviewDue(T, true, addMonths(T, 6) - 1)).toBe(false);
    expect(reviewDue(T, true, addMonths(T, 6))).toBe(true);
    expect(reviewDue(T, false, addMonths(T, 7))).toBe(false);
    expect(nextRealityCheck(T, 15, T)).toBe(T + 15 * 60_000);
    expect(nextRealityCheck(T, 15, T + 15 * 60_000)).toBe(T + 30 * 60_000);
    expect(nextRealityCheck(T, 0, T)).toBeNull();
  });
});
