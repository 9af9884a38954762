/**
 * The odds formats a player may choose. Apart from the conversions (odds-styles.ts) so
 * that the page's first script, which reads the stored choice, does not carry them.
 */
export const ODDS_STYLES = ['decimal', 'fractional', 'american'] as const;
export type OddsStyle = (typeof ODDS_STYLES)[number];
export const isOddsStyle = (s: unknown): s is OddsStyle => typeof s === 'string' && (ODDS_STYLES as readonly string[]).includes(s);
