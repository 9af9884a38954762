/**
 * Wires the feed: adapter -> live state -> hub and bus (leader), or bus -> live state -> hub
 * (follower). One process per deployment runs the adapter; the others follow it over the bus, so
 * every process serves the same feed and prices coupons against the same odds. Which process
 * leads is elected (server/cluster/lease.ts): when the leader dies a follower takes over and goes
 * on from the provider checkpoint and the feed sequence the old leader stored on the bus.
 *
 * The leader sends a heartbeat frame when nothing moved, and every process watches its own feed:
 * older than the freshness limit (FEED_STALE_SEC), its live markets are suspended on that process
 * (LiveState.checkFeed) until the next frame.
 * Nothing starts at import: server/main.ts calls createFeedFromEnv / startFeedService.
 */
import { FEED_HEARTBEAT_MS, FEED_STALE_MS, STALE_CHECK_MS } from '../../domain/match/live-timings.ts';
import type { Leadership } from '../cluster/lease.ts';
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
  /**
   * The leader writes to the bus only while this holds (its lease): a leader that was paused past
   * its lease must not overwrite the new leader's snapshot before it hears it lost the lead.
   */
  mayLead?: () => boolean;
}

/** The leader's checkpoint on the bus: the provider's state and the sequence it was taken at. */
interface StoredCheckpoint {
  seq: number;
  state: unknown;
}

/** An older checkpoint is not replayed (the matches it holds are long over): the new leader starts afresh. */
const MAX_REPLAY_MS = 10 * 60_000;

export interface FeedService {
  readonly role: 'leader' | 'follower';
  /** Sequence number of the last bus frame produced or applied. */
  seq(): number;
  /**
   * The leader publishes changes made outside the adapter (the back office's trading) on the feed's
   * own path: its state, its hub and the bus, numbered like the adapter's frames. A follower
   * publishes nothing and answers false.
   */
  inject(changes: FeedChange[]): boolean;
  stop(): Promise<void>;
}

/** Starts the feed in the role its options give it. */
export async function startFeedService(opts: FeedServiceOptions): Promise<FeedService> {
  return opts.adapter ? startLeader(opts, opts.adapter) : startFollower(opts);
}

async function startLeader(opts: FeedServiceOptions, adapter: FeedAdapter): Promise<FeedService> {
  const { state, hub, bus, scheduler } = opts;
  const onError = opts.onError ?? (() => undefined);
  const mayLead = opts.mayLead ?? (() => true);
  // What the last leader left: its last snapshot's sequence and its provider checkpoint.
  const [snapBytes, cpJson] = await Promise.all([
    bus.loadSnapshot().catch((err: unknown) => { onError(err); return null; }),
    adapter.restore ? bus.loadCheckpoint().catch((err: unknown) => { onError(err); return null; }) : null,
  ]);
  const stored = cpJson ? (JSON.parse(cpJson) as StoredCheckpoint) : null;
  let lastSeq = stored?.seq ?? 0;
  if (snapBytes) {
    try {
      lastSeq = Math.max(lastSeq, decodeFrame(snapBytes).seq);
    } catch (err) {
      onError(err);
    }
  }
  // Bus sequence: past anything the old leader may have sent (its seq started at its clock and
  // grows by one a frame, about one a second), so followers take the first frame as a gap and
  // reload from our snapshot; never a number an old frame already used.
  let seq = Math.max(scheduler.now(), lastSeq + 1);
  // a checkpoint too old (or unreadable) is refused: the provider starts afresh
  if (stored) adapter.restore?.(stored.state, scheduler.now() - MAX_REPLAY_MS);
  let lastSent = -Infinity;
  let catchingUp = true;
  const send = (changes: FeedChange[], at: number) => {
    seq++;
    lastSent = scheduler.now();
    if (mayLead()) bus.publish(encodeFrame(deltaFrame(seq, at, changes))).catch(onError);
  };
  const publish = (changes: FeedChange[], at: number) => {
    if (!changes.length) return;
    hub.publish(changes, at);
    send(changes, at);
  };
  const saveSnapshot = async () => {
    if (!mayLead()) return;
    const snap = bus.saveSnapshot(encodeFrame(snapshotFrame(seq, scheduler.now(), [...state.snapshot({ includeEnded: true })])));
    const cp = adapter.checkpoint ? bus.saveCheckpoint(JSON.stringify({ seq, state: adapter.checkpoint() } satisfies StoredCheckpoint)) : null;
    await Promise.all([snap, cp]).catch(onError);
  };
  state.reset(adapter.current());
  adapter.start((events, at) => {
    // replaying from a checkpoint: the state catches up where the old leader was, silently
    if (catchingUp) {
      state.apply(events, at);
      return;
    }
    const reopen = state.markFeed(scheduler.now());
    if (reopen.length) hub.publish(reopen, at);
    const changes = state.apply(events, at);
    publish(changes, at);
    // nothing moved: a heartbeat, so followers know the feed is alive (at most one a period)
    if (!changes.length && scheduler.now() - lastSent >= FEED_HEARTBEAT_MS) send([], at);
  });
  catchingUp = false;
  state.markFeed(scheduler.now());
  hub.resyncAll();
  // the snapshot first: followers reload from it when they see our first frame
  await saveSnapshot();
  const timers = [
    scheduler.every(opts.snapshotEveryMs ?? 5000, () => void saveSnapshot()),
    scheduler.every(STALE_CHECK_MS, () => {
      const now = scheduler.now();
      publish(state.sweepStale(now), now);
    }),
    // for an adapter without heartbeats of its own: the leader speaks for it while the feed is
    // fresh (the leader's freshness is the adapter's, marked above: a dead provider goes stale)
    scheduler.every(FEED_HEARTBEAT_MS, () => {
      if (scheduler.now() - lastSent >= FEED_HEARTBEAT_MS && state.isFresh()) send([], scheduler.now());
    }),
  ];
  return {
    role: 'leader',
    seq: () => seq,
    inject(changes) {
      const at = scheduler.now();
      state.applyChanges(changes, at);
      publish(changes, at);
      return true;
    },
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
  /** Frames heard before the snapshot, with the local time each arrived at. */
  const queue: Array<{ f: DeltaFrame; at: number }> = [];

  // `heardAt`: when the frame arrived; a frame queued long ago proves nothing about the feed now
  const applyDelta = (f: DeltaFrame, heardAt: number) => {
    seq = f.seq;
    const reopen = state.markFeed(heardAt);
    if (reopen.length) hub.publish(reopen, f.t);
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
      const pending = queue.filter((q) => q.f.seq > snap.seq);
      queue.splice(0, queue.length, ...pending);
      if (pending.length && pending[0]!.f.seq !== snap.seq + 1) return;
      state.reset(snap.matches);
      seq = snap.seq;
      queue.length = 0;
      synced = true;
      // not marked fresh: the snapshot may be old (a dead leader's); the next frame says the feed lives
      hub.resyncAll();
      for (const q of pending) applyDelta(q.f, q.at);
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
    const at = scheduler.now();
    if (!synced) {
      queue.push({ f, at });
      // bounded: frames older than the next snapshot are useless anyway
      if (queue.length > MAX_QUEUED) queue.shift();
      return;
    }
    if (f.seq <= seq) return;
    if (f.seq !== seq + 1) {
      // a lost frame or a new leader: reload from the next snapshot
      synced = false;
      queue.push({ f, at });
      void load();
      return;
    }
    applyDelta(f, at);
  });
  await load();
  const retry = scheduler.every(opts.snapshotEveryMs ?? 5000, () => {
    if (!synced) void load();
  });
  return {
    role: 'follower',
    seq: () => seq,
    inject: () => false,
    async stop() {
      retry();
      await unsubscribe();
    },
  };
}

/**
 * The feed of a process that leads only while elected: a follower until `leadership` says it
 * leads, then the leader with a fresh adapter (going on from the stored checkpoint), then a
 * follower again if it loses the lead. Role changes run one at a time, in order.
 */
export async function startElectedFeedService(
  opts: Omit<FeedServiceOptions, 'adapter' | 'mayLead'>,
  leadership: Leadership,
  makeAdapter: () => FeedAdapter,
  onRole: (role: 'leader' | 'follower', adapter: FeedAdapter | null) => void = () => undefined,
): Promise<FeedService> {
  const onError = opts.onError ?? (() => undefined);
  const startRole = async (lead: boolean): Promise<FeedService> => {
    if (!lead) {
      onRole('follower', null);
      return startFollower(opts);
    }
    const adapter = makeAdapter();
    onRole('leader', adapter);
    return startLeader({ ...opts, mayLead: () => leadership.isLeader() }, adapter);
  };
  let current = await startRole(leadership.isLeader());
  let stopped = false;
  /** The current role failed to start (a Redis hiccup): it is started again on the next check. */
  let broken = false;
  let chain = Promise.resolve();
  // Brings the role in line with the lead: on each change, and every second in case a start failed.
  const reconcile = () => {
    chain = chain.then(async () => {
      const lead = leadership.isLeader();
      if (stopped || (!broken && (current.role === 'leader') === lead)) return;
      if (!broken) await current.stop();
      broken = true;
      current = await startRole(lead);
      broken = false;
    }).catch(onError);
  };
  const off = leadership.onChange(reconcile);
  const check = opts.scheduler.every(1000, reconcile);
  return {
    get role() {
      return current.role;
    },
    seq: () => current.seq(),
    inject: (changes) => !broken && current.inject(changes),
    async stop() {
      stopped = true;
      off();
      check();
      await chain;
      if (!broken) await current.stop();
    },
  };
}

/**
 * Every process watches its own feed: when the last frame or heartbeat is older than the limit,
 * its live markets are shown locked to its players (the hub's ordinary delta path) and coupon
 * placement reads them as suspended (LiveState.currentOdd) until the next frame. While fresh it
 * sends its sockets a heartbeat when they got nothing for a second.
 */
export function watchFeedFreshness(state: LiveState, hub: FeedHub, scheduler: Scheduler, everyMs = 250): () => void {
  return scheduler.every(everyMs, () => {
    const now = scheduler.now();
    const changes = state.checkFeed(now);
    if (changes.length) hub.publish(changes, now);
    // players' sockets hear the feed is alive even when nothing they watch moves; a stale
    // process falls silent, and its clients lock their markets too
    else if (state.isFresh(now)) hub.heartbeat(FEED_HEARTBEAT_MS);
  });
}

/** What createFeedFromEnv built; `service` is started, the socket is registered by the caller. */
export interface FeedSetup {
  state: LiveState;
  hub: FeedHub;
  bus: FeedBus;
  service: FeedService;
  /** The simulator while this process leads (changes on a failover). */
  readonly simulator: FeedSimulator | null;
  stop(): Promise<void>;
}

/**
 * Builds and starts the feed from the environment: REDIS_URL (bus; absent = in-process),
 * FEED_ROLE (leader | follower | auto; default auto: elected by `leadership` when there is a Redis
 * bus to share, else leader: a process alone runs its own feed), FEED_STALE_SEC (freshness
 * limit, default 5), FEED_BUS_PREFIX (Redis key and channel prefix, default 'feed'), FEED_RATE (changes per second, 0 = natural),
 * FEED_LIVE_COUNT (default 40), FEED_SEED (default from the clock), FEED_SPEED (default 1),
 * FEED_ID_BASE (first match id), FEED_SUSPEND_SEC (game seconds of the suspension after a goal, default 20).
 */
export async function createFeedFromEnv(
  env: Record<string, string | undefined> = process.env,
  scheduler: Scheduler = systemScheduler,
  leadership?: Leadership,
  /** The leader's provider instead of the simulator (FEED_SOURCE=uof: server/feed/uof/). */
  makeProvider?: () => FeedAdapter,
): Promise<FeedSetup> {
  const num = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
  const onError = (err: unknown) => console.error('feed:', err);
  // FEED_BUS_PREFIX: several deployments (or test runs) on one Redis keep apart
  const prefix = env.FEED_BUS_PREFIX || 'feed';
  const bus = env.REDIS_URL ? createRedisBus(env.REDIS_URL, { onError, channel: `${prefix}:deltas`, snapshotKey: `${prefix}:snapshot` }) : createMemoryBus();
  const state = new LiveState({ clock: scheduler, staleMs: num(env.FEED_STALE_SEC, FEED_STALE_MS / 1000) * 1000 });
  const hub = new FeedHub({ state, clock: scheduler });
  const role = env.FEED_ROLE || 'auto';
  const makeSimulator = () => makeProvider?.() ?? new FeedSimulator({
    seed: num(env.FEED_SEED, scheduler.now() % 2 ** 31), clock: scheduler, scheduler,
    liveCount: num(env.FEED_LIVE_COUNT, 40), rate: num(env.FEED_RATE, 0), speed: num(env.FEED_SPEED, 1),
    ...(env.FEED_ID_BASE ? { idBase: num(env.FEED_ID_BASE, 1_000_000) } : {}),
    // game seconds bets stay stopped after a goal: longer makes suspensions easy to see in a demo or test
    ...(env.FEED_SUSPEND_SEC ? { suspendSec: num(env.FEED_SUSPEND_SEC, 20) } : {}),
  });
  let simulator: FeedSimulator | null = null;
  let service: FeedService;
  if (role === 'auto' && env.REDIS_URL && leadership) {
    service = await startElectedFeedService({ state, hub, bus, scheduler, onError }, leadership, makeSimulator, (_r, a) => {
      simulator = a instanceof FeedSimulator ? a : null;
    });
  } else {
    const adapter = role === 'follower' ? null : makeSimulator();
    simulator = adapter instanceof FeedSimulator ? adapter : null;
    service = await startFeedService({ state, hub, bus, scheduler, ...(adapter ? { adapter } : {}), onError });
  }
  const stopWatch = watchFeedFreshness(state, hub, scheduler);
  return {
    state, hub, bus, service,
    get simulator() {
      return simulator;
    },
    async stop() {
      stopWatch();
      await service.stop();
      hub.closeAll();
      await bus.close();
    },
  };
}
