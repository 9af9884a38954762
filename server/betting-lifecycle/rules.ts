/**
 * The server's rules for cancelling and selling a waiting coupon (betting-core.md section 4).
 * Pure: the coupon's facts and the time come in as parameters.
 */

/**
 * The cancel window: a coupon may be cancelled until this long before its first kick-off. After
 * that the player could cancel on information the house does not have (line-ups, the first
 * minutes), so the spec's 'the coupon cancel time has expired' answers.
 */
export const CANCEL_BEFORE_KICKOFF_MS = 5 * 60_000;

/**
 * The house margin of a sell (cash-out), in thousandths of the fair value (see
 * domain/coupon/sellPrice): 10 % covers the price movement between the quote and the odds the
 * house could lay off at, and makes selling at unchanged odds cost the player a little.
 */
export const SELL_MARGIN_PERMILLE = 100;

export type CancelState = 'ok' | 'notWaiting' | 'live' | 'expired';

/**
 * Why a coupon can or cannot be cancelled now. Live first: a coupon holding a live tip, or one
 * whose match already started, is a live coupon (section 8: 'a live coupon cannot be cancelled').
 */
export function cancelState(c: { status: number; isLive: number; firstKickoff: number }, now: number): CancelState {
  if (c.status !== 0) return 'notWaiting';
  if (c.isLive === 1 || c.firstKickoff <= now) return 'live';
  if (now > c.firstKickoff - CANCEL_BEFORE_KICKOFF_MS) return 'expired';
  return 'ok';
}
