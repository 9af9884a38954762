/**
 * Wires the feed: adapter -> live state -> hub and bus (leader), or bus -> live state -> hub
 * (follower). One process per deployment runs the adapter; the others follow it over the bus, so
 * every process serves the same feed and prices coupons against the same odds.
 * Nothing starts at import: server/main.ts calls createFeedFromEnv / startFeedService.
 */
import { STALE_CHECK_MS } from '../../domain/match/live-timings.ts';
import { decodeFrame, encodeFrame } from '../../domain/protocol/feed-codec.ts';
import { deltaFrame, snapshotFrame } from '../../domain/protocol/feed.ts';
import type { DeltaFrame, FeedChange } from '../../domain/protocol/feed.ts';
import type { FeedAdapter } from './adapter.ts';
import { createMemoryBus, createRedisBus } from './bus.ts';
import type { FeedBus } from './bus.ts';
import { systemScheduler } from './clock.ts';
import type { Scheduler } from './clock.ts';
import { FeedHub } from './hub.ts';
import { LiveState } from './live-state.ts';
import { FeedSimulator } from './simulator.ts';

export interface FeedServiceOptions {
  state: LiveState;
  hub: FeedHub;
  bus: FeedBus;
  scheduler: Scheduler;
  /** Present: this process is the leader and runs the adapter. Absent: it follows the bus. */
  adapter?: FeedAdapter;
  /** How often the leader stores a snapshot for joining followers (default 5 s). */
  snapshotEveryMs?: number;
  /** Called with publishing errors (a Redis hiccup); the feed keeps going. */
  onError?: (err: unknown) => void;
}

export interface FeedService {
  readonly role: 'leader' | 'follower';
  /** Sequence number of the last bus frame produced or applied. */
  seq(): number;
  stop(): Promise<void>;
}

/** Starts the feed in the role its options give it. */
export async function startFeedService(opts: FeedServiceOptions): Promise<FeedService> {
  return opts.adapter ? startLeader(opts, opts.adapter) : startFollower(opts);
}

async function startLeader(opts: FeedServiceOptions, adapter: FeedAdapter): Promise<FeedService> {
  const { state, hub, bus, scheduler } = opts;
  const onError = opts.onError ?? (() => undefined);
  // bus sequence starts at the clock so a restarted leader's frames are ahead of the old ones
  let seq = scheduler.now();
  const publish = (changes: FeedChange[], at: number) => {
    if (!changes.length) return;
    seq++;
    hub.publish(changes, at);
    bus.publish(encodeFrame(deltaFrame(seq, at, changes))).catch(onError);
  };
  const saveSnapshot = () => {
    bus.saveSnapshot(encodeFrame(snapshotFrame(seq, scheduler.now(), [...state.snapshot({ includeEnded: true })]))).catch(onError);
  };
  state.reset(adapter.current());
  adapter.start((events, at) => publish(state.apply(events, at), at));
  saveSnapshot();
  const timers = [
    scheduler.every(opts.snapshotEveryMs ?? 5000, saveSnapshot),
    scheduler.every(STALE_CHECK_MS, () => {
      const now = scheduler.now();
      publish(state.sweepStale(now), now);
    }),
  ];
  return {
    role: 'leader',
    seq: () => seq,
    async stop() {
      adapter.stop();
      for (const t of timers) t();
    },
  };
}

/** Frames a follower keeps while it waits for a snapshot. */
const MAX_QUEUED = 10_000;

async function startFollower(opts: FeedServiceOptions): Promise<FeedService> {
  const { state, hub, bus, scheduler } = opts;
  let seq = 0;
  let synced = false;
  let loading = false;
  const queue: DeltaFrame[] = [];

  const applyDelta = (f: DeltaFrame) => {
    seq = f.seq;
    state.applyChanges(f.changes, f.t);
    hub.publish(f.changes, f.t);
  };

  // Start from the stored snapshot, then the frames queued meanwhile. If they do not follow on
  // (the snapshot is older than the first frame we heard), wait for a newer snapshot.
  const load = async () => {
    if (loading) return;
    loading = true;
    try {
      const bytes = await bus.loadSnapshot();
      const snap = bytes ? decodeFrame(bytes) : null;
      if (!snap || snap.kind !== 'snapshot') return;
      const pending = queue.filter((f) => f.seq > snap.seq);
      queue.splice(0, queue.length, ...pending);
      if (pending.length && pending[0]!.seq !== snap.seq + 1) return;
      state.reset(snap.matches);
      seq = snap.seq;
      queue.length = 0;
      synced = true;
      hub.resyncAll();
      for (const f of pending) applyDelta(f);
    } finally {
      loading = false;
    }
  };

  const unsubscribe = await bus.subscribe((bytes) => {
    let f;
    try {
      f = decodeFrame(bytes);
    } catch (err) {
      opts.onError?.(err);
      return;
    }
    if (f.kind !== 'delta') return;
    if (!synced) {
      queue.push(f);
      // bounded: frames older than the next snapshot are useless anyway
      if (queue.length > MAX_QUEUED) queue.shift();
      return;
    }
    if (f.seq <= seq) return;
    if (f.seq !== seq + 1) {
      // a lost frame or a new leader: reload from the next snapshot
      synced = false;
      queue.push(f);
      void load();
      return;
    }
    applyDelta(f);
  });
  await load();
  const retry = scheduler.every(opts.snapshotEveryMs ?? 5000, () => {
    if (!synced) void load();
  });
  return {
    role: 'follower',
    seq: () => seq,
    async stop() {
      retry();
      await unsubscribe();
    },
  };
}

/** What createFeedFromEnv built; `service` is started, the socket is registered by the caller. */
export interface FeedSetup {
  state: LiveState;
  hub: FeedHub;
  bus: FeedBus;
  service: FeedService;
  simulator: FeedSimulator | null;
  stop(): Promise<void>;
}

/**
 * Builds and starts the feed from the environment: REDIS_URL (bus; absent = in-process),
 * FEED_ROLE (leader | follower; default leader), FEED_RATE (changes per second, 0 = natural),
 * FEED_LIVE_COUNT (default 40), FEED_SEED (default from the clock), FEED_SPEED (default 1),
 * FEED_ID_BASE (first match id), FEED_SUSPEND_SEC (game seconds of the suspension after a goal, default 20).
 */
export async function createFeedFromEnv(env: Record<string, string | undefined> = process.env, scheduler: Scheduler = systemScheduler): Promise<FeedSetup> {
  const num = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
  const bus = env.REDIS_URL ? createRedisBus(env.REDIS_URL) : createMemoryBus();
  const state = new LiveState();
  const hub = new FeedHub({ state, clock: scheduler });
  const leader = (env.FEED_ROLE ?? 'leader') !== 'follower';
  const simulator = leader
    ? new FeedSimulator({
      seed: num(env.FEED_SEED, scheduler.now() % 2 ** 31), clock: scheduler, scheduler,
      liveCount: num(env.FEED_LIVE_COUNT, 40), rate: num(env.FEED_RATE, 0), speed: num(env.FEED_SPEED, 1),
      ...(env.FEED_ID_BASE ? { idBase: num(env.FEED_ID_BASE, 1_000_000) } : {}),
      // game seconds bets stay stopped after a goal: longer makes suspensions easy to see in a demo or test
      ...(env.FEED_SUSPEND_SEC ? { suspendSec: num(env.FEED_SUSPEND_SEC, 20) } : {}),
    })
    : null;
  const service = await startFeedService({
    state, hub, bus, scheduler, ...(simulator ? { adapter: simulator } : {}),
    onError: (err) => console.error('feed:', err),
  });
  return {
    state, hub, bus, service, simulator,
    async stop() {
      await service.stop();
      hub.closeAll();
      await bus.close();
    },
  };
}
