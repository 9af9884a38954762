/**
 * Selling a waiting coupon back to the house (betting-core.md section 4, Sell).
 *
 * Fair value. A single or combined coupon pays P = stake * product(effective odds of settled tips)
 * * product(placed odds of open tips) (plus the bonus, capped at maxPay) if every open tip wins.
 * The current odd c of an open tip prices its chance of winning at 1000 / c, so the coupon is worth
 *   fair = P * product(1000 / current odds of open tips)
 *        = stake * product(placed / current) * product(effective odds of won and void tips)
 * (with bonus and cap applied to P first). The house keeps marginPermille of it:
 *   amount = floor(fair * (1000 - marginPermille) / 1000), never above P.
 * Unchanged odds give stake minus the margin; an odd that shortened since the bet (the pick became
 * likelier) raises the value, one that drifted lowers it.
 */
import type { Minor, Odds } from '../money.ts';
import { assertMinor, assertOdds, effectiveOdds, EFFECTIVE_SCALE, floorMinor, incomeOf } from './payout.ts';
import type { TipOutcome } from './settle.ts';

/**
 * The house margin of a sell (cash-out), in thousandths of the fair value: 10 % covers the price
 * movement between the quote and the odds the house could lay off at, and makes selling at
 * unchanged odds cost the player a little. Here, so the worker's live offer is the server's.
 */
export const SELL_MARGIN_PERMILLE = 100;

export interface SellTip {
  placedOdd: Odds;
  /** null: suspended or no longer offered, so the tip cannot be priced. */
  currentOdd: Odds | null;
  outcome: TipOutcome;
}

export interface SellInput {
  ticketStake: Minor;
  tips: ReadonlyArray<SellTip>;
  bonusPercent: number;
  maxPay: Minor;
  /** House margin in thousandths of the fair value: 50 = 5 %. */
  marginPermille: number;
}

export interface SellOffer {
  offered: boolean;
  amount: Minor;
  reason?: 'lost' | 'suspended' | 'settled';
}

/** Sell is available only for a waiting single or combined coupon (not CK, not SK). */
export function canOfferSell(c: { status: number; ticketType: string }): boolean {
  return c.status === 0 && (c.ticketType === 'TK' || c.ticketType === 'KK');
}

/**
 * The sell price of a waiting TK or KK coupon (see the formula above). Not offered when a tip is
 * lost, when no tip is open any more (the coupon is for settlement, not sale), or when an open tip
 * has no current price (null, or 1.000 or below, which is no price).
 */
export function sellPrice(input: SellInput): SellOffer {
  assertMinor(input.ticketStake, 'ticketStake');
  if (!Number.isSafeInteger(input.marginPermille) || input.marginPermille < 0 || input.marginPermille > 1000) {
    throw new RangeError('marginPermille must be an integer in 0..1000');
  }
  if (input.tips.length === 0) throw new RangeError('a coupon needs at least one tip');
  for (const t of input.tips) assertOdds(t.placedOdd, 'placedOdd');

  if (input.tips.some((t) => t.outcome === 'lost')) return { offered: false, amount: 0, reason: 'lost' };
  const open = input.tips.filter((t) => t.outcome === 'open');
  if (open.length === 0) return { offered: false, amount: 0, reason: 'settled' };
  const current: bigint[] = [];
  for (const t of open) {
    if (t.currentOdd === null || !Number.isSafeInteger(t.currentOdd) || t.currentOdd <= 1000) {
      return { offered: false, amount: 0, reason: 'suspended' };
    }
    current.push(BigInt(t.currentOdd));
  }

  const potential = sellPotential(input);

  const chance = { num: 1000n ** BigInt(open.length), den: current.reduce((p, c) => p * c, 1n) };
  const amount = floorMinor({
    num: BigInt(potential) * chance.num * BigInt(1000 - input.marginPermille),
    den: chance.den * 1000n,
  });
  const capped = Math.min(amount, potential);
  return { offered: capped > 0, amount: capped };
}

/**
 * P of the formula above: what the coupon pays if every open tip wins at its placed odd, as
 * settlement would pay it (bonus included, capped at maxPay). Fixed while no tip settles, so a
 * watcher of many coupons may keep it and estimate the offer as P * margin * product(1000 / current).
 */
export function sellPotential(input: Pick<SellInput, 'ticketStake' | 'tips' | 'bonusPercent' | 'maxPay'>): Minor {
  const odds = input.tips.reduce(
    (p, t) => p * effectiveOdds(t.placedOdd, t.outcome === 'open' ? 'won' : t.outcome),
    1n,
  );
  const exact = { num: BigInt(input.ticketStake) * odds, den: EFFECTIVE_SCALE ** BigInt(input.tips.length) };
  return incomeOf(exact, input.ticketStake, input.bonusPercent, input.maxPay).income;
}

/**
 * Partial cash out. The smallest part the house pays out, and the smallest remainder it keeps
 * running: a part must be at least this much, and either the whole offer or leave at least this much.
 */
export const SELL_PART_MIN: Minor = 100;

export interface PartialSellInput {
  /** The whole offer of this moment (sellPrice().amount). */
  offer: Minor;
  /** What the player takes now, minor units. */
  part: Minor;
  ticketStake: Minor;
  totalStake: Minor;
  /** The coupon's potential payout (the settlement cap, bonus included). */
  maxPay: Minor;
}

export type PartialSellRefusal = 'partTooSmall' | 'partAboveOffer' | 'remainderTooSmall';

export type PartialSell =
  | { ok: true; whole: true; paid: Minor }
  | { ok: true; whole: false; paid: Minor; ticketStake: Minor; totalStake: Minor; maxPay: Minor }
  | { ok: false; reason: PartialSellRefusal };

/**
 * Takes `part` of the offer now and lets the rest ride. The coupon keeps the share
 * (offer - part) / offer of its stake and of its potential payout, each rounded down, so what is
 * paid now plus what the remainder is worth is never more than the whole offer (the remainder's
 * next offer is priced from the reduced stake and the reduced cap). A part equal to the offer is
 * the whole sale; a part that would leave less than SELL_PART_MIN, or a stake below one minor
 * unit, is refused: the player sells the whole coupon instead.
 */
export function partialSell(input: PartialSellInput, minPart: Minor = SELL_PART_MIN): PartialSell {
  for (const k of ['offer', 'part', 'ticketStake', 'totalStake', 'maxPay'] as const) assertMinor(input[k], k);
  const { offer, part } = input;
  if (part > offer) return { ok: false, reason: 'partAboveOffer' };
  if (part === offer && offer > 0) return { ok: true, whole: true, paid: offer };
  if (part < minPart || part === 0) return { ok: false, reason: 'partTooSmall' };
  const keep = offer - part;
  if (keep < minPart) return { ok: false, reason: 'remainderTooSmall' };
  const share = (v: Minor): Minor => floorMinor({ num: BigInt(v) * BigInt(keep), den: BigInt(offer) });
  const ticketStake = share(input.ticketStake);
  if (ticketStake < 1) return { ok: false, reason: 'remainderTooSmall' };
  return { ok: true, whole: false, paid: part, ticketStake, totalStake: share(input.totalStake), maxPay: share(input.maxPay) };
}

/** How a sell amount to confirm compares with the one the player last saw: moved up, down, or not. */
export type SellAmountMove = 'up' | 'down' | null;

/**
 * Whether the amount now asked for differs from the one shown before: a player confirms a cash out
 * for the figure they read, so a moved amount must be marked before they confirm it again.
 */
export function sellAmountMove(shown: Minor | null, now: Minor): SellAmountMove {
  if (shown === null || shown === now) return null;
  return now > shown ? 'up' : 'down';
}
