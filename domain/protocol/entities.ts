/**
 * The entities of betting-core.md section 3, as they travel on the wire and live in the worker.
 * Money is integer minor units, odds integer thousandths (see domain/money.ts).
 */
import type { Minor, Odds } from '../money.ts';

/** Match status values of section 4 ('1set'..'5set' for set sports). */
export type MatchStatus =
  | 'not_started' | '1p' | '2p' | '3p' | '4p' | 'ot' | 'stopped' | 'paused'
  | 'pause1' | 'pause2' | 'pause3' | 'ended' | 'interrupted' | 'retired' | 'walkover' | 'after_ot'
  | '1set' | '2set' | '3set' | '4set' | '5set';

/** Bet status of a match: started (bets open), stopped, no. */
export type BetStatus = 'started' | 'stopped' | 'no';

/** 'N' pre-match (normal), 'L' live. */
export type TipType = 'N' | 'L';

export interface Sport {
  id: number;
  name: string;
  status: 0 | 1;
  matchCount: number;
}

export interface Category {
  id: number;
  title: string;
  countryFlag: string;
  matchCount: number;
  sid: number;
}

export interface Tournament {
  id: number;
  title: string;
  matchCount: number;
  sid: number;
  cid: number;
}

/** An outcome (odd) of an odds group. Unique key: oddsType + outcomeid + special. */
export interface Outcome {
  oddid: number;
  outcomeid: number;
  outcome: string;
  odd: Odds;
  special: string;
  /** 1 = active. */
  active: 0 | 1;
  iss: 0 | 1;
  isv: 0 | 1;
}

/** An odds group (market) of a match. */
export interface OddsGroup {
  oddsid: number;
  oddstype: number;
  typeName: string;
  nicename: string;
  special: string;
  active: 0 | 1;
  iss: 0 | 1;
  isv: 0 | 1;
  outcomes: Outcome[];
}

/** A pre-match match in a list, with its main odds groups. */
export interface MatchListItem {
  id: number;
  matchDate: string;
  homeTeam: string;
  awayTeam: string;
  homeTeamId: number;
  /** Team logos uploaded in the back office (image store addresses); absent: the logo host's by id. */
  homeLogo?: string;
  awayLogo?: string;
  awayTeamId: number;
  oddCount: number;
  categoryId: number;
  categoryName: string;
  categoryFlag: string;
  sportId: number;
  sportName: string;
  tournamentId: number;
  tournamentName: string;
  liveActive: 0 | 1;
  minTip: number;
  iss: 0 | 1;
  isv: 0 | 1;
  matchstatus: MatchStatus;
  betstatus: BetStatus;
  /** The code a player types to find the match (shortcode call); absent on live rows. */
  shortCode?: string;
  odds: OddsGroup[];
}

/** A row of the Results screen (section 3 Result; matchResults call). Settlement reads domain/coupon/result.ts. */
export interface ResultItem {
  matchId: number;
  sportId: number;
  sportName: string;
  matchDate: string;
  home: string;
  away: string;
  /** Half-time score 'h:a', '' when unknown. */
  resultshf: string;
  /** Full-time score 'h:a', '' when unknown. */
  results: string;
  categoryName: string;
  tournamentId: number;
  tournamentName: string;
  /** 'ended', 'cancelled', 'interrupted' ... */
  status: string;
}

/** Stake and payout limits of one coupon kind (user limits of section 3). */
export interface KindLimits {
  minTip: number;
  minStake: Minor;
  maxStake: Minor;
  maxPay: Minor;
  status: 0 | 1;
}

/** User limits of section 3; defaults in domain/betslip/limits.ts. */
export interface UserLimits {
  single: KindLimits;
  combine: KindLimits;
  multiple: KindLimits;
  live: KindLimits;
  system: KindLimits;
  /** 1: the stake entered is per coupon in total; otherwise it is divided by the coupon count. */
  staketype: 0 | 1;
  minOddsCoupon: Odds;
  maxOddsCoupon: Odds;
  bonus: { percent: number; tipCount: number; minOdds: Odds };
}
