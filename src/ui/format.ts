/** Presentation only: money and dates in the player's language; the figures come from the worker. */
import { dateFormat, formatDateTimeIn } from '../../domain/dates.ts';
import { formatAmount } from '../../domain/money.ts';

/** An amount in the player's language (domain/money.ts: the one place money becomes text). */
export const formatMoney = (minor: number, symbol: string, lang: string): string => formatAmount(minor, symbol, lang);

/**
 * The zone every date on screen is shown in: the cookie `timezone` ('' = the device's), the single
 * source of truth on the main thread. Set at start and on each change, next to core.setTimezone, so
 * the dates the UI formats agree with those the worker formats (account-platform.md section 2).
 */
let displayZone = '';
export const currentZone = (): string => displayZone;
export function setDisplayZone(zone: string): void {
  displayZone = validZone(zone) ? zone : '';
}

/** The zone actually used: the chosen one, else the device's. */
export function effectiveZone(zone = displayZone, now = Date.now()): string {
  return (zone && validZone(zone) ? zone : '') || deviceZone(now);
}

/**
 * The device's zone, read again at most once a minute (a phone that travels changes it): each read
 * builds an Intl formatter, and every date of a list asked for it, a fifth of Home's first render
 * (main-thread time at load).
 */
let device = { zone: '', at: -Infinity };
function deviceZone(now: number): string {
  if (now - device.at > 60_000) device = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', at: now };
  return device.zone;
}

/** Whether the Intl of this browser knows a zone, asked once per zone. */
const knownZones = new Map<string, boolean>();
function validZone(zone: string): boolean {
  if (!zone) return false;
  let known = knownZones.get(zone);
  if (known === undefined) {
    try { known = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone !== ''; } catch { known = false; }
    knownZones.set(zone, known);
  }
  return known;
}

/** A formatter of a kind of date (domain/dates.ts, shared with the worker's lists). */
const fmt = (lang: string, zone: string, kind: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => dateFormat(lang, zone, kind, opts);

/** 'YYYY-MM-DD' of an instant on the wall calendar of a zone. */
function dayKey(ms: number, zone: string): string {
  return fmt('en-CA', zone, 'key', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/** The calendar day after 'YYYY-MM-DD' (by date, not +24 h, so a 23 h or 25 h DST day is still one day). */
function nextDayKey(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

/** Kick-off as a day ('today', 'tomorrow' or dd.MM in the language) and HH:mm, both in the chosen zone. */
export function formatKickoff(iso: string, lang: string, now = Date.now(), zone = displayZone): { day: string; time: string } {
  const z = effectiveZone(zone, now);
  const ms = new Date(iso).getTime();
  const time = fmt(lang, z, 'time', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
  const key = dayKey(ms, z);
  const todayKey = dayKey(now, z);
  const day = key === todayKey ? 'today' : key === nextDayKey(todayKey) ? 'tomorrow' : fmt(lang, z, 'dm', { day: '2-digit', month: '2-digit' }).format(ms);
  return { day, time };
}

/** Date and time (dd.MM.yyyy HH:mm in the language's order) in the chosen zone. */
export function formatDateTime(iso: string, lang: string, zone = displayZone): string {
  return formatDateTimeIn(iso, lang, effectiveZone(zone));
}

/** Day, month and time without the year: the 'updated at' of kept data, in the chosen zone. */
export function formatShortDateTime(ms: number, lang: string, zone = displayZone): string {
  return fmt(lang, effectiveZone(zone), 'sdt', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}

/** A day's weekday name, day and month (the time filter's named days), in the chosen zone. */
export function formatWeekday(iso: string, lang: string, zone = displayZone): string {
  return fmt(lang, effectiveZone(zone), 'wd', { weekday: 'long', day: 'numeric', month: 'short' }).format(new Date(iso));
}
