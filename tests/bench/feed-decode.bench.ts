/**
 * Feed decode bench: `npx tsx tests/bench/feed-decode.bench.ts`
 *
 * Records a few seconds of simulator deltas as the hub sends them to one client subscribed to
 * everything, then measures the worker's path, decode + applyFrame + diffStore + batcher, in odd
 * (outcome) changes per second: msgpack frames through decodeFeedMessage against a JSON.parse
 * baseline of the same frames, in the same run. Goals: >= 50,000 changes/s and msgpack >= 2x JSON.
 *
 * Two view set-ups, both over every live match: "list" is LiveBets (each row shows its main
 * market, as live-api subscribes it) and "every market" shows every odds group of every match,
 * a worst case no screen has (as if 40 MatchDetails were open). The batcher flushes after each
 * frame, as in the worker: the hub sends a frame per 100 ms tick and a 60 Hz animation frame
 * delivers it before the next one arrives.
 *
 * msgpackr's native string accelerator is disabled by default so Node measures what a browser
 * worker runs (pure JS); BENCH_NATIVE=1 keeps it. Options: FEED_RATE (default 20000 changes/s),
 * BENCH_SECONDS of feed to record (default 5), BENCH_MS of measuring per variant (default 1500).
 */
import type { FeedFrame } from '../../domain/protocol/feed.ts';

if (process.env.BENCH_NATIVE !== '1') process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = 'true';

// imported after the environment is set: msgpackr reads it when it loads
const { manualScheduler } = await import('../../server/feed/clock.ts');
const { FeedSimulator } = await import('../../server/feed/simulator.ts');
const { LiveState } = await import('../../server/feed/live-state.ts');
const { FeedHub } = await import('../../server/feed/hub.ts');
const { decodeFeedMessage } = await import('../../workers/core/feed/decode.ts');
const { applyFrame, createOddsStore, createTouched } = await import('../../workers/core/feed/odds-store.ts');
const { createDiffState, createPatchBatcher, diffStore, setViews } = await import('../../workers/core/feed/diff.ts');
const { LIVE_ODDS_TYPES } = await import('../../workers/core/live/live-list.ts');
const msgpackr = await import('msgpackr');

const rate = Number(process.env.FEED_RATE ?? 20_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const measureMs = Number(process.env.BENCH_MS ?? 1500);
const tickMs = 100;

// ---------------------------------------------------------------- record
const clock = manualScheduler(Date.UTC(2026, 0, 1, 18));
const sim = new FeedSimulator({ seed: 1, clock, liveCount: 40, rate, tickMs, idBase: 1_000_000 });
const state = new LiveState();
const hub = new FeedHub({ state, clock, maxBuffered: Number.MAX_SAFE_INTEGER });
const recorded: Uint8Array[] = [];
sim.start((events, at) => hub.publish(state.apply(events, at), at));
sim.advanceTo(clock.now()); // kick-off: the live matches exist before the client subscribes
const conn = hub.connect({ send: (b) => recorded.push(b.slice()), buffered: () => 0, close: () => undefined });
conn.receive({ op: 'sub' });
for (let t = 0; t < seconds * 1000; t += tickMs) {
  clock.advance(tickMs);
  sim.advanceTo(clock.now());
}

const frames: FeedFrame[] = recorded.map((b) => decodeFeedMessage(b));
const texts = frames.map((f) => JSON.stringify(f));
const oddChanges = frames.reduce((s, f) => s + (f.kind === 'delta' ? f.changes.filter((c) => c.k === 'o').length : 0), 0);
const allChanges = frames.reduce((s, f) => s + (f.kind === 'delta' ? f.changes.length : 0), 0);
const binBytes = recorded.reduce((s, b) => s + b.length, 0);
const jsonBytes = texts.reduce((s, t) => s + Buffer.byteLength(t), 0);

// ---------------------------------------------------------------- measure
type Decode = (i: number) => FeedFrame;
const viaMsgpack: Decode = (i) => decodeFeedMessage(recorded[i]!);
const viaJson: Decode = (i) => JSON.parse(texts[i]!) as FeedFrame;

let sink = 0;
/** Odds types LiveBets rows show (its default odds-type choice); null = every group. */
type Shown = readonly number[] | null;
const LIST_TYPES: Shown = LIVE_ODDS_TYPES[0]!.types;

/** One pass over the recording: decode, apply, diff, batch (flushed after each frame). */
function pass(decode: Decode, withWork: boolean, types: Shown = null): void {
  const store = createOddsStore();
  const ds = createDiffState();
  let flushes: (() => void)[] = [];
  const batcher = createPatchBatcher((cb) => flushes.push(cb), (p) => {
    sink += p.length;
  });
  const now = 1_000_000;
  for (let i = 0; i < recorded.length; i++) {
    const frame = decode(i);
    if (!withWork) {
      sink += frame.seq;
      continue;
    }
    const touched = createTouched();
    applyFrame(store, frame, now + i * tickMs, touched);
    if (frame.kind === 'snapshot') batcher.push(setViews(ds, store, frame.matches.map((m) => m.id), now, { types }));
    else batcher.push(diffStore(ds, store, touched, now + i * tickMs));
    const f = flushes;
    flushes = [];
    f.forEach((cb) => cb());
  }
}

/** Odd changes per second of `decode` (+ apply + diff when withWork), over about measureMs. */
function measure(decode: Decode, withWork: boolean, types: Shown = null): number {
  pass(decode, withWork, types); // warm
  let passes = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < measureMs) {
    pass(decode, withWork, types);
    passes++;
    elapsed = performance.now() - start;
  }
  return (oddChanges * passes) / (elapsed / 1000);
}

// alternate the variants so neither gets all the warm JIT or GC luck
const list = { msgpack: [] as number[], json: [] as number[] };
const full = { msgpack: [] as number[], json: [] as number[] };
const decodeOnly = { msgpack: [] as number[], json: [] as number[] };
for (let round = 0; round < 2; round++) {
  list.msgpack.push(measure(viaMsgpack, true, LIST_TYPES));
  list.json.push(measure(viaJson, true, LIST_TYPES));
  full.msgpack.push(measure(viaMsgpack, true));
  full.json.push(measure(viaJson, true));
  decodeOnly.msgpack.push(measure(viaMsgpack, false));
  decodeOnly.json.push(measure(viaJson, false));
}
const best = (xs: number[]) => Math.max(...xs);

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const lm = best(list.msgpack);
const lj = best(list.json);
const m = best(full.msgpack);
const j = best(full.json);
const dm = best(decodeOnly.msgpack);
const dj = best(decodeOnly.json);
console.log(`feed decode bench (msgpackr native accelerator: ${msgpackr.isNativeAccelerationEnabled ? 'on' : 'off, as in a browser'})`);
console.log(`recorded ${seconds} s of feed at FEED_RATE ${fmt(rate)}: ${frames.length} frames, ${fmt(allChanges)} changes, ${fmt(oddChanges)} odd changes`);
console.log(`wire size: msgpack ${fmt(binBytes)} B, JSON ${fmt(jsonBytes)} B (${(jsonBytes / binBytes).toFixed(2)}x)`);
console.log(`decode + apply + diff, LiveBets list:   msgpack ${fmt(lm)} odd changes/s, JSON ${fmt(lj)} odd changes/s, ratio ${(lm / lj).toFixed(2)}x`);
console.log(`decode + apply + diff, every market:   msgpack ${fmt(m)} odd changes/s, JSON ${fmt(j)} odd changes/s, ratio ${(m / j).toFixed(2)}x`);
console.log(`decode only:                           msgpack ${fmt(dm)} odd changes/s, JSON ${fmt(dj)} odd changes/s, ratio ${(dm / dj).toFixed(2)}x`);
console.log(`goal >= 50,000 odd changes/s: ${Math.min(lm, m) >= 50_000 ? 'met' : 'NOT met'}; goal msgpack >= 2x JSON (decode + apply + diff): LiveBets list ${lm / lj >= 2 ? 'met' : 'NOT met'}, every market ${m / j >= 2 ? 'met' : 'NOT met'}`);
if (sink === -1) console.log(sink);
