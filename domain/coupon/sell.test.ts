import { describe, expect, it } from 'vitest';
import { canOfferSell, sellPrice } from './sell.ts';
import type { SellInput, SellTip } from './sell.ts';

const t = (placedOdd: number, currentOdd: number | null, outcome: SellTip['outcome'] = 'open'): SellTip => ({ placedOdd, currentOdd, outcome });
const sell = (tips: SellTip[], over: Partial<SellInput> = {}) =>
  sellPrice({ ticketStake: 1000, tips, bonusPercent: 0, maxPay: 10_000_000, marginPermille: 50, ...over });

describe('sellPrice', () => {
  it('unchanged odds give the stake minus the margin', () => {
    // 1000 * 2.00 / 2.00 * 0.95 = 950
    expect(sell([t(2000, 2000)])).toEqual({ offered: true, amount: 950 });
    expect(sell([t(2000, 2000)], { marginPermille: 0 })).toEqual({ offered: true, amount: 1000 });
  });
  it('a shortened odd raises the value, a drifted one lowers it', () => {
    // 1000 * 2.00 / 1.50 * 0.95 = 1266.67 -> 1266
    expect(sell([t(2000, 1500)]).amount).toBe(1266);
    // 1000 * 2.00 / 2.50 * 0.95 = 760
    expect(sell([t(2000, 2500)]).amount).toBe(760);
  });
  it('multiplies in the effective odds of settled tips', () => {
    // 1000 * 1.50 (won) * 2.00 / 1.80 * 0.95 = 1583.33 -> 1583
    expect(sell([t(1500, null, 'won'), t(2000, 1800)]).amount).toBe(1583);
    // void counts 1.000: 1000 * 1.80 / 1.80 * 0.95 = 950
    expect(sell([t(1500, null, 'void'), t(1800, 1800)]).amount).toBe(950);
    // half won 1.90 -> 1.45: 1000 * 1.45 * 2.00 / 2.00 * 0.95 = 1377.5 -> 1377
    expect(sell([t(1900, null, 'halfWon'), t(2000, 2000)]).amount).toBe(1377);
  });
  it('prices the capped, bonus-included potential payout', () => {
    // Potential 3000 capped at 2500: 2500 / 1.80 * 0.95 = 1319.44 -> 1319
    expect(sell([t(1500, null, 'won'), t(2000, 1800)], { maxPay: 2500 }).amount).toBe(1319);
    // Potential 2000 + 10 % = 2200: 2200 / 2.00 * 0.95 = 1045
    expect(sell([t(2000, 2000)], { bonusPercent: 10 }).amount).toBe(1045);
  });
  it('is never above the potential payout', () => {
    for (const current of [1001, 1010, 1500, 3000]) {
      for (const margin of [0, 50, 1000]) {
        const offer = sell([t(3000, current), t(1200, null, 'won')], { marginPermille: margin });
        expect(offer.amount).toBeLessThanOrEqual(3600);
      }
    }
  });
  it('is not offered on a lost, settled or unpriced coupon', () => {
    expect(sell([t(2000, 2000), t(1500, null, 'lost')])).toEqual({ offered: false, amount: 0, reason: 'lost' });
    expect(sell([t(2000, null, 'won')])).toEqual({ offered: false, amount: 0, reason: 'settled' });
    expect(sell([t(2000, null)])).toEqual({ offered: false, amount: 0, reason: 'suspended' });
    expect(sell([t(2000, 1000)])).toEqual({ offered: false, amount: 0, reason: 'suspended' });
    // A lost tip wins over a suspended one: there is nothing to price.
    expect(sell([t(2000, null), t(1500, null, 'lost')]).reason).toBe('lost');
  });
  it('refuses a margin outside 0..1000 permille', () => {
    expect(() => sell([t(2000, 2000)], { marginPermille: 1001 })).toThrow(RangeError);
    expect(() => sell([t(2000, 2000)], { marginPermille: 2.5 })).toThrow(RangeError);
  });
  it('gives the same price for the same input in any tip order', () => {
    const tips = [t(1500, null, 'won'), t(2000, 1800), t(1750, 1600)];
    expect(sell([...tips].reverse())).toEqual(sell(tips));
  });
});

describe('canOfferSell', () => {
  it('only for waiting single and combined coupons', () => {
    expect(canOfferSell({ status: 0, ticketType: 'TK' })).toBe(true);
    expect(canOfferSell({ status: 0, ticketType: 'KK' })).toBe(true);
    expect(canOfferSell({ status: 0, ticketType: 'CK' })).toBe(false);
    expect(canOfferSell({ status: 0, ticketType: 'SK' })).toBe(false);
    expect(canOfferSell({ status: 1, ticketType: 'TK' })).toBe(false);
  });
});
