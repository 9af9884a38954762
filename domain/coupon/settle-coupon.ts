/**
 * Settlement of a whole coupon from the outcomes of its tips (betting-core.md sections 1, 3, 4).
 *
 * A coupon is a set of combinations (columns), each staked with ticketStake:
 * - TK, KK: one column holding every tip.
 * - CK (multiple): two or more tips on the same match are alternatives, not a combination (1 and X
 *   of one match can never both win): each column takes one tip per match, so picks 1 and X on
 *   match A plus a pick on match B are two columns, A1+B and AX+B. Tips are grouped by `matchId`;
 *   a tip without one is its own match.
 * - SK (system): every banker match is in every column; for each size k of systemSizes, every
 *   choice of k non-banker matches is a column (k counts non-banker matches). Same-match
 *   alternatives expand as in CK.
 * Payout = sum over columns of ticketStake * product of effective odds (payout.ts), computed
 * exactly and floored once. Instead of listing up to 2^20 columns it uses the elementary symmetric
 * sums of the matches' values, which is the same sum (settle-coupon.test.ts checks it against
 * brute-force enumeration).
 */
import type { Minor, Odds } from '../money.ts';
import { assertMinor, assertOdds, effectiveOdds, EFFECTIVE_SCALE, incomeOf } from './payout.ts';
import type { Exact } from './payout.ts';
import type { TipOutcome } from './settle.ts';
import { feedEffectiveOdds, type FeedOutcomeResult } from './feed-outcome.ts';

export type TicketType = 'TK' | 'KK' | 'CK' | 'SK';

/** A tip of a coupon as settlement needs it. */
export interface CouponTipOutcome {
  odd: Odds;
  banko: boolean;
  outcome: TipOutcome;
  /** Groups same-match alternatives of a CK or SK; omit and each tip is its own match. */
  matchId?: number;
  /** A feed's settlement of the tip: its void and dead-heat factors price it (feed-outcome.ts). */
  feedResult?: FeedOutcomeResult | undefined;
}

export interface SettleCouponInput {
  ticketType: TicketType;
  /** Stake of one combination (column). */
  ticketStake: Minor;
  /** Stake of the whole coupon; a payout above it is a win and earns the bonus. */
  totalStake: Minor;
  tips: ReadonlyArray<CouponTipOutcome>;
  /** SK only: the chosen sizes, counted in non-banker matches per column. Ignored otherwise. */
  systemSizes: readonly number[];
  /** Percent (0..25, capped) applied to a winning payout. */
  bonusPercent: number;
  maxPay: Minor;
}

export interface CouponSettlement {
  state: 'open' | 'settled';
  /** Coupon status of section 4: 0 waiting, 1 won (pays something), -1 lost. */
  status: 0 | 1 | -1;
  /** Minor units, bonus included, capped at maxPay; 0 while open. */
  income: Minor;
  /** The bonus part of income (the coupon's bonusPay). */
  bonusPay: Minor;
}

interface Match {
  banko: boolean;
  tips: CouponTipOutcome[];
}

/** Same-match tips grouped; order-independent (tips without matchId stay single). */
function matchesOf(tips: ReadonlyArray<CouponTipOutcome>): Match[] {
  const byId = new Map<number, Match>();
  const out: Match[] = [];
  for (const t of tips) {
    const known = t.matchId === undefined ? undefined : byId.get(t.matchId);
    if (known) {
      known.tips.push(t);
      // A banker match is one where any pick is marked banko.
      known.banko ||= t.banko;
      continue;
    }
    const m: Match = { banko: t.banko, tips: [t] };
    out.push(m);
    if (t.matchId !== undefined) byId.set(t.matchId, m);
  }
  return out;
}

/** Which matches are in every column and which are chosen k at a time. */
interface Shape {
  fixed: Match[];
  free: Match[];
  sizes: number[];
}

function shapeOf(input: Pick<SettleCouponInput, 'ticketType' | 'tips' | 'systemSizes'>): Shape {
  if (input.tips.length === 0) throw new RangeError('a coupon needs at least one tip');
  const matches = matchesOf(input.tips);
  if (input.ticketType !== 'SK') return { fixed: matches, free: [], sizes: [0] };
  const fixed = matches.filter((m) => m.banko);
  const free = matches.filter((m) => !m.banko);
  const sizes = [...input.systemSizes].sort((a, b) => a - b);
  if (sizes.length === 0) throw new RangeError('a system coupon needs at least one size');
  sizes.forEach((k, i) => {
    if (!Number.isSafeInteger(k) || k < 1 || k > free.length) throw new RangeError(`system size ${k} outside 1..${free.length}`);
    // A repeated size would count its columns twice against a stake charged once.
    if (i > 0 && sizes[i - 1] === k) throw new RangeError(`system size ${k} repeated`);
  });
  return { fixed, free, sizes };
}

/** e_0..e_kmax of the values: e_k is the sum over all k-subsets of the product of their values. */
function elementarySums(values: readonly bigint[], kmax: number): bigint[] {
  const e: bigint[] = [1n, ...Array.from({ length: kmax }, () => 0n)];
  for (const v of values) {
    for (let k = kmax; k >= 1; k--) e[k] = (e[k] ?? 0n) + (e[k - 1] ?? 0n) * v;
  }
  return e;
}

/** Sum over columns of the product of the matches' values, as numerator over scale^(fixed+kmax). */
function columnSum(shape: Shape, value: (m: Match) => bigint, scale: bigint): Exact {
  const kmax = shape.sizes[shape.sizes.length - 1] ?? 0;
  const fixed = shape.fixed.reduce((p, m) => p * value(m), 1n);
  const e = elementarySums(shape.free.map(value), kmax);
  // A column of size k has fixed+k factors; bring every size to the common denominator.
  const num = shape.sizes.reduce((s, k) => s + (e[k] ?? 0n) * scale ** BigInt(kmax - k), 0n);
  return { num: fixed * num, den: scale ** BigInt(shape.fixed.length + kmax) };
}

/** Number of columns (combinations) of a coupon: the coupon count its totalStake was split over. */
export function couponCombinationCount(input: Pick<SettleCouponInput, 'ticketType' | 'tips' | 'systemSizes'>): number {
  const { num } = columnSum(shapeOf(input), (m) => BigInt(m.tips.length), 1n);
  return Number(num);
}

const live = (t: CouponTipOutcome) => t.outcome !== 'lost';

/**
 * Settles a coupon. It stays open while any tip is open, except that it is lost as soon as no
 * column can avoid a lost tip: a KK or TK at its first lost tip, a CK when every pick of one match
 * is lost, an SK when a banker match is lost or fewer non-banker matches survive than the smallest
 * size. (Whenever a tip is still open and some column is still alive, a column through that tip
 * is alive too, so waiting for every tip never delays a payout that is already fixed.)
 * Half-lost tips do not lose a column: they return half. Income > 0 is status 1, else -1.
 * Pure: the same input in any tip order gives the same answer.
 */
export function settleCoupon(input: SettleCouponInput): CouponSettlement {
  assertMinor(input.ticketStake, 'ticketStake');
  for (const t of input.tips) assertOdds(t.odd, 'odd');
  const shape = shapeOf(input);

  const fixedAlive = shape.fixed.every((m) => m.tips.some(live));
  const freeAlive = shape.free.filter((m) => m.tips.some(live)).length;
  const anyColumnAlive = fixedAlive && shape.sizes.some((k) => k <= freeAlive);
  if (!anyColumnAlive) return { state: 'settled', status: -1, income: 0, bonusPay: 0 };
  if (input.tips.some((t) => t.outcome === 'open')) return { state: 'open', status: 0, income: 0, bonusPay: 0 };

  // A column takes one pick per match, so a match's value is the sum of its picks' effective odds
  // (no tip is open here; the ternary only narrows the type).
  // Each tip's return as an exact fraction; all of them brought to one denominator (EFFECTIVE_SCALE
  // unless a feed's factor needs a finer one).
  const exact = new Map(input.tips.map((t) => [t, tipReturn(t)] as const));
  const scale = [...exact.values()].reduce((s, e) => lcm(s, e.den), EFFECTIVE_SCALE);
  const value = (m: Match) => m.tips.reduce((s, t) => { const e = exact.get(t)!; return s + e.num * (scale / e.den); }, 0n);
  const odds = columnSum(shape, value, scale);
  const payout: Exact = { num: BigInt(input.ticketStake) * odds.num, den: odds.den };
  const { income, bonusPay } = incomeOf(payout, input.totalStake, input.bonusPercent, input.maxPay);
  return { state: 'settled', status: income > 0 ? 1 : -1, income, bonusPay };
}

/** A settled tip's return per unit of stake: the feed's factors when it has them, else its outcome's effective odds. */
function tipReturn(t: CouponTipOutcome): Exact {
  if (t.feedResult && t.outcome !== 'open' && t.outcome !== 'void') return feedEffectiveOdds(t.odd, t.feedResult);
  return { num: effectiveOdds(t.odd, t.outcome === 'open' ? 'lost' : t.outcome), den: EFFECTIVE_SCALE };
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b;
