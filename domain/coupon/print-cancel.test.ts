import { describe, expect, it } from 'vitest';
import { isTerminal, PRINT_CANCEL_WINDOW_MS, printCancelState } from './print-cancel.ts';

describe('printCancelState', () => {
  const created = Date.parse('2026-06-01T12:00:00Z');
  const coupon = { status: 0, createdAt: created, settledTips: 0 };
  const terminal = { userType: 'T' };

  it('lets a terminal cancel its waiting coupon within the window of its creation', () => {
    expect(printCancelState(coupon, terminal, created)).toBe('ok');
    expect(printCancelState(coupon, terminal, created + PRINT_CANCEL_WINDOW_MS)).toBe('ok');
    expect(printCancelState(coupon, terminal, created + PRINT_CANCEL_WINDOW_MS + 1)).toBe('expired');
    // A clock before the creation is not a reason to allow it.
    expect(printCancelState(coupon, terminal, created - 1)).toBe('expired');
  });

  it('refuses players, coupons no longer waiting, and coupons with a settled tip', () => {
    expect(printCancelState(coupon, { userType: 'U' }, created)).toBe('notTerminal');
    expect(printCancelState(coupon, {}, created)).toBe('notTerminal');
    expect(printCancelState({ ...coupon, status: -2 }, terminal, created)).toBe('notWaiting');
    expect(printCancelState({ ...coupon, status: 2 }, terminal, created)).toBe('notWaiting');
    expect(printCancelState({ ...coupon, settledTips: 1 }, terminal, created)).toBe('settled');
  });

  it('knows a terminal by its user type', () => {
    expect(isTerminal({ userType: 'T' })).toBe(true);
    expect(isTerminal({ userType: 'F' })).toBe(false);
    expect(isTerminal(null)).toBe(false);
  });
});
