import { afterEach, describe, expect, it } from 'vitest';
import { currentZone, effectiveZone, formatDateTime, formatKickoff, formatShortDateTime, formatWeekday, setDisplayZone } from '../src/ui/format.ts';

// 'All dates shown in the chosen time zone' (account-platform.md section 2): the UI formats in the cookie's zone.
describe('UI date formatting in the chosen zone', () => {
  afterEach(() => setDisplayZone(''));

  // 21:30 UTC on 22 Nov: 00:30 on the 23rd in Istanbul (UTC+3), 16:30 on the 22nd in New York (UTC-5).
  const kickoff = '2026-11-22T21:30:00Z';
  const now = Date.parse('2026-11-22T12:00:00Z'); // the 22nd in both zones

  it('the same kick-off is tomorrow 00:30 in Istanbul and today 16:30 in New York', () => {
    expect(formatKickoff(kickoff, 'en', now, 'Europe/Istanbul')).toEqual({ day: 'tomorrow', time: '00:30' });
    expect(formatKickoff(kickoff, 'en', now, 'America/New_York')).toEqual({ day: 'today', time: '16:30' });
  });

  it('today is the day of the chosen zone, not of UTC', () => {
    // 22:00 UTC on the 22nd is already the 23rd in Istanbul: a 23:00 UTC kick-off is today there.
    const late = Date.parse('2026-11-22T22:00:00Z');
    expect(formatKickoff('2026-11-22T23:00:00Z', 'en', late, 'Europe/Istanbul').day).toBe('today');
    // In New York it is still the 22nd, and the 23rd 06:00 UTC (01:00 local) is tomorrow.
    expect(formatKickoff('2026-11-23T06:00:00Z', 'en', late, 'America/New_York')).toEqual({ day: 'tomorrow', time: '01:00' });
    // Two days on is a dated day.
    const dated = formatKickoff('2026-11-24T21:30:00Z', 'tr', now, 'Europe/Istanbul');
    expect(dated.time).toBe('00:30');
    expect(dated.day).toMatch(/^25\W11$/);
  });

  it('tomorrow spans a 25 h DST day (New York, 1 Nov 2026)', () => {
    const sat = Date.parse('2026-10-31T16:00:00Z'); // Sat 31 Oct 12:00 EDT
    // Sun 1 Nov 23:30 EST = 2 Nov 04:30 UTC: still tomorrow although more than 24 h after midnight.
    expect(formatKickoff('2026-11-02T04:30:00Z', 'en', sat, 'America/New_York')).toEqual({ day: 'tomorrow', time: '23:30' });
  });

  it('date and time follow the zone set on the main thread', () => {
    setDisplayZone('Europe/Istanbul');
    expect(currentZone()).toBe('Europe/Istanbul');
    expect(formatDateTime(kickoff, 'tr')).toBe('23.11.2026 00:30');
    expect(formatKickoff(kickoff, 'en', now)).toEqual({ day: 'tomorrow', time: '00:30' });
    expect(formatShortDateTime(Date.parse(kickoff), 'tr')).toMatch(/^23\W11\W+00:30$/);
    expect(formatWeekday('2026-11-22T21:00:00Z', 'en')).toContain('Monday');
    setDisplayZone('America/New_York');
    expect(formatDateTime(kickoff, 'tr')).toBe('22.11.2026 16:30');
    expect(formatKickoff(kickoff, 'en', now)).toEqual({ day: 'today', time: '16:30' });
    expect(formatWeekday('2026-11-22T21:00:00Z', 'en')).toContain('Sunday');
  });

  it('an unknown zone falls back to the device zone instead of throwing', () => {
    setDisplayZone('Mars/Olympus');
    expect(currentZone()).toBe('');
    expect(effectiveZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
    expect(() => formatDateTime(kickoff, 'tr')).not.toThrow();
  });
});
