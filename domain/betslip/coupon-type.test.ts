import { describe, expect, it } from 'vitest';
import type { SlipSelection } from './types.ts';
import { couponTypeOf } from './coupon-type.ts';

function sel(matchId: number, extra: Partial<SlipSelection> = {}): SlipSelection {
  return { matchId, oddsType: 1, outcomeId: 1, special: '', odd: 2000, banko: false, live: false, locked: false, matchName: `M${matchId}`, addedAt: 0, ...extra };
}

describe('couponTypeOf', () => {
  it('is none without picks and TK with one (even with a size chosen)', () => {
    expect(couponTypeOf([], [])).toBe('none');
    expect(couponTypeOf([sel(1)], [])).toBe('TK');
    expect(couponTypeOf([sel(1)], [1])).toBe('TK');
  });

  it('is KK for picks of different matches', () => {
    expect(couponTypeOf([sel(1), sel(2), sel(3)], [])).toBe('KK');
  });

  it('is CK when two picks share a match', () => {
    expect(couponTypeOf([sel(1), sel(1, { outcomeId: 2 })], [])).toBe('CK');
    expect(couponTypeOf([sel(1), sel(2), sel(1, { outcomeId: 2 })], [])).toBe('CK');
  });

  it('is SK as soon as a system size is chosen', () => {
    expect(couponTypeOf([sel(1), sel(2), sel(3)], [2])).toBe('SK');
    // The n-of-n size is one combination, but choosing it still makes a system.
    expect(couponTypeOf([sel(1), sel(2), sel(3)], [3])).toBe('SK');
  });

  it('ignores sizes the picks cannot make', () => {
    expect(couponTypeOf([sel(1), sel(2), sel(3)], [4])).toBe('KK');
    expect(couponTypeOf([sel(1), sel(2), sel(3)], [0])).toBe('KK');
    // With a banker only 2 picks are free: size 3 is not a system any more.
    expect(couponTypeOf([sel(1, { banko: true }), sel(2), sel(3)], [3])).toBe('KK');
    expect(couponTypeOf([sel(1, { banko: true }), sel(2), sel(3)], [2])).toBe('SK');
  });

  it('does not make a system of two picks from one match', () => {
    expect(couponTypeOf([sel(1), sel(1, { outcomeId: 2 }), sel(2)], [2])).toBe('CK');
  });

  it('follows the slip through its transitions', () => {
    const slip: SlipSelection[] = [sel(1)];
    expect(couponTypeOf(slip, [])).toBe('TK');
    slip.push(sel(2));
    expect(couponTypeOf(slip, [])).toBe('KK');
    slip.push(sel(3));
    expect(couponTypeOf(slip, [2])).toBe('SK');
    expect(couponTypeOf(slip, [])).toBe('KK');
    slip.push(sel(3, { outcomeId: 3 }));
    expect(couponTypeOf(slip, [])).toBe('CK');
    slip.pop();
    slip.pop();
    slip.pop();
    expect(couponTypeOf(slip, [])).toBe('TK');
  });
});
