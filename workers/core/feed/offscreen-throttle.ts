/**
 * Data saver for live odds: patches of matches that are not on screen are held and
 * delivered at most once per `intervalMs`; matches on screen (and those `live()` says must stay
 * live: a pick on the slip, the open MatchDetail) pass at once. Sits in front of the frame
 * batcher, so on-screen rows still update once per animation frame. Off (no data saver), every
 * patch passes and anything held goes out at once.
 */
import { mergePatch } from './diff.ts';
import type { MatchPatch } from './diff.ts';

export interface OffscreenThrottleDeps {
  /** Where patches go on (the frame batcher's push). */
  deliver(patches: MatchPatch[]): void;
  /** Matches never throttled whatever the screen shows. */
  live(id: number): boolean;
  clock(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
  /** Shortest time between two deliveries of held patches. */
  intervalMs?: number;
}

export interface OffscreenThrottle {
  push(patches: readonly MatchPatch[]): void;
  /** Data saver on or off. */
  setEnabled(on: boolean): void;
  /** The matches the UI reports on screen now; those held among them go out at once. */
  setVisible(ids: Iterable<number>): void;
  /** Delivers at once what is held for matches that must stay live now (a pick just added). */
  refresh(): void;
  /** Drops held patches of matches no view watches any more (a returning row gets a full patch). */
  keepOnly(ids: ReadonlySet<number>): void;
  readonly held: number;
}

export const OFFSCREEN_INTERVAL_MS = 1000;

export function createOffscreenThrottle(deps: OffscreenThrottleDeps): OffscreenThrottle {
  const interval = deps.intervalMs ?? OFFSCREEN_INTERVAL_MS;
  let enabled = false;
  let visible = new Set<number>();
  let held = new Map<number, MatchPatch>();
  let lastFlush = -Infinity;
  let timer: unknown = null;

  const throttled = (id: number) => enabled && !visible.has(id) && !deps.live(id);

  const flush = () => {
    timer = null;
    if (!held.size) return;
    lastFlush = deps.clock();
    const out = [...held.values()];
    held = new Map();
    deps.deliver(out);
  };

  const schedule = () => {
    if (timer !== null || !held.size) return;
    // the first held patch after a quiet second goes at once; later ones wait for the interval
    timer = deps.setTimeout(flush, Math.max(0, lastFlush + interval - deps.clock()));
  };

  /** Takes the held patches of `ids` out (in order: they are older than anything pushed after). */
  const release = (ids: Iterable<number>) => {
    const out: MatchPatch[] = [];
    for (const id of ids) {
      const p = held.get(id);
      if (!p) continue;
      held.delete(id);
      out.push(p);
    }
    if (!held.size && timer !== null) {
      deps.clearTimeout(timer);
      timer = null;
    }
    return out;
  };

  return {
    push(patches) {
      const out: MatchPatch[] = [];
      for (const p of patches) {
        const prev = held.get(p.id);
        if (throttled(p.id)) held.set(p.id, prev ? mergePatch(prev, p) : p);
        else if (prev) {
          held.delete(p.id);
          out.push(mergePatch(prev, p));
        } else out.push(p);
      }
      if (out.length) deps.deliver(out);
      schedule();
    },
    setEnabled(on) {
      enabled = on;
      if (!on) {
        const out = release([...held.keys()]);
        if (out.length) deps.deliver(out);
      }
    },
    setVisible(ids) {
      visible = new Set(ids);
      this.refresh();
    },
    refresh() {
      const out = release([...held.keys()].filter((id) => !throttled(id)));
      if (out.length) deps.deliver(out);
    },
    keepOnly(ids) {
      release([...held.keys()].filter((id) => !ids.has(id)));
    },
    get held() {
      return held.size;
    },
  };
}
