/**
 * Displayed odds and labels (betting-core.md section 5). Integer arithmetic only: 1.005 as a
 * float rounds the wrong way, 1005 thousandths does not.
 */
import type { Odds } from '../money.ts';
import { americanOdds, fractionalOdds, type OddsStyle } from './odds-styles.ts';

export { ODDS_STYLES, isOddsStyle, type OddsStyle } from './odds-styles.ts';

/** Display cap when the user has no maximum odds limit: 320.00. */
export const ODDS_DISPLAY_CAP: Odds = 320_000;
/** Labels of team and player names in odds are cut to this many characters plus a dot. */
export const LABEL_NAME_MAX = 10;

export interface OddsFormat {
  /** The user's maximum odds limit in thousandths; 0 or absent means the default cap. */
  maxOdds?: number;
  /** The tofixedNumber setting (decimals, 0..3); absent means 2. */
  tofixed?: number;
  /** The player's odds format (Settings); absent means decimal. Receipts never pass one. */
  style?: OddsStyle;
}

/**
 * An odd as shown: capped at the user's max odds (or 320), then in the player's style. Decimal (the
 * spec's rules): integers as is ('2'), 1.001..1.009 with three decimals, otherwise `tofixed`
 * (default 2) decimals rounded half up, always a dot. Fractional ('6/4') and American ('+150') as
 * in odds-styles.ts.
 */
export function formatOdds(odd: Odds, opts: OddsFormat = {}): string {
  const cap = opts.maxOdds && opts.maxOdds > 0 ? opts.maxOdds : ODDS_DISPLAY_CAP;
  const v = Math.max(0, Math.round(Math.min(odd, cap)));
  if (opts.style === 'fractional') return fractionalOdds(v);
  // A left-to-right mark keeps the sign before the figures in right-to-left text ('+150', not '150+').
  if (opts.style === 'american') return `\u200E${americanOdds(v)}`;
  if (v % 1000 === 0) return String(v / 1000);
  if (v >= 1001 && v <= 1009) return fixed(v, 3);
  const d = opts.tofixed;
  return fixed(v, d !== undefined && Number.isInteger(d) && d >= 0 && d <= 3 ? d : 2);
}

function fixed(v: number, decimals: number): string {
  const step = 10 ** (3 - decimals);
  const scaled = Math.round(v / step); // half up: v is non-negative
  const unit = 10 ** decimals;
  const whole = Math.floor(scaled / unit);
  if (decimals === 0) return String(whole);
  return `${whole}.${String(scaled % unit).padStart(decimals, '0')}`;
}

/** A team or player name as an odds label: at most 10 characters, then a dot. */
export function cutName(name: string, max = LABEL_NAME_MAX): string {
  const chars = Array.from(name); // do not split a surrogate pair
  return chars.length > max ? `${chars.slice(0, max).join('')}.` : name;
}
