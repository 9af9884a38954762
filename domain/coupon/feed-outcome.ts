/**
 * Settlement by a feed that settles outcome by outcome (the Unified Odds Feed's bet_settlement,
 * bet_cancel and their rollbacks): the feed says won or lost, how much of the stake is refunded
 * (void_factor) and by what a shared win is divided (dead_heat_factor); these functions turn that
 * into the tip's outcome and its exact return per unit of stake. Pure: no clock, no I/O.
 *
 * Return per unit of stake = vf + (1 - vf) * (won ? dhf * odd : 0), with vf = 0 and dhf = 1 when
 * absent. Factors are read from their decimal text exactly (0.5 is 5/10, never a float).
 */
import type { Odds } from '../money.ts';

/** The outcome words of settle.ts (kept here as text so the rulebook's modules import one way). */
type SettledOutcome = 'won' | 'lost' | 'void' | 'halfWon' | 'halfLost';
type TipOutcome = SettledOutcome | 'open';

/** An exact non-negative ratio. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

/** One outcome as the feed settled it: result 1 won, 0 lost (-1: not decided yet), and its factors as sent. */
export interface FeedOutcomeResult {
  result: -1 | 0 | 1;
  voidFactor?: string | undefined;
  deadHeatFactor?: string | undefined;
}

/** A cancel window of a market (epoch ms, either end open): tips placed inside it are void. */
export interface FeedCancel {
  from?: number | undefined;
  to?: number | undefined;
}

/** What the feed said of one market of a match: its settled outcomes (our outcome ids) and its cancels. */
export interface FeedMarketResult {
  outcomes?: Record<string, FeedOutcomeResult>;
  cancels?: FeedCancel[];
}

/** The feed's results of a match by market key (feedMarketKey). */
export type FeedMatchResults = Record<string, FeedMarketResult>;

/** The key of a market in FeedMatchResults: our odds type and special. */
export const feedMarketKey = (oddsType: number, special: string): string => `${oddsType}|${special}`;

const ZERO: Ratio = { num: 0n, den: 1n };
const ONE: Ratio = { num: 1n, den: 1n };

/** A factor between 0 and 1 from its decimal text ('0.5', '1', '0.3333'); undefined when it is not one. */
export function parseFactor(text: string | undefined): Ratio | undefined {
  if (text === undefined) return undefined;
  const m = /^\s*(\d+)(?:\.(\d{1,12}))?\s*$/.exec(text);
  if (!m) return undefined;
  const decimals = m[2] ?? '';
  const den = 10n ** BigInt(decimals.length);
  const num = BigInt(m[1]!) * den + BigInt(decimals || '0');
  return num <= den ? { num, den } : undefined;
}

/** The refunded share of the stake: the void factor, 0 when absent. */
export function voidFactor(r: FeedOutcomeResult): Ratio {
  return r.voidFactor === undefined ? ZERO : parseFactor(r.voidFactor) ?? ZERO;
}

/** The share of a win that is paid: the dead-heat factor, 1 when absent. */
export function deadHeatFactor(r: FeedOutcomeResult): Ratio {
  return r.deadHeatFactor === undefined ? ONE : parseFactor(r.deadHeatFactor) ?? ONE;
}

/** Whether the factors of an outcome can be read (a factor outside 0..1 or not a decimal is not). */
export function factorsReadable(r: FeedOutcomeResult): boolean {
  return (r.voidFactor === undefined || parseFactor(r.voidFactor) !== undefined)
    && (r.deadHeatFactor === undefined || parseFactor(r.deadHeatFactor) !== undefined);
}

/**
 * The word of a settled outcome on the coupon line: void when the whole stake is refunded, half won
 * or half lost when half is, otherwise won or lost (a dead heat is a win, paid at its factor).
 */
export function feedOutcomeWord(r: FeedOutcomeResult): SettledOutcome {
  const vf = voidFactor(r);
  if (vf.num === vf.den) return 'void';
  const half = vf.num * 2n === vf.den;
  if (r.result === 1) return half ? 'halfWon' : 'won';
  return half ? 'halfLost' : 'lost';
}

/**
 * The dead-heat factor a won outcome was paid at, as its decimal text without trailing zeros
 * ('0.5', '0.3333'), for the coupon line (the word stays won: the factor says by how much the win
 * was divided); undefined when the outcome was not won or its win was not divided.
 */
export function deadHeatShown(r: FeedOutcomeResult | undefined): string | undefined {
  if (!r || r.result !== 1 || r.deadHeatFactor === undefined) return undefined;
  const f = parseFactor(r.deadHeatFactor);
  if (!f || f.num === f.den) return undefined;
  const text = r.deadHeatFactor.trim();
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** The feed's settlement of one outcome of a tip (its market by odds type and special), if the feed settled it. */
export function feedOutcomeOf(feed: FeedMatchResults | undefined, oddsType: number, special: string, outcomeId: number): FeedOutcomeResult | undefined {
  return feed?.[feedMarketKey(oddsType, special)]?.outcomes?.[String(outcomeId)];
}

/** The exact return of one unit of stake on this outcome at this odd (see the top of the file). */
export function feedEffectiveOdds(odd: Odds, r: FeedOutcomeResult): Ratio {
  const vf = voidFactor(r);
  const dh = deadHeatFactor(r);
  const won = r.result === 1 ? 1n : 0n;
  // vf.num/vf.den + (vf.den - vf.num)/vf.den * won * dh.num/dh.den * odd/1000
  const den = vf.den * dh.den * 1000n;
  const num = vf.num * dh.den * 1000n + (vf.den - vf.num) * won * dh.num * BigInt(odd);
  return { num, den };
}

/** Whether a tip placed at `placedAt` falls in a cancel window (an unknown time only in a window open at both ends). */
export function inCancelWindow(c: FeedCancel, placedAt: number | undefined): boolean {
  if (placedAt === undefined) return c.from === undefined && c.to === undefined;
  return (c.from === undefined || placedAt >= c.from) && (c.to === undefined || placedAt < c.to);
}

/** A tip as the feed's results settle it. */
export interface FeedTip {
  oddsType: number;
  outcomeId: number;
  special: string;
  /** When the coupon was placed (epoch ms), for cancel windows. */
  placedAt?: number | undefined;
}

/**
 * Settles a tip from the feed's results of its match: void when its market was cancelled over its
 * placement time; else the outcome the feed settled, with its result to price it; else open (the
 * feed has not settled it, or rolled the settlement back).
 */
export function settleFeedTip(tip: FeedTip, feed: FeedMatchResults): { outcome: TipOutcome; result?: FeedOutcomeResult } {
  const market = feed[feedMarketKey(tip.oddsType, tip.special)];
  if (!market) return { outcome: 'open' };
  if (market.cancels?.some((c) => inCancelWindow(c, tip.placedAt))) return { outcome: 'void' };
  const r = feedOutcomeOf(feed, tip.oddsType, tip.special, tip.outcomeId);
  if (!r || r.result === -1 || !factorsReadable(r)) return { outcome: 'open' };
  return { outcome: feedOutcomeWord(r), result: r };
}
