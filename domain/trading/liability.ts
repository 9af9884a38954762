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

/** What a coupon adds to one outcome (its leg), as placement computes it. */
export interface LegExposure { matchId: number; oddsType: number; special: string; outcomeId: number; single: boolean; stake: Minor; pay: Minor }
/** An outcome's figures in the book, keyed like a leg. */
export type BookOutcome = OutcomeLiability & { matchId: number; oddsType: number; special: string; outcomeId: number };
/** The limits of one match (minor units; 0: none): a market's worst case, and the sum of its markets' worst cases. */
export interface LiabilityLimits { market: Minor; match: Minor }
/** A limit the coupon would pass: a market (oddsType, special) or the whole match. */
export type LiabilityBreach = { kind: 'market'; matchId: number; oddsType: number; special: string; worst: Minor; limit: Minor } | { kind: 'match'; matchId: number; worst: Minor; limit: Minor };

const marketKey = (x: { matchId: number; oddsType: number; special: string }) => `${x.matchId}|${x.oddsType}|${x.special}`;

/** The legs added to the book (a new array; the book given is not changed). */
export function withLegs(book: readonly BookOutcome[], legs: readonly LegExposure[]): BookOutcome[] {
  const out = new Map(book.map((o) => [`${marketKey(o)}|${o.outcomeId}`, { ...o }]));
  for (const l of legs) {
    const key = `${marketKey(l)}|${l.outcomeId}`;
    const o = out.get(key) ?? { matchId: l.matchId, oddsType: l.oddsType, special: l.special, outcomeId: l.outcomeId, singleStake: 0, singlePay: 0, comboStake: 0, comboPay: 0, tips: 0 };
    if (l.single) { o.singleStake += l.stake; o.singlePay += l.pay; } else { o.comboStake += l.stake; o.comboPay += l.pay; }
    o.tips += 1;
    out.set(key, o);
  }
  return [...out.values()];
}

/** Each market's worst case and each match's sum of its markets' losses. */
function worstCases(book: readonly BookOutcome[]): { markets: Map<string, Minor>; matches: Map<number, Minor> } {
  const byMarket = new Map<string, BookOutcome[]>();
  for (const o of book) byMarket.set(marketKey(o), [...(byMarket.get(marketKey(o)) ?? []), o]);
  const markets = new Map<string, Minor>();
  const matches = new Map<number, Minor>();
  for (const [key, outcomes] of byMarket) {
    const worst = marketGrid(outcomes.map((o) => ({ ...o, name: '' }))).worst;
    markets.set(key, worst);
    const matchId = outcomes[0]!.matchId;
    matches.set(matchId, (matches.get(matchId) ?? 0) + Math.max(0, worst));
  }
  return { markets, matches };
}

/**
 * The limits the coupon's legs would pass (automatic protection): a market whose worst case would
 * be above its limit, or a match whose summed worst cases would be, and only where the coupon
 * makes it worse, so a bet that lowers the house's loss (a hedge) is always taken.
 */
export function liabilityBreaches(book: readonly BookOutcome[], legs: readonly LegExposure[], limitsOf: (matchId: number) => LiabilityLimits): LiabilityBreach[] {
  const before = worstCases(book);
  const after = worstCases(withLegs(book, legs));
  const out: LiabilityBreach[] = [];
  const seen = new Set<string>();
  for (const l of legs) {
    const key = marketKey(l);
    if (seen.has(key)) continue;
    seen.add(key);
    const { market } = limitsOf(l.matchId);
    const worst = after.markets.get(key) ?? 0;
    if (market > 0 && worst > market && worst > (before.markets.get(key) ?? 0)) out.push({ kind: 'market', matchId: l.matchId, oddsType: l.oddsType, special: l.special, worst, limit: market });
  }
  for (const matchId of new Set(legs.map((l) => l.matchId))) {
    const { match } = limitsOf(matchId);
    const worst = after.matches.get(matchId) ?? 0;
    if (match > 0 && worst > match && worst > (before.matches.get(matchId) ?? 0)) out.push({ kind: 'match', matchId, worst, limit: match });
  }
  return out;
}
