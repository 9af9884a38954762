import { describe, expect, it } from 'vitest';
import { couponCombinationCount, settleCoupon } from './settle-coupon.ts';
import type { CouponTipOutcome, SettleCouponInput, TicketType } from './settle-coupon.ts';
import type { SettledOutcome, TipOutcome } from './settle.ts';

const tip = (odd: number, outcome: TipOutcome, extra: Partial<CouponTipOutcome> = {}): CouponTipOutcome =>
  ({ odd, outcome, banko: false, ...extra });
const coupon = (ticketType: TicketType, ticketStake: number, tips: CouponTipOutcome[], over: Partial<SettleCouponInput> = {}): SettleCouponInput =>
  ({ ticketType, ticketStake, totalStake: ticketStake, tips, systemSizes: [], bonusPercent: 0, maxPay: 10_000_000, ...over });
const won = (income: number, bonusPay = 0) => ({ state: 'settled', status: 1, income, bonusPay });
const LOST = { state: 'settled', status: -1, income: 0, bonusPay: 0 };
const OPEN = { state: 'open', status: 0, income: 0, bonusPay: 0 };

describe('single (TK)', () => {
  it('pays stake times odds, refunds a void, halves quarter lines', () => {
    expect(settleCoupon(coupon('TK', 1000, [tip(1850, 'won')]))).toEqual(won(1850));
    expect(settleCoupon(coupon('TK', 1000, [tip(1850, 'lost')]))).toEqual(LOST);
    expect(settleCoupon(coupon('TK', 1000, [tip(1850, 'void')]))).toEqual(won(1000));
    expect(settleCoupon(coupon('TK', 1000, [tip(1900, 'halfWon')]))).toEqual(won(1450)); // 1000 * (1.9 + 1) / 2
    expect(settleCoupon(coupon('TK', 1000, [tip(1900, 'halfLost')]))).toEqual(won(500)); // half the stake back
    expect(settleCoupon(coupon('TK', 1000, [tip(1850, 'open')]))).toEqual(OPEN);
  });
});

describe('combined (KK)', () => {
  it('multiplies the effective odds, void counting 1.000', () => {
    // 1000 * 1.5 * 2.0 * 1.25 = 3750
    expect(settleCoupon(coupon('KK', 1000, [tip(1500, 'won'), tip(2000, 'won'), tip(1250, 'won')]))).toEqual(won(3750));
    // 1000 * 1.5 * 1.0 * 1.25 = 1875
    expect(settleCoupon(coupon('KK', 1000, [tip(1500, 'won'), tip(2000, 'void'), tip(1250, 'won')]))).toEqual(won(1875));
    // 1000 * 2.0 * 1.45 = 2900
    expect(settleCoupon(coupon('KK', 1000, [tip(2000, 'won'), tip(1900, 'halfWon')]))).toEqual(won(2900));
  });
  it('floors once: 333 * 1.555 * 1.333 = 690.247395 -> 690', () => {
    expect(settleCoupon(coupon('KK', 333, [tip(1555, 'won'), tip(1333, 'won')]))).toEqual(won(690));
  });
  it('is lost at the first lost tip, even with tips still open', () => {
    expect(settleCoupon(coupon('KK', 1000, [tip(1500, 'open'), tip(2000, 'lost'), tip(1250, 'won')]))).toEqual(LOST);
  });
  it('stays open while a tip is open and none is lost', () => {
    expect(settleCoupon(coupon('KK', 1000, [tip(1500, 'open'), tip(2000, 'won')]))).toEqual(OPEN);
  });
  it('a half-lost tip does not lose the coupon', () => {
    // 1000 * 2.0 * 0.5 = 1000
    expect(settleCoupon(coupon('KK', 1000, [tip(2000, 'won'), tip(1900, 'halfLost')]))).toEqual(won(1000));
  });
});

describe('multiple (CK): same-match picks are alternatives', () => {
  // Match 1: picks 1 @ 2.10 and X @ 3.20; match 2: one pick @ 1.50. Two columns of 500.
  const ck = (a1: TipOutcome, aX: TipOutcome, b: TipOutcome) => coupon('CK', 500, [
    tip(2100, a1, { matchId: 1 }), tip(3200, aX, { matchId: 1 }), tip(1500, b, { matchId: 2 }),
  ], { totalStake: 1000 });
  it('has one column per choice of pick', () => {
    expect(couponCombinationCount(ck('open', 'open', 'open'))).toBe(2);
  });
  it('pays the winning column: 500 * 2.10 * 1.50 = 1575', () => {
    expect(settleCoupon(ck('won', 'lost', 'won'))).toEqual(won(1575));
  });
  it('is not lost while another pick of the match can still win', () => {
    expect(settleCoupon(ck('open', 'lost', 'won'))).toEqual(OPEN);
  });
  it('is lost when every pick of one match is lost', () => {
    expect(settleCoupon(ck('lost', 'lost', 'open'))).toEqual(LOST);
    expect(settleCoupon(ck('open', 'open', 'lost'))).toEqual(LOST);
  });
  it('without match ids it is one column (product of all tips)', () => {
    const input = coupon('CK', 1000, [tip(1500, 'won'), tip(2000, 'won')]);
    expect(couponCombinationCount(input)).toBe(1);
    expect(settleCoupon(input)).toEqual(won(3000));
  });
});

describe('system (SK) with bankers', () => {
  // Banker B @ 1.50 plus x1 @ 2.00, x2 @ 1.80, x3 @ 2.50; 100 per column.
  const sk = (outs: [TipOutcome, TipOutcome, TipOutcome, TipOutcome], sizes: number[]) => coupon('SK', 100, [
    tip(1500, outs[0], { banko: true }), tip(2000, outs[1]), tip(1800, outs[2]), tip(2500, outs[3]),
  ], { systemSizes: sizes, totalStake: sizes.includes(1) ? 600 : 300 });

  it('2 of the 3 non-bankers plus the banker, checked by hand', () => {
    // Columns B+x1+x2, B+x1+x3, B+x2+x3 (3 columns, 300 staked). x3 lost:
    // B+x1+x2 = 100 * 1.5 * 2.0 * 1.8 = 540; the other two hold x3 and pay 0.
    expect(couponCombinationCount(sk(['open', 'open', 'open', 'open'], [2]))).toBe(3);
    expect(settleCoupon(sk(['won', 'won', 'won', 'lost'], [2]))).toEqual(won(540));
  });
  it('sums every size: sizes 1 and 2, all won', () => {
    // Size 1: B+x1 300, B+x2 270, B+x3 375 = 945. Size 2: 540 + 750 + 675 = 1965. Total 2910.
    expect(couponCombinationCount(sk(['open', 'open', 'open', 'open'], [1, 2]))).toBe(6);
    expect(settleCoupon(sk(['won', 'won', 'won', 'won'], [1, 2]))).toEqual(won(2910));
    expect(settleCoupon(sk(['won', 'won', 'won', 'won'], [2, 1]))).toEqual(won(2910));
  });
  it('is lost as soon as a banker is lost', () => {
    expect(settleCoupon(sk(['lost', 'open', 'open', 'open'], [1, 2]))).toEqual(LOST);
  });
  it('is lost early when fewer non-bankers survive than the smallest size', () => {
    expect(settleCoupon(sk(['open', 'lost', 'lost', 'open'], [2]))).toEqual(LOST);
    expect(settleCoupon(sk(['won', 'won', 'lost', 'lost'], [2]))).toEqual(LOST);
  });
  it('stays open while a column can still win', () => {
    expect(settleCoupon(sk(['won', 'won', 'won', 'open'], [2]))).toEqual(OPEN);
    expect(settleCoupon(sk(['open', 'lost', 'won', 'open'], [2]))).toEqual(OPEN);
  });
  it('refunds the total stake when every tip is void, with no bonus', () => {
    expect(settleCoupon({ ...sk(['void', 'void', 'void', 'void'], [2]), bonusPercent: 10 })).toEqual(won(300));
  });
  it('refuses sizes it cannot build', () => {
    const base = sk(['won', 'won', 'won', 'won'], [2]);
    expect(() => settleCoupon({ ...base, systemSizes: [0] })).toThrow(RangeError);
    expect(() => settleCoupon({ ...base, systemSizes: [4] })).toThrow(RangeError);
    expect(() => settleCoupon({ ...base, systemSizes: [2, 2] })).toThrow(RangeError);
    expect(() => settleCoupon({ ...base, systemSizes: [] })).toThrow(RangeError);
  });
});

describe('bonus and maximum payout', () => {
  const kk = (over: Partial<SettleCouponInput>) => coupon('KK', 1000, [tip(2000, 'won'), tip(1500, 'won')], over);
  it('applies the bonus percent to a winning payout', () => {
    expect(settleCoupon(kk({ bonusPercent: 10 }))).toEqual(won(3300, 300));
  });
  it('caps the bonus percent at 25', () => {
    expect(settleCoupon(kk({ bonusPercent: 40 }))).toEqual(won(3750, 750));
  });
  it('caps the income at maxPay', () => {
    expect(settleCoupon(kk({ bonusPercent: 10, maxPay: 3100 }))).toEqual(won(3100, 100));
    expect(settleCoupon(kk({ maxPay: 2500 }))).toEqual(won(2500, 0));
  });
  it('gives no bonus on a refund', () => {
    expect(settleCoupon(coupon('TK', 1000, [tip(1850, 'void')], { bonusPercent: 10 }))).toEqual(won(1000));
  });
});

describe('input checks', () => {
  it('refuses non-integer money and odds and empty coupons', () => {
    expect(() => settleCoupon(coupon('TK', 10.5, [tip(1850, 'won')]))).toThrow(RangeError);
    expect(() => settleCoupon(coupon('TK', 1000, [tip(1.85, 'won')]))).toThrow(RangeError);
    expect(() => settleCoupon(coupon('TK', 1000, []))).toThrow(RangeError);
    expect(() => settleCoupon(coupon('TK', 1000, [tip(1850, 'won')], { maxPay: -1 }))).toThrow(RangeError);
  });
});

// Brute force: list every column and add their exact payouts, then floor once.
function enumerate(input: SettleCouponInput): { columns: number; income: number } {
  const groups = new Map<string, CouponTipOutcome[]>();
  input.tips.forEach((t, i) => {
    const key = t.matchId === undefined ? `i${i}` : `m${t.matchId}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  });
  const all = [...groups.values()];
  const isSystem = input.ticketType === 'SK';
  const fixed = isSystem ? all.filter((g) => g.some((t) => t.banko)) : all;
  const free = isSystem ? all.filter((g) => !g.some((t) => t.banko)) : [];
  const sizes = isSystem ? input.systemSizes : [0];
  const subsets: CouponTipOutcome[][][] = [];
  for (let mask = 0; mask < 1 << free.length; mask++) {
    const chosen = free.filter((_, i) => mask & (1 << i));
    if (sizes.includes(chosen.length)) subsets.push([...fixed, ...chosen]);
  }
  const eff = (t: CouponTipOutcome) => {
    const o = t.outcome as SettledOutcome;
    return o === 'won' ? 2n * BigInt(t.odd) : o === 'void' ? 2000n : o === 'halfWon' ? BigInt(t.odd) + 1000n : o === 'halfLost' ? 1000n : 0n;
  };
  const maxLen = all.length;
  let columns = 0;
  let num = 0n;
  for (const matches of subsets) {
    let cols: CouponTipOutcome[][] = [[]];
    for (const g of matches) cols = cols.flatMap((c) => g.map((t) => [...c, t]));
    for (const c of cols) {
      columns++;
      const prod = c.reduce((p, t) => p * eff(t), 1n);
      num += prod * 2000n ** BigInt(maxLen - c.length);
    }
  }
  return { columns, income: Number((BigInt(input.ticketStake) * num) / 2000n ** BigInt(maxLen)) };
}

function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

describe('against brute-force enumeration', () => {
  it('agrees on income and combination count for random settled coupons', () => {
    const next = rng(20240501);
    const outcomes: SettledOutcome[] = ['won', 'won', 'won', 'void', 'halfWon', 'halfLost', 'lost'];
    let checked = 0;
    let multiColumn = 0;
    for (let run = 0; run < 300; run++) {
      const n = 1 + next(9);
      const ticketType: TicketType = (['KK', 'CK', 'SK', 'SK'] as const)[next(4)] ?? 'SK';
      const tips: CouponTipOutcome[] = Array.from({ length: n }, () => ({
        odd: 1010 + next(4000),
        outcome: outcomes[next(outcomes.length)] ?? 'won',
        banko: ticketType === 'SK' && next(5) === 0,
        matchId: ticketType === 'KK' ? undefined : next(n + 2),
      }));
      // Bankers belong to a match: mark every pick of a banker match.
      const bankerMatches = new Set(tips.filter((t) => t.banko).map((t) => t.matchId));
      for (const t of tips) t.banko = bankerMatches.has(t.matchId);
      const input = coupon(ticketType, 1 + next(500), tips);
      if (ticketType === 'SK') {
        const freeMatches = new Set(tips.filter((t) => !t.banko).map((t) => t.matchId)).size;
        if (freeMatches === 0) continue;
        const sizes = [...new Set([1 + next(freeMatches), 1 + next(freeMatches)])];
        input.systemSizes = sizes;
      }
      input.totalStake = input.ticketStake * couponCombinationCount(input);
      const brute = enumerate(input);
      expect(couponCombinationCount(input)).toBe(brute.columns);
      const got = settleCoupon(input);
      expect(got.income).toBe(brute.income);
      expect(got.status).toBe(brute.income > 0 ? 1 : -1);
      checked++;
      if (brute.columns > 1) multiColumn++;
    }
    expect(checked).toBeGreaterThan(250);
    expect(multiColumn).toBeGreaterThan(100);
  });
});

describe('idempotence and order', () => {
  const input = coupon('SK', 100, [
    tip(1500, 'won', { banko: true, matchId: 1 }), tip(2000, 'won', { matchId: 2 }), tip(3000, 'lost', { matchId: 2 }),
    tip(1800, 'halfWon', { matchId: 3 }), tip(2500, 'void', { matchId: 4 }),
  ], { systemSizes: [1, 2], totalStake: 900, bonusPercent: 5 });
  it('settling the same input twice gives the same answer and does not change the input', () => {
    const copy = structuredClone(input);
    const first = settleCoupon(input);
    // 9 columns. Match values: 2.0 (the lost 3.0 adds 0), 1.4 (half won 1.8), 1.0 (void).
    // 100 * 1.5 * ((2 + 1.4 + 1) + (2*1.4 + 2*1 + 1.4*1)) = 1590; +5 % = 1669.5 -> 1669.
    expect(couponCombinationCount(input)).toBe(9);
    expect(first).toEqual(won(1669, 79));
    expect(settleCoupon(input)).toEqual(first);
    expect(input).toEqual(copy);
  });
  it('the order of tips and sizes does not matter', () => {
    const first = settleCoupon(input);
    const tips = [...input.tips];
    for (let i = 0; i < tips.length; i++) {
      tips.push(tips.shift() as CouponTipOutcome);
      expect(settleCoupon({ ...input, tips: [...tips] })).toEqual(first);
      expect(settleCoupon({ ...input, tips: [...tips].reverse(), systemSizes: [2, 1] })).toEqual(first);
    }
  });
});
