/** Money is integer minor units (kuruş, cents); odds are integer thousandths (1.85 -> 1850). */
import { intlLocales, ltrFigure } from './languages.ts';

export type Minor = number;
export type Odds = number;

export const ODDS_SCALE = 1000;

/**
 * Parses an amount typed by the player ('12', '12.5', '12,50') into minor units; null when it is
 * not a positive amount with at most two decimals. The string is split, never multiplied as a float.
 */
export function parseAmount(text: string): Minor | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{0,2}))?\s*$/.exec(text);
  if (!m) return null;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/** Minor units as a plain decimal string with two places ('1250' -> '12.50'), for inputs and receipts. */
export function minorToDecimal(minor: Minor): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const amountFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as a player reads it, the one place money becomes text (screens, receipts, the game's
 * balance): the language's separators, two decimals, then the symbol ('1.234,56 TL' in Turkish,
 * '1,234.56 TL' in English); reading left to right inside right-to-left text.
 */
export function formatAmount(minor: Minor, symbol: string, lang: string): string {
  let f = amountFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(intlLocales(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amountFormats.set(lang, f);
  }
  const text = f.format(minor / 100);
  return ltrFigure(symbol ? `${text} ${symbol}` : text, lang);
}

const separators = new Map<string, string>();

/**
 * A plain decimal the player typed or will edit ('10.50') with the language's decimal mark
 * ('10,50' in Turkish), so the stake field reads like the totals beside it; parseAmount takes both.
 */
export function decimalInLang(text: string, lang: string): string {
  let sep = separators.get(lang);
  if (sep === undefined) {
    sep = new Intl.NumberFormat(intlLocales(lang)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    separators.set(lang, sep);
  }
  return text.replace('.', sep);
}

const SYMBOLS: Record<string, string> = { TRY: 'TL', EUR: '€', USD: '$', TND: 'DT', CHF: 'CHF', ILS: '₪', PEN: 'S/', PLN: 'zł', IQD: 'IQD' };

/** The currency symbol rule of account-platform.md section 9. */
export function currencySymbol(code: string, settings: { serverId?: number; currencyMode?: number } = {}): string {
  if (settings.serverId === 3) return '$';
  if (settings.currencyMode === 1) return '';
  return SYMBOLS[code] ?? code;
}
