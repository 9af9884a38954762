import { describe, expect, it } from 'vitest';
import { byWorstCase, legPayouts, marketGrid, type LiabilityMarket } from './liability.ts';

const leg = (matchId: number, odd: number, banko = false) => ({ matchId, odd, banko });

describe('legPayouts: what the house pays on a coupon if each leg wins', () => {
  it('a single and an accumulator: the coupon payout on every leg (bonus and caps included)', () => {
    expect(legPayouts('TK', [leg(1, 2_500)], [], 1_000, 2_500)).toEqual([2_500]);
    expect(legPayouts('KK', [leg(1, 2_000), leg(2, 3_000)], [], 1_000, 6_300)).toEqual([6_300, 6_300]);
  });

  it('a multiple: the leg times the summed odds of the other matches, at most the coupon payout', () => {
    // match 1 doubled (2.00 and 3.00), match 2 at 1.50, 100 per combination
    expect(legPayouts('CK', [leg(1, 2_000), leg(1, 3_000), leg(2, 1_500)], [], 100, 750)).toEqual([300, 450, 750]);
    expect(legPayouts('CK', [leg(1, 2_000), leg(1, 3_000), leg(2, 1_500)], [], 100, 400)).toEqual([300, 400, 400]);
  });

  it('a system: the combinations holding the leg; a banker is in all of them', () => {
    expect(legPayouts('SK', [leg(1, 2_000), leg(2, 3_000), leg(3, 4_000)], [2], 100, 2_600)).toEqual([1_400, 1_800, 2_000]);
    expect(legPayouts('SK', [leg(9, 1_500, true), leg(1, 2_000), leg(2, 3_000), leg(3, 4_000)], [2], 100, 3_900)).toEqual([3_900, 2_100, 2_700, 3_000]);
  });
});

describe('marketGrid and the order of bo/liability', () => {
  it('nets each outcome against every stake of its market; the worst case is the largest loss', () => {
    const o = (outcomeId: number, singleStake: number, singlePay: number) => ({ outcomeId, name: String(outcomeId), singleStake, singlePay, comboStake: 0, comboPay: 0, tips: 1 });
    const g = marketGrid([o(1, 1_000, 2_500), o(2, 500, 1_800), o(3, 200, 600)]);
    expect(g.stakes).toBe(1_700);
    expect(g.worst).toBe(800);
    expect(g.outcomes.map((x) => [x.outcomeId, x.net])).toEqual([[1, 800], [2, 100], [3, -1_100]]);
    const m = (worst: number, matchId: number) => ({ worst, matchId, oddsType: 1, special: '' }) as LiabilityMarket;
    expect([m(5, 1), m(50, 2), m(-3, 3)].sort(byWorstCase).map((x) => x.matchId)).toEqual([2, 1, 3]);
  });
});
