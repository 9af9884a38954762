/**
 * The book's liability: per outcome of an open market, the stakes riding on it and what the house
 * pays if it wins. Singles are exact (the coupon's payout). A combination is attributed to each of
 * its legs the way traders read a grid: the leg is charged what the coupon pays if that leg and
 * every other leg of the combinations holding it win (the worst case of that outcome), at most the
 * coupon's own maximum payout, so one accumulator shows its full payout on every one of its legs.
 * The stake of a combination on a leg is the stake of the combinations holding it (tip-stake.ts).
 * Pure: placement attributes each tip with legPayouts, the property test recomputes with it.
 */
import type { Minor, Odds } from '../money.ts';
import type { CouponKind, SlipSelection } from '../betslip/types.ts';
import { ratioPayout, scalePow, toBigInt, type Ratio } from '../betslip/odds.ts';
import { oddsByMatch } from '../betslip/multiple.ts';
import { systemRatio } from '../betslip/system.ts';

type Leg = Pick<SlipSelection, 'matchId' | 'odd' | 'banko'>;

/**
 * What the house pays on the coupon if each leg wins (and the legs of its combinations with it),
 * one figure per leg in order. TK and KK: the coupon's maximum payout (bonus and caps included).
 * CK: the leg's odd times the summed odds of every other match. SK: the combinations holding the
 * leg (a banker: all of them). Both capped at maxPay.
 */
export function legPayouts(type: CouponKind | 'none', legs: readonly Leg[], sizes: readonly number[], ticketStake: Minor, maxPay: Minor): Minor[] {
  if (type !== 'CK' && type !== 'SK') return legs.map(() => maxPay);
  return legs.map((leg, j) => Math.min(maxPay, ratioPayout(ticketStake, type === 'CK' ? multipleLegRatio(legs, leg) : systemLegRatio(legs, j, sizes))));
}

/** CK: the combinations taking this leg for its match: its odd x the product over the other matches of their summed odds. */
function multipleLegRatio(legs: readonly Leg[], leg: Leg): Ratio {
  const others = oddsByMatch(legs.filter((l) => l.matchId !== leg.matchId));
  let num = toBigInt(leg.odd, 'odd');
  for (const g of others) num *= g.reduce((sum, o) => sum + toBigInt(o, 'odd'), 0n);
  return { num, den: scalePow(others.length + 1) };
}

/** SK: a banker is in every combination; a free leg in the k-1 subsets of the other free legs, for each size k. */
function systemLegRatio(legs: readonly Leg[], j: number, sizes: readonly number[]): Ratio {
  const bankers: Odds[] = legs.filter((l) => l.banko).map((l) => l.odd);
  const leg = legs[j]!;
  if (leg.banko) return systemRatio(legs.filter((l) => !l.banko).map((l) => l.odd), bankers, sizes);
  const otherFree = legs.filter((l, k) => k !== j && !l.banko).map((l) => l.odd);
  return systemRatio(otherFree, [...bankers, leg.odd], sizes.map((k) => k - 1));
}

/** One outcome's figures as the book keeps them (minor units). */
export interface OutcomeLiability {
  singleStake: Minor;
  singlePay: Minor;
  comboStake: Minor;
  comboPay: Minor;
  /** Open tips riding on it. */
  tips: number;
}

/** An outcome of a market with its liability and what the house would lose (or win, negative) if it wins. */
export interface LiabilityOutcome extends OutcomeLiability { outcomeId: number; name: string; pay: Minor; net: Minor }

/** One market of an open match with its outcomes; worst: the largest net over its outcomes. */
export interface LiabilityMarket {
  matchId: number; match: string; sportId: number; sportName: string; tournamentId: number; tournamentName: string;
  matchDate: string; live: boolean; oddsType: number; market: string; special: string;
  stakes: Minor; worst: Minor; outcomes: LiabilityOutcome[];
}

/**
 * A market's grid: each outcome's payout if it wins and its net for the house (payout minus every
 * stake taken on the market: the stakes of the losing outcomes are kept), and the worst of them.
 */
export function marketGrid(outcomes: ReadonlyArray<OutcomeLiability & { outcomeId: number; name: string }>): { stakes: Minor; worst: Minor; outcomes: LiabilityOutcome[] } {
  const stakes = outcomes.reduce((s, o) => s + o.singleStake + o.comboStake, 0);
  const rows = outcomes.map((o) => ({ ...o, pay: o.singlePay + o.comboPay, net: o.singlePay + o.comboPay - stakes }));
  rows.sort((a, b) => b.net - a.net || a.outcomeId - b.outcomeId);
  return { stakes, worst: rows.length ? Math.max(...rows.map((r) => r.net)) : 0, outcomes: rows };
}

/** The order of bo/liability: the worst case first, then the match and market. */
export function byWorstCase(a: LiabilityMarket, b: LiabilityMarket): number {
  return b.worst - a.worst || a.matchId - b.matchId || a.oddsType - b.oddsType || (a.special < b.special ? -1 : a.special > b.special ? 1 : 0);
}
