/**
 * Betslip shapes shared by the worker (to show the player) and the server (to enforce).
 * Money is integer minor units, odds integer thousandths (domain/money.ts).
 */
import type { Minor, Odds } from '../money.ts';

/** TK single, KK combined, CK multiple (two picks from one match), SK system (betting-core.md section 1). */
export type CouponKind = 'TK' | 'KK' | 'CK' | 'SK';

/** One pick on the slip. Its identity is match + odds type + outcome + special (section 3). */
export interface SlipSelection {
  matchId: number;
  oddsType: number;
  outcomeId: number;
  special: string;
  odd: Odds;
  /** Banker of a system coupon: it is in every combination. */
  banko: boolean;
  live: boolean;
  /** Odd, odd type or match closed for betting (section 4 'Suspension'); a locked pick blocks the coupon. */
  locked: boolean;
  matchName: string;
  /** Epoch ms when it was added; entries older than 5 minutes are dropped on load. */
  addedAt: number;
  /** The match's minimum tip count from the odds data (section 3 minTip); absent means 1. */
  minTip?: number;
}

/** A limit the slip breaks. Any error carrying max, min or amount blocks creation (section 2, bottom bar). */
export type LimitError = {
  /** tipStake: the stake on one pick is over the bet total per tip (domain/betslip/tip-stake.ts). */
  code: 'minStake' | 'maxStake' | 'maxPay' | 'minTip' | 'minOdds' | 'maxOdds' | 'maxSelections' | 'tipStake';
  amount?: number;
  min?: number;
  max?: number;
};

/** A k-of-n system option: count = number of combinations of that size. */
export interface SystemOption { size: number; count: number; selected: boolean }

/** The betslip summary of section 3, computed by summarizeSlip. */
export interface SlipSummary {
  couponType: CouponKind | 'none';
  /** Number of combinations (tickets) the coupon is made of. */
  couponCount: number;
  isLive: boolean;
  /** ticketStake: the stake of one combination. */
  baseAmount: Minor;
  /** totalStake: baseAmount x couponCount, what the player pays. */
  totalAmount: Minor;
  /** Return of one unit of baseAmount if every pick wins, in thousandths (the combined odds for TK and KK). */
  totalOdds: Odds;
  /** Payout if every pick wins, capped at userMaxPay; bonus not included. */
  maxPayout: Minor;
  bonusPercent: number;
  bonusPrice: Minor;
  systemList: SystemOption[];
  minTip: number;
  minStake: Minor;
  maxStake: Minor;
  userMaxPay: Minor;
  creatable: boolean;
  /**
   * Creatable but for locked picks (or odds no longer open): the create button stays enabled, and
   * pressing it names the locked matches (section 4 create flow, thereAreLockedMatches).
   */
  lockedOnly: boolean;
  limitErrors: LimitError[];
  /** Set when the payout would exceed userMaxPay: the largest stake (as entered) whose payout fits. */
  stakeLimitedTo?: Minor;
}

/** The unique key of a pick: match, odds type, outcome id and special joined (section 3). */
export function selectionKey(s: Pick<SlipSelection, 'matchId' | 'oddsType' | 'outcomeId' | 'special'>): string {
  return `${s.matchId}|${s.oddsType}|${s.outcomeId}|${s.special}`;
}

/** True when both picks are the same outcome of the same match. */
export function sameOutcome(
  a: Pick<SlipSelection, 'matchId' | 'oddsType' | 'outcomeId' | 'special'>,
  b: Pick<SlipSelection, 'matchId' | 'oddsType' | 'outcomeId' | 'special'>,
): boolean {
  return a.matchId === b.matchId && a.oddsType === b.oddsType && a.outcomeId === b.outcomeId && a.special === b.special;
}
