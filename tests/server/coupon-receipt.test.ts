/**
 * The receipt prints odds and money with the integer formatting of domain/ (no float rounding),
 * and couponList caps its page size (betting-core.md sections 4 and 7).
 */
import { describe, expect, it } from 'vitest';
import type { CouponItem, CouponLine } from '../../domain/protocol/coupons.ts';
import { receiptHtml } from '../../server/betting-lifecycle/print.ts';
import { drivers, footballWith1x2, pickOf, tipOf, useHarness } from './harness.ts';

const DRIVERS = await drivers();

const coupon = (over: Partial<CouponItem>): CouponItem => ({
  id: 7, archived: 0, ticketId: 7, ticketDate: '2026-06-01T12:00:00.000Z', ticketType: 'KK', status: 0, totalTipps: 1, totalStake: 1_005,
  maxPay: 2_012, userMaxPay: 2_012, bonusPay: 0, income: 0, totalTickets: 1, systemCombi: '0', systemArray: [], paid: 0, payDate: null,
  canceled: 0, isLive: 0, single: 0, totalOdds: 2_005, ...over,
});
const line = (odds: number): CouponLine => ({ home: 'A', away: 'B', matchDate: '2026-06-01T15:00:00.000Z', typeName: '1X2', outComeName: '1', special: '', isBank: 0, odds } as unknown as CouponLine);
const receipt = (c: CouponItem, lines: CouponLine[], lang = 'tr') => receiptHtml(c, lines, { lang, timeZone: 'UTC', currency: 'TL', nonce: 'n' });

describe('coupon receipt formatting', () => {
  it('prints odds like the app: half up in thousandths, 1.001..1.009 with three decimals, uncapped totals', () => {
    // (2005 / 1000).toFixed(2) is '2.00' (binary float); the integer rule gives 2.01.
    const html = receipt(coupon({ totalOdds: 2_005 }), [line(1_005), line(1_850), line(3_000)]);
    expect(html).toContain('<b>1.005</b>');
    expect(html).toContain('<b>1.85</b>');
    expect(html).toContain('<b>3</b>');
    expect(html).toMatch(/Oran<\/span><b>2\.01<\/b>/);
    // A combination beyond the 320 display cap of one odd prints its real total.
    expect(receipt(coupon({ totalOdds: 1_234_560 }), [])).toMatch(/Oran<\/span><b>1234\.56<\/b>/);
  });

  it('prints money exactly, in the language of the receipt as the app shows it', () => {
    const html = receipt(coupon({ totalStake: 1_005, maxPay: 123_456_789 }), []);
    expect(html).toMatch(/Bahis<\/span><b>10,05 TL<\/b>/);
    expect(html).toMatch(/Maks\. Kazanç<\/span><b>1\.234\.567,89 TL<\/b>/);
    const en = receipt(coupon({ totalStake: 2_500, maxPay: 123_456_789 }), [], 'en');
    expect(en).toMatch(/Stake<\/span><b>25\.00 TL<\/b>/);
    expect(en).toMatch(/Max payout<\/span><b>1,234,567\.89 TL<\/b>/);
  });

  it('names the coupon kind and its tips in words, never the code', () => {
    const tr = receipt(coupon({ ticketType: 'KK', totalTipps: 3 }), []);
    expect(tr).toContain('data-testid="receipt-type">Kombine · 3 maç<');
    expect(tr).not.toMatch(/KK \/ 3/);
    expect(receipt(coupon({ ticketType: 'TK', totalTipps: 1 }), [], 'en')).toContain('data-testid="receipt-type">Single · 1 selection<');
  });

  it('marks a cancelled or sold coupon as not valid, and a waiting one not at all', () => {
    expect(receipt(coupon({ status: -2 }), [])).toMatch(/data-testid="receipt-state">İPTAL EDİLDİ · GEÇERSİZ</);
    expect(receipt(coupon({ status: -2 }), [], 'en')).toMatch(/data-testid="receipt-state">CANCELLED · NOT VALID</);
    expect(receipt(coupon({ status: 2 }), [], 'en')).toMatch(/SOLD · NOT VALID/);
    expect(receipt(coupon({ status: 0 }), [])).not.toContain('receipt-state');
  });
});

describe.each(DRIVERS)('couponList page size on %s', (driver) => {
  const h = useHarness(driver);

  it('lists 25 by default, up to 100 on request, and refuses more than 100 with status false 400', async () => {
    const u = await h.player('limit', 1_000_000);
    const ms = await footballWith1x2(h, 60);
    // 27 coupons of different picks (each pick at most a few times).
    for (let i = 0; i < 27; i++) {
      const p = pickOf(ms[i % 9]!, 1 + (Math.floor(i / 9) % 3));
      const r = await h.call('createCoupon', { ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: 100, ticketStake: 100, tips: [tipOf(p)] }, { cookie: u.cookie });
      expect(r.statusCode, r.body).toBe(200);
    }
    const list = (payload: Record<string, unknown>) => h.call('couponList', payload, { cookie: u.cookie });
    const def = await list({});
    expect(def.statusCode).toBe(200);
    expect(def.json<{ results: unknown[]; totalCount: number }>()).toMatchObject({ totalCount: 27 });
    expect(def.json<{ results: unknown[] }>().results).toHaveLength(25);
    expect((await list({ limit: 100 })).json<{ results: unknown[] }>().results).toHaveLength(27);
    for (const limit of [101, 1_000_000, 0]) {
      const r = await list({ limit });
      expect(r.statusCode, String(limit)).toBe(400);
      expect(r.json()).toMatchObject({ status: false, field: 'limit' });
    }
  });
});
