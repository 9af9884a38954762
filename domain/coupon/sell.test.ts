import { describe, expect, it } from 'vitest';
import { canOfferSell, partialSell, sellAmountMove, sellPrice, SELL_PART_MIN } from './sell.ts';
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

describe('partialSell', () => {
  // Worked table: stake, placed odd, current odd, margin 5 %, the potential payout (cap), the part ->
  // the new stake, the new potential payout, what is paid now, and the remainder's next offer.
  // The remainder's offer plus the part is never above the whole offer (rounding goes to the house).
  const rows: Array<[stake: number, placed: number, current: number, maxPay: number, part: number, newStake: number, newMaxPay: number, paid: number, rest: number]> = [
    // Half of 950: stake and potential halve exactly, the rest is worth the other half.
    [1000, 2000, 2000, 2000, 475, 500, 1000, 475, 475],
    // The smallest part: 1000 * 850 / 950 = 894.7 -> 894; 2000 * 850 / 950 = 1789.4 -> 1789; the rest 849 (1 to rounding).
    [1000, 2000, 2000, 2000, 100, 894, 1789, 100, 849],
    // The largest part that leaves the smallest remainder (100): 1000 * 100 / 950 = 105.2 -> 105.
    [1000, 2000, 2000, 2000, 850, 105, 210, 850, 99],
    // A shortened odd: offer 1266; 1000 * 266 / 1266 = 210.1 -> 210; 2000 * 266 / 1266 = 420.2 -> 420.
    [1000, 2000, 1500, 2000, 1000, 210, 420, 1000, 266],
    // The cap: potential 10 000 capped at 5 000, current 5.000: offer 950. The cap shrinks with the stake
    // (5000 * 450 / 950 = 2368.4 -> 2368), else the rest would be priced on 4 730 and be worth 898.
    [1000, 10000, 5000, 5000, 500, 473, 2368, 500, 449],
  ];
  it.each(rows)('stake %i at %i now %i, cap %i, part %i -> stake %i, potential %i, paid %i, rest %i',
    (stake, placed, current, maxPay, part, newStake, newMaxPay, paid, rest) => {
      const offer = sellPrice({ ticketStake: stake, tips: [t(placed, current)], bonusPercent: 0, maxPay, marginPermille: 50 }).amount;
      const r = partialSell({ offer, part, ticketStake: stake, totalStake: stake, maxPay });
      expect(r).toEqual({ ok: true, whole: false, paid, ticketStake: newStake, totalStake: newStake, maxPay: newMaxPay });
      if (!r.ok || r.whole) throw new Error('unreachable');
      const next = sellPrice({ ticketStake: r.ticketStake, tips: [t(placed, current)], bonusPercent: 0, maxPay: r.maxPay, marginPermille: 50 });
      expect(next.amount).toBe(rest);
      expect(paid + next.amount).toBeLessThanOrEqual(offer);
    });
  it('the whole offer is the whole sale; refuses a part too small, above the offer, or leaving too little', () => {
    const base = { offer: 950, ticketStake: 1000, totalStake: 1000, maxPay: 2000 };
    expect(partialSell({ ...base, part: 950 })).toEqual({ ok: true, whole: true, paid: 950 });
    expect(partialSell({ ...base, part: SELL_PART_MIN - 1 })).toEqual({ ok: false, reason: 'partTooSmall' });
    expect(partialSell({ ...base, part: 0 })).toEqual({ ok: false, reason: 'partTooSmall' });
    expect(partialSell({ ...base, part: 951 })).toEqual({ ok: false, reason: 'partAboveOffer' });
    expect(partialSell({ ...base, part: 851 })).toEqual({ ok: false, reason: 'remainderTooSmall' });
    // An offer below the minimum can only be taken whole.
    expect(partialSell({ ...base, offer: 71, part: 71 })).toEqual({ ok: true, whole: true, paid: 71 });
    expect(partialSell({ ...base, offer: 71, part: 50 })).toEqual({ ok: false, reason: 'partTooSmall' });
    // A long shot: 100 at 1000.000 offers far more than the stake; a part leaving 100 of 90 000 keeps 0.1 of stake.
    expect(partialSell({ offer: 90_000, part: 89_900, ticketStake: 100, totalStake: 100, maxPay: 100_000 })).toEqual({ ok: false, reason: 'remainderTooSmall' });
    expect(() => partialSell({ ...base, part: 1.5 })).toThrow(RangeError);
  });
  it('never pays more than the whole offer over many parts and prices', () => {
    for (const stake of [100, 333, 1000, 12_345]) {
      for (const [placed, current] of [[1500, 1400], [2000, 2600], [7500, 3000], [1010, 1005]] as const) {
        for (const cap of [10 ** 9, Math.floor(stake * placed / 2000)]) {
          const offer = sellPrice({ ticketStake: stake, tips: [t(placed, current)], bonusPercent: 10, maxPay: cap, marginPermille: 50 }).amount;
          for (let part = SELL_PART_MIN; part < offer; part += 37) {
            const r = partialSell({ offer, part, ticketStake: stake, totalStake: stake, maxPay: cap });
            if (!r.ok || r.whole) continue;
            const next = sellPrice({ ticketStake: r.ticketStake, tips: [t(placed, current)], bonusPercent: 10, maxPay: r.maxPay, marginPermille: 50 });
            expect(part + next.amount).toBeLessThanOrEqual(offer);
          }
        }
      }
    }
  });
});

describe('a moved cash-out amount', () => {
  it('is marked up or down against the amount the player read, and not when unchanged or first shown', () => {
    expect(sellAmountMove(868, 837)).toBe('down');
    expect(sellAmountMove(837, 868)).toBe('up');
    expect(sellAmountMove(868, 868)).toBeNull();
    expect(sellAmountMove(null, 868)).toBeNull();
  });
});
