import { describe, expect, it } from 'vitest';
import { earliestResultAt, minDurationMin, resultFieldsFor, resultTooEarly } from './result-timing.ts';
import { periodScore, formatResultText } from '../coupon/result.ts';
import { settleTip } from '../coupon/settle.ts';

const KICKOFF = Date.parse('2026-06-01T14:15:00Z');

describe('the time a result may be saved', () => {
  it('is kick-off plus the sport minimum, football by default', () => {
    expect(earliestResultAt(KICKOFF, 1)).toBe(KICKOFF + 105 * 60_000);
    expect(minDurationMin(41)).toBe(20);
    expect(minDurationMin(999)).toBe(105);
  });
  it('refuses a score before it and allows a called-off match at any time', () => {
    expect(resultTooEarly(KICKOFF, 1, undefined, Date.parse('2026-06-01T10:44:00Z'))).toBe(true);
    expect(resultTooEarly(KICKOFF, 1, 'ended', KICKOFF + 104 * 60_000)).toBe(true);
    expect(resultTooEarly(KICKOFF, 1, undefined, KICKOFF + 105 * 60_000)).toBe(false);
    expect(resultTooEarly(KICKOFF, 1, 'retired', KICKOFF)).toBe(true);
    expect(resultTooEarly(KICKOFF, 1, 'cancelled', KICKOFF - 3_600_000)).toBe(false);
  });
});

describe('the fields a match markets need', () => {
  it('asks only for the score when only full-time markets are offered', () => {
    expect(resultFieldsFor([1, 10, 18])).toEqual({ ht: false, corners: false, cards: false, goals: false });
  });
  it('asks for half time, corners, cards and goal order by market', () => {
    expect(resultFieldsFor([65]).ht).toBe(true);
    expect(resultFieldsFor([136, 139, 8])).toEqual({ ht: false, corners: true, cards: true, goals: true });
    expect(resultFieldsFor([1, 999])).toEqual({ ht: false, corners: false, cards: false, goals: false });
  });
});

describe('a result without half time', () => {
  const r = { ft: { h: 2, a: 1 } };
  it('settles full-time markets and leaves half markets open', () => {
    expect(periodScore(r, 'ft')).toEqual({ h: 2, a: 1 });
    expect(periodScore(r, 'h1')).toBeUndefined();
    expect(settleTip({ oddsType: 1, outcomeId: 1, special: '' }, r)).toBe('won');
    expect(formatResultText(r)).toBe('FT 2:1');
  });
});
