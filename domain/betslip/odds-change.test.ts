import { describe, expect, it } from 'vitest';
import { isOddsChange, judgeOddsChange, oddsChangeOf, type OddsChange, type OddsVerdict } from './odds-change.ts';

describe('odds-change choice', () => {
  // seen 2.00; now 2.10 (up), 1.90 (down), 2.00 (same), no price (suspended)
  const cases: Array<[OddsChange, number | null, OddsVerdict]> = [
    ['none', 2_100, 'refuse'], ['none', 1_900, 'refuse'], ['none', 2_000, 'same'], ['none', null, 'closed'],
    ['higher', 2_100, 'accept'], ['higher', 1_900, 'refuse'], ['higher', 2_000, 'same'], ['higher', null, 'closed'],
    ['any', 2_100, 'accept'], ['any', 1_900, 'accept'], ['any', 2_000, 'same'], ['any', null, 'closed'],
  ];
  it.each(cases)('%s, now %s: %s', (choice, now, verdict) => {
    expect(judgeOddsChange(choice, 2_000, now)).toBe(verdict);
  });

  it('a move of one thousandth counts', () => {
    expect(judgeOddsChange('higher', 2_000, 2_001)).toBe('accept');
    expect(judgeOddsChange('higher', 2_000, 1_999)).toBe('refuse');
  });

  it("maps today's oddChangeOk, prefers oddsChange, else the fallback", () => {
    expect(oddsChangeOf({ oddChangeOk: true })).toBe('any');
    expect(oddsChangeOf({ oddChangeOk: 1 })).toBe('any');
    expect(oddsChangeOf({ oddChangeOk: false })).toBe('none');
    expect(oddsChangeOf({ oddChangeOk: 0 })).toBe('none');
    expect(oddsChangeOf({ oddsChange: 'higher', oddChangeOk: true })).toBe('higher');
    expect(oddsChangeOf({})).toBe('none');
    expect(oddsChangeOf({}, 'any')).toBe('any');
  });

  it('knows its three values', () => {
    expect(['none', 'higher', 'any', 'all', 1, null].map(isOddsChange)).toEqual([true, true, true, false, false, false]);
  });
});
