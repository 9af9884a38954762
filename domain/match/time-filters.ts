/**
 * The time filters of the pre-match lists (betting-core.md sections 2 and 9): All spans
 * matches-in-days (30), 6 Hour, Today, then the next days by name. Day edges are midnight in the
 * player's time zone, not the server's, so 'Today' at 23:30 in Istanbul ends at Istanbul midnight.
 * The clock is a parameter: no Date.now() here.
 */
import { addDays, addHours, endOfDay, startOfDay } from 'date-fns';
import { TZDate } from '@date-fns/tz';

/** The All filter spans this many days (matches-in-days, section 9). */
export const MATCHES_IN_DAYS = 30;
/** Day names offered after Today (upcoming days, section 9). */
export const UPCOMING_DAYS = 6;

/** 'all', '6h', 'today', or 'd1'..'d6': the day that many days after today. */
export type TimeFilterId = 'all' | '6h' | 'today' | `d${number}`;

export interface TimeWindow {
  /** Inclusive start, epoch ms. */
  start: number;
  /** Exclusive end, epoch ms. */
  end: number;
}

export interface TimeFilterOption {
  id: TimeFilterId;
  /** For a named day: its start (ISO), so the UI can print the weekday in the player's language. */
  day?: string;
}

/** True for an id this module knows (query strings and remembered choices are checked with it). */
export function isTimeFilterId(v: unknown, days = UPCOMING_DAYS): v is TimeFilterId {
  if (v === 'all' || v === '6h' || v === 'today') return true;
  if (typeof v !== 'string') return false;
  const m = /^d([1-9]\d?)$/.exec(v);
  return !!m && Number(m[1]) <= days;
}

/** The options of the dropdown: All, 6 Hour, Today, then the next `days` days. */
export function timeFilterOptions(now: number, timeZone: string, days = UPCOMING_DAYS): TimeFilterOption[] {
  const today = startOfDay(new TZDate(now, timeZone));
  const out: TimeFilterOption[] = [{ id: 'all' }, { id: '6h' }, { id: 'today' }];
  for (let i = 1; i <= days; i++) out.push({ id: `d${i}`, day: new Date(addDays(today, i).getTime()).toISOString() });
  return out;
}

/**
 * The window of a filter at `now` in `timeZone`. Windows never start before now: a list shows
 * matches still to come (the server also drops those more than 5 minutes past their start).
 */
export function timeFilterWindow(id: TimeFilterId, now: number, timeZone: string, matchesInDays = MATCHES_IN_DAYS): TimeWindow {
  const local = new TZDate(now, timeZone);
  if (id === 'all') return { start: now, end: now + matchesInDays * 86_400_000 };
  if (id === '6h') return { start: now, end: addHours(local, 6).getTime() };
  if (id === 'today') return { start: now, end: endOfDay(local).getTime() + 1 };
  const offset = Number(id.slice(1));
  const day = addDays(startOfDay(local), offset);
  return { start: day.getTime(), end: endOfDay(day).getTime() + 1 };
}

/**
 * The window of the Home slider (popular matches) from the matches_day setting (section 9):
 * matches_day times 24 hours when it is positive, 6 hours when it is 0, and the rest of today in
 * the player's zone otherwise (negative, missing or not a number), so a site can show a day or
 * more of highlights, the next few hours, or only today's.
 */
export function sliderWindow(matchesDay: number | undefined, now: number, timeZone: string): TimeWindow {
  if (typeof matchesDay === 'number' && Number.isFinite(matchesDay) && matchesDay > 0) return { start: now, end: now + matchesDay * 86_400_000 };
  if (matchesDay === 0) return timeFilterWindow('6h', now, timeZone);
  return timeFilterWindow('today', now, timeZone);
}
