import { describe, expect, it } from 'vitest';
import {
  canOfferCancel, COUPON_FILTER_TYPES, COUPON_STATUS, couponKindShown, filterTypeOf, isLiveInCoupon,
  lineColor, matchLineState, parseMatchDate, paymentShown, TIP_STATUS, tipTone, winDisplay,
} from './display.ts';

describe('constants', () => {
  it('match the spec', () => {
    expect(COUPON_STATUS).toEqual({ waiting: 0, won: 1, lost: -1, cancelled: -2, sold: 2 });
    expect(COUPON_FILTER_TYPES).toEqual({ combine: 0, system: 1, multiple: 2, single: 3, live: 4 });
  });
});

describe('winDisplay', () => {
  it('paid only when status is 1', () => {
    expect(winDisplay({ status: 1, canceled: 0 })).toBe('paid');
    expect(winDisplay({ status: 1, canceled: 1 })).toBe('paid');
  });
  it('lost when waiting but flagged cancelled, or when lost', () => {
    expect(winDisplay({ status: 0, canceled: 1 })).toBe('lost');
    expect(winDisplay({ status: -1, canceled: 0 })).toBe('lost');
  });
  it('otherwise waiting, cancelled and sold included', () => {
    expect(winDisplay({ status: 0, canceled: 0 })).toBe('waiting');
    expect(winDisplay({ status: -2, canceled: 0 })).toBe('refunded');
    expect(winDisplay({ status: -2, canceled: 1 })).toBe('refunded');
    expect(winDisplay({ status: 2, canceled: 0 })).toBe('sold');
  });
});

describe('lineColor', () => {
  it('0 orange, 1 and 2 green, -1 and -2 red', () => {
    expect(lineColor(0)).toBe('waiting');
    expect(lineColor(1)).toBe('won');
    expect(lineColor(2)).toBe('won');
    expect(lineColor(-1)).toBe('lost');
    expect(lineColor(-2)).toBe('lost');
    expect(lineColor(7)).toBe('waiting');
  });
});

describe('couponKindShown', () => {
  const c = (ticketType: string, totalTipps: number, systemCombi: string | number = '0', isLive = 0) =>
    couponKindShown({ ticketType, totalTipps, systemCombi, isLive });
  it('follows the spec order', () => {
    expect(c('SK', 4, '2', 1)).toBe('live');
    expect(c('TK', 1)).toBe('single');
    expect(c('KK', 1)).toBe('single');
    expect(c('SK', 4, '2')).toBe('system');
    expect(c('KK', 4, '2')).toBe('system');
    expect(c('KK', 4, '2,3')).toBe('system');
    expect(c('KK', 4, 3)).toBe('system');
    expect(c('KK', 4, '0')).toBe('combine');
    expect(c('KK', 4, 1)).toBe('combine');
    expect(c('KK', 4, '')).toBe('combine');
    expect(c('CK', 3)).toBe('multipleCoupon');
  });
  it('maps to the list filter types', () => {
    expect(filterTypeOf('multipleCoupon')).toBe(2);
    expect(filterTypeOf('single')).toBe(3);
    expect(filterTypeOf('live')).toBe(4);
  });
});

describe('live match in a coupon', () => {
  const now = Date.UTC(2024, 4, 1, 20, 0, 0);
  it('reads zoneless dates as UTC and offsets as written', () => {
    expect(parseMatchDate('2024-05-01 18:00:00')).toBe(Date.UTC(2024, 4, 1, 18));
    expect(parseMatchDate('2024-05-01T20:00:00+02:00')).toBe(Date.UTC(2024, 4, 1, 18));
    expect(parseMatchDate(String(now))).toBe(now);
    expect(parseMatchDate(now)).toBe(now);
    expect(parseMatchDate('soon')).toBeNaN();
  });
  it('is live when flagged, or started less than 150 minutes ago', () => {
    expect(isLiveInCoupon({ isLive: 1, matchDate: '2024-05-02 20:00:00' }, now)).toBe(true);
    expect(isLiveInCoupon({ isLive: 0, matchDate: '2024-05-01 18:00:00' }, now)).toBe(true);
    expect(isLiveInCoupon({ isLive: 0, matchDate: '2024-05-01 20:00:00' }, now)).toBe(true);
    expect(isLiveInCoupon({ isLive: 0, matchDate: '2024-05-01 17:30:01' }, now)).toBe(true);
    expect(isLiveInCoupon({ isLive: 0, matchDate: '2024-05-01 17:30:00' }, now)).toBe(false);
    expect(isLiveInCoupon({ isLive: 0, matchDate: '2024-05-01 20:00:01' }, now)).toBe(false);
    expect(isLiveInCoupon({ isLive: 0, matchDate: 'soon' }, now)).toBe(false);
  });
  it('gives a match line its state', () => {
    const line = { isLive: 0, matchDate: '2024-05-01 19:00:00' };
    expect(matchLineState({ ...line, status: 1 }, now)).toBe('won');
    // A void tip (status 2) is neither won nor lost: its own neutral state, never green.
    expect(matchLineState({ ...line, status: 2 }, now)).toBe('void');
    expect(matchLineState({ ...line, status: 2, outcome: 'void' }, now)).toBe('void');
    expect(matchLineState({ ...line, status: -1 }, now)).toBe('lost');
    expect(matchLineState({ ...line, status: -2 }, now)).toBe('lost');
    expect(matchLineState({ ...line, status: 0 }, now)).toBe('live');
    expect(matchLineState({ ...line, status: 0, matchStatus: 'ended' }, now)).toBe('waiting');
    expect(matchLineState({ ...line, status: 0, matchStatus: 'after_ot' }, now)).toBe('waiting');
    expect(matchLineState({ ...line, status: 0, matchStatus: '2p' }, now)).toBe('live');
    expect(matchLineState({ isLive: 0, matchDate: '2024-05-02 19:00:00', status: 0 }, now)).toBe('waiting');
  });
});

describe('tipTone', () => {
  it('colours a void tip neutral, a half win as won and a half loss as lost', () => {
    expect(tipTone({ status: TIP_STATUS.void })).toBe('void');
    expect(tipTone({ status: 2, outcome: 'void' })).toBe('void');
    // The outcome decides when it is there, whatever the number says.
    expect(tipTone({ status: 1, outcome: 'void' })).toBe('void');
    expect(tipTone({ status: 1, outcome: 'halfWon' })).toBe('won');
    expect(tipTone({ status: -1, outcome: 'halfLost' })).toBe('lost');
    expect(tipTone({ status: 0, outcome: '' })).toBe('waiting');
    expect(tipTone({ status: -2 })).toBe('lost');
    // Unlike a coupon, where 2 is sold and green.
    expect(lineColor(2)).toBe('won');
  });
});

describe('canOfferCancel', () => {
  it('only for a waiting coupon flagged canceled 1 that is not live', () => {
    expect(canOfferCancel({ status: 0, canceled: 1 })).toBe(true);
    expect(canOfferCancel({ status: 0, canceled: 0 })).toBe(false);
    expect(canOfferCancel({ status: 1, canceled: 1 })).toBe(false);
    expect(canOfferCancel({ status: 0, canceled: 1, isLive: 1 })).toBe(false);
  });
});

describe('a coupon that is over without settling (sold or cancelled)', () => {
  it('shows its payment: the sold amount, or the refunded stake of a cancelled one; a dash otherwise', () => {
    expect(paymentShown({ status: 2, income: 837, totalStake: 1000 })).toBe(837);
    expect(paymentShown({ status: -2, income: 0, totalStake: 2500 })).toBe(2500);
    expect(paymentShown({ status: 0, income: 0, totalStake: 2500 })).toBeNull();
    expect(paymentShown({ status: -1, income: 0, totalStake: 2500 })).toBeNull();
  });

  it('shows its open lines as sold or cancelled, never waiting; settled lines keep their result', () => {
    const open = { status: 0, isLive: 0, matchDate: Date.now() + 3_600_000 };
    expect(matchLineState(open, Date.now(), 2)).toBe('sold');
    expect(matchLineState(open, Date.now(), -2)).toBe('cancelled');
    expect(matchLineState(open, Date.now(), 0)).toBe('waiting');
    expect(matchLineState({ ...open, status: 1 }, Date.now(), 2)).toBe('won');
  });
});
