import { describe, expect, it } from 'vitest';
import { byWorstCase, legPayouts, liabilityBreaches, marketGrid, type LiabilityMarket } from './liability.ts';

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

describe('liabilityBreaches: automatic protection', () => {
  const book = [
    { matchId: 1, oddsType: 1, special: '', outcomeId: 1, singleStake: 1_000, singlePay: 9_000, comboStake: 0, comboPay: 0, tips: 1 },
    { matchId: 1, oddsType: 1, special: '', outcomeId: 2, singleStake: 1_000, singlePay: 2_000, comboStake: 0, comboPay: 0, tips: 1 },
  ];
  const bet = (outcomeId: number, stake: number, pay: number) => ({ matchId: 1, oddsType: 1, special: '', outcomeId, single: true, stake, pay });
  const limits = (market: number, match: number) => () => ({ market, match });

  it('refuses a leg that takes the market past its limit, not one that lowers the worst case', () => {
    // worst now: outcome 1 pays 9,000 against 2,000 staked = 7,000
    expect(liabilityBreaches(book, [bet(1, 100, 900)], limits(7_500, 0))).toEqual([{ kind: 'market', matchId: 1, oddsType: 1, special: '', worst: 7_800, limit: 7_500 }]);
    expect(liabilityBreaches(book, [bet(2, 500, 1_000)], limits(6_000, 0))).toEqual([]);
    expect(liabilityBreaches(book, [bet(1, 100, 900)], limits(0, 0))).toEqual([]);
  });

  it('the match limit sums the losses of its markets', () => {
    const other = { matchId: 1, oddsType: 2, special: '2.5', outcomeId: 12, single: false, stake: 100, pay: 3_000 };
    expect(liabilityBreaches(book, [other], limits(0, 9_000))).toEqual([{ kind: 'match', matchId: 1, worst: 9_900, limit: 9_000 }]);
    expect(liabilityBreaches(book, [other], limits(0, 10_000))).toEqual([]);
  });
});
