/**
 * The diff's in-place bookkeeping and the batcher's in-place merging, checked against the plain
 * definition: whatever patches a view received over a busy recorded feed, folded the way the UI
 * folds them, must equal the full picture a fresh subscription gets at the same moment.
 */
import { describe, expect, it } from 'vitest';
import { FeedHub } from '../../../server/feed/hub.ts';
import { LiveState } from '../../../server/feed/live-state.ts';
import { manualScheduler } from '../../../server/feed/clock.ts';
import { FeedSimulator } from '../../../server/feed/simulator.ts';
import { decodeFeedMessage } from './decode.ts';
import { createDiffState, createPatchBatcher, diffStore, setViews } from './diff.ts';
import type { MatchPatch } from './diff.ts';
import { applyFrame, createOddsStore, createTouched } from './odds-store.ts';
import { arrowSweep } from './sweeps.ts';

interface UiMatch { m: Record<string, unknown>; g: Record<number, Record<string, unknown>>; o: Record<number, Record<string, unknown>> }

/** Folds patches into a model the way the live store of the UI does. */
function fold(ui: Map<number, UiMatch>, patches: readonly MatchPatch[]): void {
  for (const p of patches) {
    if (p.removed) {
      ui.delete(p.id);
      continue;
    }
    const u = ui.get(p.id) ?? { m: {}, g: {}, o: {} };
    Object.assign(u.m, p.m);
    for (const [k, v] of Object.entries(p.g ?? {})) u.g[Number(k)] = { ...u.g[Number(k)], ...v };
    for (const [k, v] of Object.entries(p.o ?? {})) u.o[Number(k)] = { ...u.o[Number(k)], ...v };
    ui.set(p.id, u);
  }
}

function record(seconds: number): Uint8Array[] {
  const clock = manualScheduler(Date.UTC(2026, 0, 1, 18));
  const sim = new FeedSimulator({ seed: 7, clock, liveCount: 8, rate: 2000, tickMs: 100, idBase: 2_000_000 });
  const state = new LiveState();
  const hub = new FeedHub({ state, clock, maxBuffered: Number.MAX_SAFE_INTEGER });
  const out: Uint8Array[] = [];
  sim.start((events, at) => hub.publish(state.apply(events, at), at));
  sim.advanceTo(clock.now());
  hub.connect({ send: (b) => out.push(b.slice()), buffered: () => 0, close: () => undefined }).receive({ op: 'sub' });
  for (let t = 0; t < seconds * 1000; t += 100) {
    clock.advance(100);
    sim.advanceTo(clock.now());
  }
  return out;
}

/** The UI's model equals what a fresh subscription would be sent now, field by field. */
function expectSamePicture(ui: Map<number, UiMatch>, store: ReturnType<typeof createOddsStore>, now: number, types: readonly number[] | null): void {
  const fresh = new Map<number, UiMatch>();
  fold(fresh, setViews(createDiffState({ tofixed: 2 }), store, store.matches.keys(), now, { types }));
  // views of matches that left the store were removed from the UI
  expect([...ui.keys()].sort()).toEqual([...fresh.keys()].sort());
  expect(ui.size).toBeGreaterThan(0);
  for (const [id, f] of fresh) {
    const u = ui.get(id)!;
    expect(u.m).toEqual(f.m);
    expect(u.o).toEqual(f.o);
    for (const [gid, g] of Object.entries(f.g)) expect(u.g[Number(gid)]).toEqual(g);
  }
}

describe('diff over a recorded feed', () => {
  const frames = record(25).map((b) => decodeFeedMessage(b));

  for (const [name, types, flushEvery, checkEvery] of [['every market, a flush per frame', null, 1, 8], ['list rows, a flush per 3 frames', [1, 186], 3, 1]] as const) {
    it(`ends with exactly the picture a fresh subscription sees (${name})`, () => {
      const store = createOddsStore();
      const ds = createDiffState({ tofixed: 2 });
      const ui = new Map<number, UiMatch>();
      let pending: (() => void)[] = [];
      const batcher = createPatchBatcher((cb) => pending.push(cb), (p) => fold(ui, p));
      let now = 1_000_000;
      let checked = 0;
      let flushes = 0;
      frames.forEach((frame, i) => {
        now += 100;
        const touched = createTouched();
        expect(applyFrame(store, frame, now, touched)).toBe('applied');
        batcher.push(frame.kind === 'snapshot'
          ? setViews(ds, store, frame.matches.map((m) => m.id), now, { types })
          : diffStore(ds, store, touched, now));
        if (i % flushEvery !== flushEvery - 1) return;
        // the worker's arrow sweep clears arrows older than 3 s
        const swept = createTouched();
        arrowSweep(store, now, swept);
        batcher.push(diffStore(ds, store, swept, now));
        const run = pending;
        pending = [];
        run.forEach((cb) => cb());
        if (++flushes % checkEvery) return;
        expectSamePicture(ui, store, now, types);
        checked++;
      });
      expect(checked).toBeGreaterThan(25);
    });
  }
});
