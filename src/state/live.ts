/**
 * The live matches the worker patches, kept outside React so a patch touches only the rows it
 * concerns: each match has its own version and listeners (useSyncExternalStore), and applying a
 * batch is a few object spreads. The worker decides every value; this store only merges.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { FeedStatusView, GroupView, MatchPatch, MatchView, OutcomeView } from '../../workers/core/api.ts';

/** One live match as last patched. */
export interface LiveMatchState {
  m: Partial<MatchView>;
  g: Record<number, Partial<GroupView>>;
  o: Record<number, Partial<OutcomeView>>;
  removed: boolean;
}

const matches = new Map<number, LiveMatchState>();
const listeners = new Map<number, Set<() => void>>();
const statusListeners = new Set<() => void>();
let status: FeedStatusView = { state: 'idle', attempt: 0, liveCount: 0, listVersion: 0 };

/** What the Chromium benchmark collects (tests/bench/livebets-chromium.bench.ts): batches, apply times, patch sizes. */
export interface LiveStats { batches: number; applyMs: number[]; bytes: number[] }

/**
 * The benchmark's collector, when it installed one (window.__liveStats, before the app starts):
 * only then are batches timed and their JSON sizes measured, work a player's phone never does.
 */
const stats = (globalThis as { __liveStats?: LiveStats }).__liveStats;

/** Merges a batch of patches (timed and sized only for a benchmark's collector). */
export function applyPatches(patches: readonly MatchPatch[]): void {
  const t0 = stats ? performance.now() : 0;
  const touched: number[] = [];
  for (const p of patches) {
    const prev = matches.get(p.id);
    let next: LiveMatchState;
    if (p.removed) next = { m: prev?.m ?? {}, g: prev?.g ?? {}, o: prev?.o ?? {}, removed: true };
    else {
      next = { m: prev && !prev.removed ? { ...prev.m, ...p.m } : { ...p.m }, g: prev && !prev.removed ? { ...prev.g } : {}, o: prev && !prev.removed ? { ...prev.o } : {}, removed: false };
      if (p.g) for (const k in p.g) next.g[k] = { ...next.g[k], ...p.g[k] };
      if (p.o) for (const k in p.o) next.o[k] = { ...next.o[k], ...p.o[k] };
    }
    matches.set(p.id, next);
    touched.push(p.id);
  }
  for (const id of touched) listeners.get(id)?.forEach((l) => l());
  if (!stats) return;
  stats.batches++;
  stats.applyMs.push(performance.now() - t0);
  stats.bytes.push(stats.bytes.length < 50_000 ? JSON.stringify(patches).length : 0);
}

export function setFeedStatus(s: FeedStatusView): void {
  status = s;
  statusListeners.forEach((l) => l());
}

const subscribeMatch = (id: number) => (fn: () => void) => {
  let set = listeners.get(id);
  if (!set) listeners.set(id, (set = new Set()));
  set.add(fn);
  return () => {
    set.delete(fn);
    if (!set.size) listeners.delete(id);
  };
};

/** The live match `id` as last patched (undefined until its first patch). */
export function useLiveMatch(id: number): LiveMatchState | undefined {
  const sub = useMemo(() => subscribeMatch(id), [id]);
  return useSyncExternalStore(sub, () => matches.get(id));
}

const subscribeStatus = (fn: () => void) => {
  statusListeners.add(fn);
  return () => statusListeners.delete(fn);
};

/** The feed's state, live count and list version. */
export function useFeedStatus(): FeedStatusView {
  return useSyncExternalStore(subscribeStatus, () => status);
}
