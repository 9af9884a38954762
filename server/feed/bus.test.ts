import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame } from '../../domain/protocol/feed-codec.ts';
import { deltaFrame, oddChange, snapshotFrame } from '../../domain/protocol/feed.ts';
import { createMemoryBus, createRedisBus } from './bus.ts';
import type { FeedBus } from './bus.ts';
import { manualScheduler } from './clock.ts';
import { FeedHub } from './hub.ts';
import { LiveState } from './live-state.ts';
import { startFeedService } from './service.ts';
import { FeedSimulator } from './simulator.ts';

const REDIS = { host: '127.0.0.1', port: 6379 };

/** True when something answers on the Redis port within 300 ms. */
function reachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(REDIS.port, REDIS.host);
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(300, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

const frame = (seq: number) => encodeFrame(deltaFrame(seq, 1000 + seq, [oddChange(1, 2, 3, 1800 + seq, 1)]));

async function roundTrip(a: FeedBus, b: FeedBus) {
  const got: number[] = [];
  const unsub = await b.subscribe((bytes) => got.push(decodeFrame(bytes).seq));
  for (let i = 1; i <= 20; i++) await a.publish(frame(i));
  await waitFor(() => got.length === 20);
  expect(got).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  await unsub();
  await a.publish(frame(21));
  await a.saveSnapshot(encodeFrame(snapshotFrame(20, 5, [])));
  const snap = await b.loadSnapshot();
  expect(snap && decodeFrame(snap)).toEqual({ seq: 20, t: 5, kind: 'snapshot', matches: [] });
  expect(got).toHaveLength(20);
}

async function waitFor(cond: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A leader with the simulator and a follower joining later, over the given bus pair. */
async function leaderAndFollower(leaderBus: FeedBus, followerBus: FeedBus, wait: (cond: () => boolean) => Promise<void>) {
  const clock = manualScheduler(Date.UTC(2026, 0, 1));
  const sim = new FeedSimulator({ seed: 21, clock, scheduler: clock, liveCount: 6, idBase: 500_000 });
  const lState = new LiveState();
  const leader = await startFeedService({ state: lState, hub: new FeedHub({ state: lState, clock }), bus: leaderBus, scheduler: clock, adapter: sim, snapshotEveryMs: 2000 });
  // join between two snapshots: the stored one is stale, so the follower must catch up via a newer one
  clock.advance(31_500);
  await new Promise((r) => setTimeout(r, 20));
  const fState = new LiveState();
  const follower = await startFeedService({ state: fState, hub: new FeedHub({ state: fState, clock }), bus: followerBus, scheduler: clock, snapshotEveryMs: 2000 });
  for (let i = 0; i < 20; i++) {
    clock.advance(1000);
    await new Promise((r) => setTimeout(r, 2));
  }
  await wait(() => follower.seq() === leader.seq());
  expect(fState.listMatches({ includeEnded: true })).toEqual(lState.listMatches({ includeEnded: true }));
  expect(fState.size).toBeGreaterThan(0);
  await follower.stop();
  await leader.stop();
}

describe('in-process bus', () => {
  it('delivers frames in order and keeps the last snapshot', async () => {
    const bus = createMemoryBus();
    await roundTrip(bus, bus);
  });

  it('lets a follower join mid-stream from the snapshot and stay in step', async () => {
    const bus = createMemoryBus();
    await leaderAndFollower(bus, bus, async (cond) => expect(cond()).toBe(true));
  });
});

const up = await reachable();

describe.skipIf(!up)('redis bus (127.0.0.1:6379)', () => {
  const tag = `test:${process.pid}:${Date.now()}`;
  const opts = { channel: `feed:${tag}`, snapshotKey: `feed:${tag}:snapshot`, snapshotTtlSec: 60 };
  const url = `redis://${REDIS.host}:${REDIS.port}`;
  const buses: FeedBus[] = [];
  const bus = () => {
    const b = createRedisBus(url, opts);
    buses.push(b);
    return b;
  };
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
  });

  it('carries encoded frames between two connections in order', async () => {
    await roundTrip(bus(), bus());
  });

  it('lets a follower process serve the same feed as the leader', async () => {
    await leaderAndFollower(bus(), bus(), (cond) => waitFor(cond));
  });
});

describe('redis bus without Redis', () => {
  it('reports connection errors to its listener (no unhandled error event) and fails calls instead of hanging', async () => {
    const errors: string[] = [];
    // a port nothing listens on
    const bus = createRedisBus('redis://127.0.0.1:1', { onError: (e) => errors.push(e.message) });
    const t0 = Date.now();
    await expect(bus.ping()).rejects.toThrow();
    await expect(bus.saveSnapshot(new Uint8Array([1]))).rejects.toThrow();
    expect(Date.now() - t0).toBeLessThan(10_000);
    // reported once per outage, not once per reconnect attempt
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(new Set(errors).size).toBe(errors.length);
    await bus.close();
  });
});
