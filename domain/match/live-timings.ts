/**
 * Timings of the live feed (betting-core.md sections 4 and 9), in milliseconds. The worker and the
 * server read them here so a stale match is stale at the same moment on both sides.
 */

/** A live match with no update for this long gets bet status stopped (unless paused). */
export const STALE_LIVE_MS = 300_000;
/** How often the stale check runs. */
export const STALE_CHECK_MS = 60_000;
/** Live refill (refresh of the live list) period. */
export const LIVE_REFILL_MS = 300_000;
/** A match whose start is past and less than this long ago counts as live in a coupon. */
export const LIVE_WINDOW_MS = 150 * 60_000;
/** The UI timer tick. */
export const TIMER_TICK_MS = 1000;
/** How long the up/down arrow of a moved odd is shown. */
export const ODD_ARROW_MS = 3000;
/** A not-started match whose start is this far in the past leaves the pre-match list. */
export const PREMATCH_GRACE_MS = 5 * 60_000;

/**
 * Whether a coupon's match counts as live: flagged live, or started less than 150 minutes ago
 * (and already started).
 */
export function countsAsLive(flaggedLive: boolean, startMs: number, now: number): boolean {
  return flaggedLive || (startMs <= now && now - startMs < LIVE_WINDOW_MS);
}

/** Silent for STALE_LIVE_MS or more (the caller checks live and not paused). */
export function isStale(lastUpdateMs: number, now: number): boolean {
  return now - lastUpdateMs >= STALE_LIVE_MS;
}

/**
 * The feed's own freshness (not in the spec, which only knows the 300 s stale match: a price the
 * feed stopped moving is a price anyone watching the game beats): a process whose last feed frame
 * or heartbeat is older than this suspends every live market it serves (FEED_STALE_SEC overrides).
 */
export const FEED_STALE_MS = 5000;
/** The feed leader sends a heartbeat frame when nothing moved for this long. */
export const FEED_HEARTBEAT_MS = 1000;

/**
 * Whether a feed last heard at `lastFrameAt` still prices bets at `now`: strictly younger than the
 * limit. Never heard (-Infinity) is stale.
 */
export function isFeedFresh(lastFrameAt: number, now: number, limitMs: number = FEED_STALE_MS): boolean {
  return now - lastFrameAt < limitMs;
}
