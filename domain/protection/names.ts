import type { LimitKind, LimitPeriod } from './rules.ts';

/**
 * A limit's name in the server's reply languages, for the limitReached refusal ('daily loss').
 * The app names limits itself through lingui; this is the text of the server's message.
 */
const KIND = { tr: { deposit: 'para yatırma', loss: 'kayıp', stake: 'bahis', session: 'oturum süresi' }, en: { deposit: 'deposit', loss: 'loss', stake: 'stake', session: 'session time' } };
const PERIOD = { tr: { day: 'günlük', week: 'haftalık', month: 'aylık', bet: '', session: '' }, en: { day: 'daily', week: 'weekly', month: 'monthly', bet: '', session: '' } };

export function limitName(kind: LimitKind, period: LimitPeriod, lang: string): string {
  const l = lang === 'en' ? 'en' : 'tr';
  if (period === 'bet') return l === 'en' ? 'stake per bet' : 'bahis başına';
  return `${PERIOD[l][period]} ${KIND[l][kind]}`.trim();
}
