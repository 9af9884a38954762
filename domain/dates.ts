/**
 * Date and time as a player reads them, the one place an instant becomes text on screens and in
 * the worker's lists: day, month, year and 24-hour time in the language's order (28.11.2026 14:30
 * in Turkish, 28/11/2026 14:30 in English), in a time zone.
 */
import { intlLocales, isLang } from './languages.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The Intl formatter of a kind of date for a language (or any Intl tag) and zone, made once. */
export function dateFormat(lang: string, zone: string, kind: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${zone}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    try { f = new Intl.DateTimeFormat(isLang(lang) ? intlLocales(lang) : lang, { ...opts, timeZone: zone || undefined }); } catch { f = new Intl.DateTimeFormat('en-GB', { ...opts, timeZone: 'UTC' }); }
    formats.set(key, f);
  }
  return f;
}

/** The options of a date with its time. */
export const DATE_TIME: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** Date and time of an instant (ISO text or epoch ms) in a language and zone ('' = the runtime's). */
export function formatDateTimeIn(at: string | number, lang: string, zone: string): string {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (Number.isNaN(ms)) return '';
  return dateFormat(lang, zone, 'dt', DATE_TIME).format(ms);
}
