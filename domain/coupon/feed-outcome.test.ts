import { describe, expect, it } from 'vitest';
import {
  deadHeatFactor, deadHeatShown, feedEffectiveOdds, feedOutcomeOf, feedMarketKey, feedOutcomeWord, parseFactor, settleFeedTip, voidFactor, type FeedMatchResults,
} from './feed-outcome.ts';
import { settleCoupon } from './settle-coupon.ts';
import { settleTipWithFactors } from './settle.ts';

/** Stake 100.00 (10,000 minor units) times the exact return, floored: what a single pays. */
const single = (odd: number, r: Parameters<typeof feedEffectiveOdds>[1]) => {
  const e = feedEffectiveOdds(odd, r);
  return Number((10_000n * e.num) / e.den);
};

describe('void_factor and dead_heat_factor', () => {
  it('reads factors exactly from their decimal text', () => {
    expect(parseFactor('0.5')).toEqual({ num: 5n, den: 10n });
    expect(parseFactor('1')).toEqual({ num: 1n, den: 1n });
    expect(parseFactor('1.0')).toEqual({ num: 10n, den: 10n });
    expect(parseFactor('0.3333')).toEqual({ num: 3333n, den: 10000n });
    expect(parseFactor('1.5')).toBeUndefined();
    expect(parseFactor('-0.5')).toBeUndefined();
    expect(parseFactor('abc')).toBeUndefined();
    expect(voidFactor({ result: 1 })).toEqual({ num: 0n, den: 1n });
    expect(deadHeatFactor({ result: 1 })).toEqual({ num: 1n, den: 1n });
  });

  // The five combinations of the feed's documentation, at odds 1.90 and a stake of 100.00.
  it('worked examples: won, lost, full refund, half won, half lost', () => {
    expect(single(1900, { result: 1 })).toBe(19_000); // 100 x 1.90
    expect(single(1900, { result: 0 })).toBe(0);
    expect(single(1900, { result: 0, voidFactor: '1' })).toBe(10_000); // the stake back
    expect(single(1900, { result: 1, voidFactor: '0.5' })).toBe(14_500); // 50 back + 50 x 1.90 = 50 + 95
    expect(single(1900, { result: 0, voidFactor: '0.5' })).toBe(5_000); // 50 back, 50 lost
    expect(feedOutcomeWord({ result: 1 })).toBe('won');
    expect(feedOutcomeWord({ result: 0 })).toBe('lost');
    expect(feedOutcomeWord({ result: 0, voidFactor: '1.0' })).toBe('void');
    expect(feedOutcomeWord({ result: 1, voidFactor: '0.5' })).toBe('halfWon');
    expect(feedOutcomeWord({ result: 0, voidFactor: '0.5' })).toBe('halfLost');
  });

  it('worked examples: dead heats divide the win, never the loss', () => {
    // two share first place: half the stake wins at 5.00 -> 50 x 5 = 250.00
    expect(single(5000, { result: 1, deadHeatFactor: '0.5' })).toBe(25_000);
    // three share a place at 4.00: a third of 100 x 4 = 133.33 (floored once, exactly)
    expect(single(4000, { result: 1, deadHeatFactor: '0.3333' })).toBe(13_332);
    expect(single(4000, { result: 0, deadHeatFactor: '0.5' })).toBe(0);
    expect(feedOutcomeWord({ result: 1, deadHeatFactor: '0.5' })).toBe('won');
  });

  it('a coupon line shows a dead heat with its factor, only where the win was divided', () => {
    expect(deadHeatShown({ result: 1, deadHeatFactor: '0.50' })).toBe('0.5');
    expect(deadHeatShown({ result: 1, deadHeatFactor: '0.3333' })).toBe('0.3333');
    expect(deadHeatShown({ result: 1, deadHeatFactor: '1' })).toBeUndefined();
    expect(deadHeatShown({ result: 1, deadHeatFactor: '1.0' })).toBeUndefined();
    expect(deadHeatShown({ result: 0, deadHeatFactor: '0.5' })).toBeUndefined();
    expect(deadHeatShown({ result: 1 })).toBeUndefined();
    expect(deadHeatShown({ result: 1, deadHeatFactor: 'x' })).toBeUndefined();
    expect(deadHeatShown(undefined)).toBeUndefined();
    const feed: FeedMatchResults = { [feedMarketKey(47, '')]: { outcomes: { 418: { result: 1, deadHeatFactor: '0.5' } } } };
    expect(feedOutcomeOf(feed, 47, '', 418)).toEqual({ result: 1, deadHeatFactor: '0.5' });
    expect(feedOutcomeOf(feed, 47, '', 1)).toBeUndefined();
    expect(feedOutcomeOf(undefined, 47, '', 418)).toBeUndefined();
  });

  it('the named outcomes agree with the factors (half won is (odd + 1) / 2)', () => {
    const e = feedEffectiveOdds(2250, { result: 1, voidFactor: '0.5' });
    expect(e.num * 2000n).toBe((2250n + 1000n) * e.den);
  });
});

describe('settleFeedTip', () => {
  const feed: FeedMatchResults = {
    [feedMarketKey(1, '')]: { outcomes: { 1: { result: 1 }, 2: { result: 0 }, 3: { result: 0 } } },
    [feedMarketKey(18, '2.5')]: { outcomes: { 12: { result: 0, voidFactor: '1' } } },
    [feedMarketKey(29, '')]: { cancels: [{ from: 1000, to: 2000 }], outcomes: { 74: { result: 1 } } },
    [feedMarketKey(40, '')]: { outcomes: { 1: { result: -1 } } },
  };
  it('settles from the outcomes, voids inside a cancel window, leaves the rest open', () => {
    expect(settleFeedTip({ oddsType: 1, outcomeId: 1, special: '' }, feed).outcome).toBe('won');
    expect(settleFeedTip({ oddsType: 1, outcomeId: 2, special: '' }, feed).outcome).toBe('lost');
    expect(settleFeedTip({ oddsType: 18, outcomeId: 12, special: '2.5' }, feed).outcome).toBe('void');
    expect(settleFeedTip({ oddsType: 18, outcomeId: 13, special: '2.5' }, feed).outcome).toBe('open');
    expect(settleFeedTip({ oddsType: 29, outcomeId: 74, special: '', placedAt: 1500 }, feed).outcome).toBe('void');
    expect(settleFeedTip({ oddsType: 29, outcomeId: 74, special: '', placedAt: 2000 }, feed).outcome).toBe('won');
    expect(settleFeedTip({ oddsType: 29, outcomeId: 74, special: '', placedAt: 999 }, feed).outcome).toBe('won');
    expect(settleFeedTip({ oddsType: 40, outcomeId: 1, special: '' }, feed).outcome).toBe('open');
    expect(settleFeedTip({ oddsType: 14, outcomeId: 1, special: '0:1' }, feed).outcome).toBe('open');
  });
  it('a match the feed settles ignores the scores', () => {
    const r = { ft: { h: 0, a: 3 }, ht: { h: 0, a: 1 }, feed };
    expect(settleTipWithFactors({ oddsType: 1, outcomeId: 1, special: '' }, r).outcome).toBe('won');
    expect(settleTipWithFactors({ oddsType: 10, outcomeId: 9, special: '' }, r).outcome).toBe('open');
  });
});

describe('a coupon settled by the feed', () => {
  const base = { ticketType: 'KK' as const, ticketStake: 10_000, totalStake: 10_000, systemSizes: [], bonusPercent: 0, maxPay: 100_000_000 };
  it('prices a dead heat and a half refund in one combination exactly', () => {
    const s = settleCoupon({
      ...base,
      tips: [
        { odd: 5000, banko: false, outcome: 'won', matchId: 1, feedResult: { result: 1, deadHeatFactor: '0.5' } },
        { odd: 1900, banko: false, outcome: 'halfWon', matchId: 2, feedResult: { result: 1, voidFactor: '0.5' } },
      ],
    });
    // 100 x (5.00 x 0.5) x ((1 + 1.90) / 2) = 100 x 2.5 x 1.45 = 362.50
    expect(s).toEqual({ state: 'settled', status: 1, income: 36_250, bonusPay: 0 });
  });
  it('a third of a win stays exact over a combination', () => {
    const s = settleCoupon({
      ...base,
      tips: [
        { odd: 4000, banko: false, outcome: 'won', matchId: 1, feedResult: { result: 1, deadHeatFactor: '0.3333' } },
        { odd: 2000, banko: false, outcome: 'won', matchId: 2, feedResult: { result: 1 } },
      ],
    });
    // 100 x 4 x 0.3333 x 2 = 266.64
    expect(s.income).toBe(26_664);
  });
  it('without factors a coupon is priced as before', () => {
    const s = settleCoupon({ ...base, tips: [{ odd: 1900, banko: false, outcome: 'halfWon' }, { odd: 2000, banko: false, outcome: 'won' }] });
    expect(s.income).toBe(29_000);
  });
});
