import { currencySymbol } from '../../../domain/money.ts';
import { intlLocales, ltrFigure } from '../../../domain/languages.ts';

/** 'dd.MM.yyyy HH:mm' of an instant in a time zone ('' = the device's). */
export function dateTimeText(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: timeZone || undefined, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(d);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(d);
  }
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('day')}.${get('month')}.${get('year')} ${get('hour')}:${get('minute')}`;
}

/** 'yyyy/MM/dd' of an instant in a time zone: the date shape of the history calls. */
export function slashDate(ms: number, timeZone: string): string {
  const t = dateTimeText(new Date(ms).toISOString(), timeZone);
  const [d, m, y] = t.slice(0, 10).split('.');
  return `${y}/${m}/${d}`;
}

/** An amount with the currency rules of section 9, in the language's number format. */
export function moneyText(minor: number, currency: string, lang: string, settings: { serverId?: number; currencyMode?: number } = {}): string {
  let f: Intl.NumberFormat;
  try { f = new Intl.NumberFormat(intlLocales(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }); } catch { f = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }); }
  const sym = currencySymbol(currency, settings);
  const text = f.format(minor / 100);
  // An amount reads left to right (figures, then the symbol) in right-to-left languages too.
  return ltrFigure(sym ? `${text} ${sym}` : text, lang);
}
