/**
 * Leader election (server/cluster/lease.ts) with an injected clock, on every driver: one holder at
 * a time, a takeover once the lease runs out, an old leader that cannot renew steps down by its own
 * deadline, a clean stop hands over at once. Then the elected feed in virtual time: the leader
 * "dies", a follower takes over from the stored checkpoint and the feed goes on with the same
 * matches and a sequence that never goes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { sqlLeaseStore, startLeadership, type LeaseStore } from '../../server/cluster/lease.ts';
import { manualScheduler } from '../../server/feed/clock.ts';
import { createMemoryBus } from '../../server/feed/bus.ts';
import { FeedHub } from '../../server/feed/hub.ts';
import { LiveState } from '../../server/feed/live-state.ts';
import { startElectedFeedService, watchFeedFreshness } from '../../server/feed/service.ts';
import { FeedSimulator } from '../../server/feed/simulator.ts';
import { decodeFrame } from '../../domain/protocol/feed-codec.ts';
import { drivers, openTestDb } from './harness.ts';

const DRIVERS = await drivers();
const T0 = Date.UTC(2026, 0, 1, 18);

/** Lets the database reply to a beat (the scheduler runs timers synchronously, the query is real). */
const settle = () => new Promise((r) => setTimeout(r, 25));

describe.each(DRIVERS)('the lease on %s', (driver) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb(driver));
    await migrate(db);
  }, 60_000);
  afterAll(async () => { await drop?.(); });

  it('one holder at a time; a clean stop hands over at once, under a new term', async () => {
    const clock = manualScheduler(T0);
    const store = sqlLeaseStore(db);
    const logs: string[] = [];
    const opts = { store, scheduler: clock, name: `t-${driver}`, ttlMs: 5000, renewMs: 1000, log: (m: string) => logs.push(m) };
    const a = await startLeadership({ ...opts, holder: 'a' });
    const b = await startLeadership({ ...opts, holder: 'b' });
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(false);
    const termA = a.term;
    const changes: boolean[] = [];
    b.onChange((l) => changes.push(l));

    // a keeps renewing: b never gets it
    for (let i = 0; i < 10; i++) { clock.advance(1000); await settle(); }
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(false);

    // a stops cleanly and releases the lease: b leads on its next beat, under a new term
    await a.stop();
    let took = -1;
    for (let t = 1; t <= 3; t++) {
      clock.advance(1000);
      await settle();
      if (b.isLeader() && took < 0) took = t;
    }
    // stop() released a's lease: b leads on its next beat
    expect(took).toBe(1);
    expect(b.term).toBe(termA + 1);
    expect(changes).toEqual([true]);
    await b.stop();
  });

  it('a leader that cannot renew steps down at its deadline; the other takes over only after the ttl', async () => {
    const clock = manualScheduler(T0 + 3_600_000);
    const real = sqlLeaseStore(db);
    let down = false;
    const flaky: LeaseStore = {
      acquire: (...args) => (down ? Promise.reject(new Error('connection terminated')) : real.acquire(...args)),
      release: (...args) => real.release(...args),
    };
    const opts = { scheduler: clock, name: `u-${driver}`, ttlMs: 5000, renewMs: 1000, log: () => undefined };
    const a = await startLeadership({ ...opts, store: flaky, holder: 'a' });
    const b = await startLeadership({ ...opts, store: real, holder: 'b' });
    expect(a.isLeader()).toBe(true);
    down = true;
    const lostAt: Record<string, number> = {};
    for (let t = 1; t <= 12; t++) {
      clock.advance(1000);
      await settle();
      if (!a.isLeader() && lostAt.a === undefined) lostAt.a = t;
      if (b.isLeader() && lostAt.b === undefined) lostAt.b = t;
    }
    // a stops a beat before its lease expires in the table; b takes it once expired
    expect(lostAt.a).toBe(4);
    expect(lostAt.b).toBe(5);
    expect(lostAt.a!).toBeLessThan(lostAt.b!);
    // the database is back: a finds the lease taken and stays a follower
    down = false;
    clock.advance(1000);
    await settle();
    expect(a.isLeader()).toBe(false);
    expect(b.isLeader()).toBe(true);
    await a.stop();
    await b.stop();
  });
});

/** A leadership the test hands over by hand. */
function manualLeadership(start: boolean) {
  let leader = start;
  const fns = new Set<(l: boolean) => void>();
  return {
    isLeader: () => leader,
    term: 1,
    onChange(fn: (l: boolean) => void) { fns.add(fn); return () => fns.delete(fn); },
    async stop() {},
    set(l: boolean) { leader = l; for (const fn of fns) fn(l); },
  };
}

describe('the elected feed', () => {
  it('fails over: the follower takes over from the checkpoint, same matches, the sequence only grows, followers stay in step', async () => {
    const clock = manualScheduler(T0);
    const bus = createMemoryBus();
    const env = { seed: 7, clock, scheduler: clock, liveCount: 6, idBase: 800_000, speed: 20 };
    const proc = (leading: boolean) => {
      const state = new LiveState({ clock });
      const hub = new FeedHub({ state, clock });
      const leadership = manualLeadership(leading);
      return { state, hub, leadership, watch: watchFeedFreshness(state, hub, clock) };
    };
    const a = proc(true);
    const b = proc(false);
    const c = proc(false);
    const seqs: number[] = [];
    const off = await bus.subscribe((bytes) => seqs.push(decodeFrame(bytes).seq));
    const svcA = await startElectedFeedService({ state: a.state, hub: a.hub, bus, scheduler: clock, snapshotEveryMs: 5000 }, a.leadership, () => new FeedSimulator(env));
    const svcB = await startElectedFeedService({ state: b.state, hub: b.hub, bus, scheduler: clock, snapshotEveryMs: 5000 }, b.leadership, () => new FeedSimulator(env));
    const svcC = await startElectedFeedService({ state: c.state, hub: c.hub, bus, scheduler: clock, snapshotEveryMs: 5000 }, c.leadership, () => new FeedSimulator(env));
    clock.advance(30_000);
    await settle();
    expect(svcA.role).toBe('leader');
    expect(svcB.role).toBe('follower');
    const idsBefore = a.state.listMatches().map((m) => m.id).sort();
    expect(c.state.listMatches().map((m) => m.id).sort()).toEqual(idsBefore);

    // A dies: it stops without a word (no more frames, no handover)
    a.leadership.set(false);
    a.watch();
    await settle();
    await svcA.stop();
    clock.advance(6000);
    await settle();
    // meanwhile the followers' feed went stale: their live markets are suspended
    expect(c.state.isFresh()).toBe(false);
    expect(c.state.listMatches().every((m) => m.bs !== 'started')).toBe(true);

    b.leadership.set(true);
    await settle();
    expect(svcB.role).toBe('leader');
    clock.advance(3000);
    await settle();
    clock.advance(3000);
    await settle();
    // the same matches go on (those not ended meanwhile), with scores and minutes moving forward
    const after = b.state.listMatches();
    const still = after.filter((m) => idsBefore.includes(m.id));
    expect(still.length).toBeGreaterThanOrEqual(idsBefore.length - 2);
    expect(c.state.isFresh()).toBe(true);
    expect(c.state.listMatches().map((m) => m.id).sort()).toEqual(after.map((m) => m.id).sort());
    expect(JSON.stringify(c.state.listMatches().map((m) => [m.id, m.scr, m.ti, m.bs]))).toBe(JSON.stringify(after.map((m) => [m.id, m.scr, m.ti, m.bs])));
    // the bus sequence never went back nor repeated
    expect(seqs.every((s, i) => i === 0 || s > seqs[i - 1]!)).toBe(true);
    await off();
    b.watch();
    c.watch();
    await svcB.stop();
    await svcC.stop();
  });
});
