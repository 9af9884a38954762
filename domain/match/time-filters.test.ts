import { describe, expect, it } from 'vitest';
import { isTimeFilterId, timeFilterOptions, timeFilterWindow } from './time-filters.ts';

const IST = 'Europe/Istanbul'; // UTC+3, no DST
// 2026-06-01 21:30 in Istanbul (18:30 UTC), a Monday.
const NOW = Date.parse('2026-06-01T18:30:00Z');

describe('time filters', () => {
  it('All spans 30 days from now', () => {
    expect(timeFilterWindow('all', NOW, IST)).toEqual({ start: NOW, end: NOW + 30 * 86_400_000 });
  });

  it('6 Hour is now to six hours later', () => {
    expect(timeFilterWindow('6h', NOW, IST)).toEqual({ start: NOW, end: NOW + 6 * 3_600_000 });
  });

  it("Today ends at the player's midnight, not the server's", () => {
    expect(timeFilterWindow('today', NOW, IST)).toEqual({ start: NOW, end: Date.parse('2026-06-01T21:00:00Z') });
    // The same instant in New York (14:30 local) ends at New York midnight.
    expect(timeFilterWindow('today', NOW, 'America/New_York').end).toBe(Date.parse('2026-06-02T04:00:00Z'));
  });

  it('a named day is that whole local day', () => {
    expect(timeFilterWindow('d1', NOW, IST)).toEqual({ start: Date.parse('2026-06-01T21:00:00Z'), end: Date.parse('2026-06-02T21:00:00Z') });
    expect(timeFilterWindow('d6', NOW, IST).start).toBe(Date.parse('2026-06-06T21:00:00Z'));
  });

  it('a day across a daylight-saving change is 23 hours long', () => {
    // Berlin moves clocks forward on 2026-03-29.
    const w = timeFilterWindow('d1', Date.parse('2026-03-28T10:00:00Z'), 'Europe/Berlin');
    expect(w.end - w.start).toBe(23 * 3_600_000);
  });

  it('offers All, 6 Hour, Today, then six days by date', () => {
    const o = timeFilterOptions(NOW, IST);
    expect(o.map((x) => x.id)).toEqual(['all', '6h', 'today', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6']);
    expect(o[3]!.day).toBe('2026-06-01T21:00:00.000Z');
  });

  it('checks ids from a query or a kept choice', () => {
    expect(isTimeFilterId('today')).toBe(true);
    expect(isTimeFilterId('d6')).toBe(true);
    expect(isTimeFilterId('d7')).toBe(false);
    expect(isTimeFilterId('d0')).toBe(false);
    expect(isTimeFilterId(3)).toBe(false);
  });
});
