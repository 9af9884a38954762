import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { currencySymbol } from '../../../domain/money.ts';

/** Money of a back-office row: minor units in the row's currency, in the operator's language. */
export const money = (minor: number, currency: string, lang: string): string => formatMoney(minor, currencySymbol(currency), lang);
/** A date and time in the display zone; '' for none. */
export const when = (iso: string | null | undefined, lang: string): string => (iso ? formatDateTime(iso, lang) : '');
/** Today and n days back as 'YYYY-MM-DD' (the bo calls' day format, UTC days). */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const daysAgo = (n: number, now = Date.now()): string => dayOf(now - n * 86_400_000);
