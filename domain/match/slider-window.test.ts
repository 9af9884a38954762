import { describe, expect, it } from 'vitest';
import { sliderWindow } from './time-filters.ts';
import { gameScoreText, tennisGameWinner, tennisPointText } from './game-score.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const IST = 'Europe/Istanbul';

describe('Home slider window (matches_day)', () => {
  it('spans matches_day times 24 hours when positive', () => {
    expect(sliderWindow(1, NOW, IST)).toEqual({ start: NOW, end: NOW + 86_400_000 });
    expect(sliderWindow(3, NOW, IST)).toEqual({ start: NOW, end: NOW + 3 * 86_400_000 });
  });
  it('spans 6 hours when matches_day is 0', () => {
    expect(sliderWindow(0, NOW, IST)).toEqual({ start: NOW, end: NOW + 6 * 3_600_000 });
  });
  it('spans the rest of today in the player zone otherwise', () => {
    // 12:00 UTC is 15:00 in Istanbul: today ends at Istanbul midnight, 21:00 UTC
    const end = Date.parse('2026-06-01T21:00:00Z');
    expect(sliderWindow(undefined, NOW, IST)).toEqual({ start: NOW, end });
    expect(sliderWindow(-1, NOW, IST)).toEqual({ start: NOW, end });
    expect(sliderWindow(Number.NaN, NOW, IST)).toEqual({ start: NOW, end });
  });
});

describe('tennis game score', () => {
  it('calls 0/15/30/40, deuce and advantage', () => {
    expect(tennisPointText({ h: 0, a: 0 }, false)).toEqual({ h: '0', a: '0' });
    expect(tennisPointText({ h: 2, a: 3 }, false)).toEqual({ h: '30', a: '40' });
    expect(tennisPointText({ h: 4, a: 4 }, false)).toEqual({ h: '40', a: '40' });
    expect(tennisPointText({ h: 5, a: 4 }, false)).toEqual({ h: 'A', a: '40' });
    expect(tennisPointText({ h: 3, a: 4 }, false)).toEqual({ h: '40', a: 'A' });
    expect(tennisPointText({ h: 5, a: 3 }, true)).toEqual({ h: '5', a: '3' });
  });
  it('wins a game at 4 with two clear, a tiebreak at 7 with two clear', () => {
    expect(tennisGameWinner({ h: 4, a: 2 }, false)).toBe('h');
    expect(tennisGameWinner({ h: 4, a: 3 }, false)).toBeNull();
    expect(tennisGameWinner({ h: 4, a: 6 }, false)).toBe('a');
    expect(tennisGameWinner({ h: 6, a: 4 }, true)).toBeNull();
    expect(tennisGameWinner({ h: 7, a: 5 }, true)).toBe('h');
  });
  it('is shown for tennis in play only, counting a 6-6 set as a tiebreak', () => {
    expect(gameScoreText({ sid: 5, sscr: [{ h: 2, a: 1 }], p: { h: 1, a: 2 } }, true)).toEqual({ h: '15', a: '30' });
    expect(gameScoreText({ sid: 5, sscr: [{ h: 6, a: 6 }], p: { h: 1, a: 2 } }, true)).toEqual({ h: '1', a: '2' });
    expect(gameScoreText({ sid: 5, sscr: [{ h: 2, a: 1 }], p: { h: 1, a: 2 } }, false)).toBeNull();
    expect(gameScoreText({ sid: 23, sscr: [{ h: 20, a: 18 }], p: { h: 0, a: 0 } }, true)).toBeNull();
  });
});
