/**
 * The language code a call sends (account-platform.md section 7). The Iraqi code iq is Kurdish:
 * the server keeps Kurdish content under 'ku', and the banner slider under 'kr'; every other call
 * (accounts, sports, coupons) keeps 'iq', so a stored user language stays a valid route code.
 */
const KU_KEYS = new Set(['getPage', 'getPopups', 'getNotifs', 'promotions', 'promotionDetail']);
const SLIDER_KEY = 'banners';

export function wireLang(lang: string, key: string): string {
  if (lang !== 'iq') return lang;
  if (key === SLIDER_KEY) return 'kr';
  return KU_KEYS.has(key) ? 'ku' : lang;
}
