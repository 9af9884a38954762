import { describe, expect, it } from 'vitest';
import { NO_FIGURES, addFigures, paymentStateOf, periodClosed } from './figures.ts';

describe('payment states', () => {
  it('tell the wallet from the counter', () => {
    expect(paymentStateOf({ status: 1, income: 6_300, terminal: false, shopPaid: false })).toBe('inWallet');
    expect(paymentStateOf({ status: 2, income: 900, terminal: false, shopPaid: false })).toBe('inWallet');
    expect(paymentStateOf({ status: 1, income: 6_300, terminal: true, shopPaid: false })).toBe('toPay');
    expect(paymentStateOf({ status: 1, income: 6_300, terminal: true, shopPaid: true })).toBe('paid');
    expect(paymentStateOf({ status: -1, income: 0, terminal: true, shopPaid: false })).toBe('none');
    expect(paymentStateOf({ status: 0, income: 0, terminal: false, shopPaid: false })).toBe('none');
  });
});

describe('closed periods', () => {
  it('end when their last day is over (UTC)', () => {
    expect(periodClosed('2026-11-29', Date.parse('2026-11-29T23:59:59Z'))).toBe(false);
    expect(periodClosed('2026-11-29', Date.parse('2026-11-30T00:00:00Z'))).toBe(true);
  });
});

describe('figures', () => {
  it('add up key by key', () => {
    const a = { ...NO_FIGURES, stakes: 100, ggr: 40, open: 1 };
    expect(addFigures(a, a)).toMatchObject({ stakes: 200, ggr: 80, open: 2, payouts: 0 });
  });
});
