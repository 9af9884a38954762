/** Money is integer minor units (kuruş, cents); odds are integer thousandths (1.85 -> 1850). */
export type Minor = number;
export type Odds = number;

export const ODDS_SCALE = 1000;
