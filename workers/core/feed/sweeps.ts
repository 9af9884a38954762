/**
 * Timed sweeps over the odds store (betting-core.md sections 4 and 9): stale live matches, the
 * removal of finished ones, the 150-minute live window and the expiry of odd arrows. Plain
 * functions of (store, now); startSweeps wires them to an injected timer.
 */
import {
  LIVE_WINDOW_MS, ODD_ARROW_MS, STALE_CHECK_MS, TIMER_TICK_MS, isFeedFresh, isStale,
} from '../../../domain/match/live-timings.ts';
import { isLive, isPaused, isRemovedStatus } from '../../../domain/match/status.ts';
import { createTouched, isUntouched, removeMatch } from './odds-store.ts';
import type { OddsStore, Touched } from './odds-store.ts';
import type { Every } from '../timers.ts';

/**
 * Every 60 s: a live match with no update within 300 s gets bet status stopped, unless paused.
 * Returns the ids it stopped.
 */
export function staleSweep(store: OddsStore, now: number, touched: Touched): number[] {
  const stopped: number[] = [];
  for (const m of store.matches.values()) {
    if (!isLive(m.ms) || isPaused(m.ms) || m.bs !== 'started' || !isStale(m.seenAt, now)) continue;
    m.bs = 'stopped';
    touched.all.add(m.id);
    stopped.push(m.id);
  }
  return stopped;
}

/**
 * The feed's own freshness on the client (the rule of domain/match/live-timings.ts, as on the
 * server): a socket silent for the limit while the server sends heartbeats means the prices may be
 * old (the server froze, the network stalls): every live match taking bets is shown stopped until
 * the next frame (applyFrame gives them back). Returns the ids it stopped.
 */
export function silenceSweep(store: OddsStore, now: number, touched: Touched): number[] {
  if (!store.heartbeats || store.silenced.size || isFeedFresh(store.frameAt, now)) return [];
  for (const m of store.matches.values()) {
    if (isRemovedStatus(m) || m.bs !== 'started') continue;
    m.bs = 'stopped';
    store.silenced.add(m.id);
    touched.all.add(m.id);
  }
  return [...store.silenced];
}

/**
 * Removes ended, interrupted, retired, walkover and after_ot matches (and 4p of a 90-minute
 * football match). applyFrame already removes them as the status arrives; this catches any left.
 */
export function removalSweep(store: OddsStore, touched: Touched): number[] {
  const gone: number[] = [];
  for (const m of [...store.matches.values()]) {
    if (!isRemovedStatus(m)) continue;
    removeMatch(store, m.id, touched);
    gone.push(m.id);
  }
  return gone;
}

/**
 * The 150-minute live window: a match that never went live and whose start is 150 minutes or more
 * in the past cannot count as live any more, so it leaves the live store.
 */
export function liveWindowSweep(store: OddsStore, now: number, touched: Touched): number[] {
  const gone: number[] = [];
  for (const m of [...store.matches.values()]) {
    if (isLive(m.ms) || now - m.d < LIVE_WINDOW_MS) continue;
    removeMatch(store, m.id, touched);
    gone.push(m.id);
  }
  return gone;
}

/** Clears arrows shown for 3 s or more; the diff then sends the outcome without its arrow. */
export function arrowSweep(store: OddsStore, now: number, touched: Touched): number {
  let n = 0;
  for (const id of store.moving) {
    const o = store.outcomes.get(id);
    if (o && now - o.mvAt < ODD_ARROW_MS) continue;
    store.moving.delete(id);
    if (!o) continue;
    o.mv = 0;
    touched.outcomes.add(id);
    n++;
  }
  return n;
}

/**
 * Runs the sweeps on their timings: arrows, removal and silence on the 1 s tick, stale and the live window
 * every 60 s. `changed` receives what each run touched, when it touched anything.
 */
export function startSweeps(store: OddsStore, every: Every, now: () => number, changed: (t: Touched) => void): () => void {
  const run = (fn: (t: Touched) => unknown) => () => {
    const t = createTouched();
    fn(t);
    if (!isUntouched(t)) changed(t);
  };
  const stops = [
    every(TIMER_TICK_MS, run((t) => {
      arrowSweep(store, now(), t);
      removalSweep(store, t);
      silenceSweep(store, now(), t);
    })),
    every(STALE_CHECK_MS, run((t) => {
      staleSweep(store, now(), t);
      liveWindowSweep(store, now(), t);
    })),
  ];
  return () => stops.forEach((s) => s());
}
