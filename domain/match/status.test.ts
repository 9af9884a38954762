import { describe, expect, it } from 'vitest';
import { isLive, isPaused, isRemovedStatus, isSetStatus, shownStatus } from './status.ts';
import { countsAsLive, isStale, LIVE_WINDOW_MS, STALE_LIVE_MS } from './live-timings.ts';

describe('match status classes', () => {
  it('is live when a status exists and is not not_started', () => {
    expect(isLive('1p')).toBe(true);
    expect(isLive('paused')).toBe(true);
    expect(isLive('not_started')).toBe(false);
    expect(isLive(undefined)).toBe(false);
    expect(isLive('')).toBe(false);
  });

  it('groups paused and breaks', () => {
    for (const s of ['paused', 'pause1', 'pause2', 'pause3'] as const) expect(isPaused(s)).toBe(true);
    expect(isPaused('stopped')).toBe(false);
    expect(isPaused('2p')).toBe(false);
  });

  it('shows HT for pauses and FT for values containing end', () => {
    expect(shownStatus('paused')).toBe('HT');
    expect(shownStatus('pause2')).toBe('HT');
    expect(shownStatus('ended')).toBe('FT');
    expect(shownStatus('1p')).toBe('1p');
    expect(shownStatus('after_ot')).toBe('after_ot');
  });

  it('knows set markers', () => {
    expect(isSetStatus('3set')).toBe(true);
    expect(isSetStatus('3p')).toBe(false);
  });

  it('removes ended, interrupted, retired, walkover, after_ot and 4p of 90-minute football', () => {
    for (const ms of ['ended', 'interrupted', 'retired', 'walkover', 'after_ot'] as const) {
      expect(isRemovedStatus({ ms, sid: 3, pl: 10 })).toBe(true);
    }
    expect(isRemovedStatus({ ms: '4p', sid: 1, pl: 45 })).toBe(true);
    expect(isRemovedStatus({ ms: '4p', sid: 3, pl: 10 })).toBe(false);
    expect(isRemovedStatus({ ms: '4p', sid: 1, pl: 40 })).toBe(false);
    expect(isRemovedStatus({ ms: '2p', sid: 1, pl: 45 })).toBe(false);
  });

  it('counts a match as live inside the 150-minute window', () => {
    const now = 10_000_000;
    expect(countsAsLive(true, now + 60_000, now)).toBe(true);
    expect(countsAsLive(false, now - 60_000, now)).toBe(true);
    expect(countsAsLive(false, now - LIVE_WINDOW_MS, now)).toBe(false);
    expect(countsAsLive(false, now + 60_000, now)).toBe(false);
  });

  it('is stale after 300 s of silence', () => {
    expect(isStale(0, STALE_LIVE_MS - 1)).toBe(false);
    expect(isStale(0, STALE_LIVE_MS)).toBe(true);
  });
});
