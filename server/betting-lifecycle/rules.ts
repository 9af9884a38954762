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

/** The house margin of a sell: its home is domain/coupon/sell.ts, so the worker prices as the server does. */
export { SELL_MARGIN_PERMILLE } from '../../domain/coupon/sell.ts';

export type CancelState = 'ok' | 'notWaiting' | 'live' | 'expired' | 'cashedOut';

/**
 * Why a coupon can or cannot be cancelled now. Live first: a coupon holding a live tip, or one
 * whose match already started, is a live coupon (section 8: 'a live coupon cannot be cancelled').
 */
export function cancelState(c: { status: number; isLive: number; firstKickoff: number; cashedOut?: number }, now: number): CancelState {
  if (c.status !== 0) return 'notWaiting';
  // Part of it was sold: a refund of the remaining stake on top of the parts paid could beat the offer.
  if ((c.cashedOut ?? 0) > 0) return 'cashedOut';
  if (c.isLive === 1 || c.firstKickoff <= now) return 'live';
  if (now > c.firstKickoff - CANCEL_BEFORE_KICKOFF_MS) return 'expired';
  return 'ok';
}
