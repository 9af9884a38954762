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
