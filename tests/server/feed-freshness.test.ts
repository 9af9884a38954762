/**
 * Never a bet on a stale price: the freshness rule (domain/match/live-timings.ts), the
 * live state's suspension when its feed goes quiet (shown locked through the hub's ordinary
 * deltas, reopened by the next frame), the leader's heartbeats, and createCoupon refusing a live
 * tip while the feed is stale, on every driver. Virtual time throughout.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FEED_STALE_MS, isFeedFresh } from '../../domain/match/live-timings.ts';
import { LiveState } from '../../server/feed/live-state.ts';
import { FeedHub, type FeedSink } from '../../server/feed/hub.ts';
import { manualScheduler } from '../../server/feed/clock.ts';
import { createMemoryBus } from '../../server/feed/bus.ts';
import { startFeedService, watchFeedFreshness } from '../../server/feed/service.ts';
import { FeedSimulator } from '../../server/feed/simulator.ts';
import { fixtureMatch } from '../../server/feed/test-fixtures.ts';
import { decodeFrame, encodeFrame } from '../../domain/protocol/feed-codec.ts';
import { deltaFrame, type FeedFrame, type StatusChange } from '../../domain/protocol/feed.ts';
import { drivers, useHarness, SEED_NOW } from './harness.ts';

const T0 = Date.UTC(2026, 0, 1, 18);

describe('the freshness rule', () => {
  it('is fresh strictly under the limit, never heard is stale', () => {
    expect(FEED_STALE_MS).toBe(5000);
    expect(isFeedFresh(1000, 1000 + 4999)).toBe(true);
    expect(isFeedFresh(1000, 1000 + 5000)).toBe(false);
    expect(isFeedFresh(1000, 3000, 2000)).toBe(false);
    expect(isFeedFresh(-Infinity, 0)).toBe(false);
  });
});

/** A hub connection recording the frames it gets. */
function recorder(hub: FeedHub) {
  const frames: FeedFrame[] = [];
  const sink: FeedSink = { send: (b) => frames.push(decodeFrame(b)), buffered: () => 0, close: () => undefined };
  const conn = hub.connect(sink);
  conn.receive({ op: 'sub' });
  return frames;
}

describe('a live state whose feed goes quiet', () => {
  it('suspends every open match after the limit, shows it through the hub, and reopens on the next frame', () => {
    const clock = manualScheduler(T0);
    const state = new LiveState({ clock, staleMs: 3000 });
    const hub = new FeedHub({ state, clock });
    state.reset([fixtureMatch(1, 1, T0), { ...fixtureMatch(2, 1, T0), bs: 'stopped' }]);
    state.markFeed(clock.now());
    const frames = recorder(hub);
    const stop = watchFeedFreshness(state, hub, clock);
    const odd = () => state.currentOdd(1, 1, 1, '')!;
    expect(odd()).toMatchObject({ open: true, locked: false, betstatus: 'started' });

    clock.advance(2999);
    expect(odd().open).toBe(true);
    clock.advance(1);
    // the price is refused at once, before the periodic check has published anything
    expect(odd()).toMatchObject({ open: false, locked: true, betstatus: 'stopped' });
    clock.advance(250);
    // (empty deltas are the hub's heartbeats while the feed was fresh)
    const changed = () => frames.filter((f) => f.kind === 'delta' && f.changes.length);
    const suspended = changed().flatMap((f) => (f.kind === 'delta' ? f.changes : []));
    // only the match that was taking bets is shown stopped
    expect(suspended).toEqual([expect.objectContaining({ k: 's', m: 1, bs: 'stopped' })]);
    expect(state.getMatch(1)!.bs).toBe('stopped');
    expect(state.shownSnapshot().find((m) => m.id === 1)!.bs).toBe('stopped');
    // published once, not on every check, and no heartbeats while stale
    const sent = frames.length;
    clock.advance(2000);
    expect(changed()).toHaveLength(1);
    expect(frames.length).toBe(sent);

    const reopen = state.markFeed(clock.now());
    expect(reopen).toEqual([expect.objectContaining({ k: 's', m: 1, bs: 'started' }) as StatusChange]);
    expect(odd()).toMatchObject({ open: true, locked: false, betstatus: 'started' });
    expect(state.getMatch(2)!.bs).toBe('stopped');
    stop();
  });

  it('a state without a clock (tests of the pure state) is always fresh', () => {
    const state = new LiveState();
    state.reset([fixtureMatch(1, 1, T0)]);
    expect(state.isFresh()).toBe(true);
    expect(state.currentOdd(1, 1, 1, '')!.open).toBe(true);
  });
});

describe('heartbeats', () => {
  it('the leader sends a frame every second when nothing moves, and a follower stays fresh on them alone', async () => {
    const clock = manualScheduler(T0);
    const bus = createMemoryBus();
    const lState = new LiveState({ clock });
    // a provider with no events at all: only heartbeats keep the feed alive
    const sim = new FeedSimulator({ seed: 1, clock, scheduler: clock, liveCount: 0, idBase: 5_000 });
    const leader = await startFeedService({ state: lState, hub: new FeedHub({ state: lState, clock }), bus, scheduler: clock, adapter: sim });
    const fState = new LiveState({ clock });
    const follower = await startFeedService({ state: fState, hub: new FeedHub({ state: fState, clock }), bus, scheduler: clock });
    const frames: number[] = [];
    const off = await bus.subscribe((b) => frames.push(decodeFrame(b).seq));
    clock.advance(10_000);
    expect(frames.length).toBeGreaterThanOrEqual(9);
    expect(frames.every((s, i) => i === 0 || s === frames[i - 1]! + 1)).toBe(true);
    expect(fState.isFresh()).toBe(true);
    expect(lState.isFresh()).toBe(true);
    // the leader stops: the follower's feed goes stale after the limit
    await leader.stop();
    clock.advance(FEED_STALE_MS);
    expect(fState.isFresh()).toBe(false);
    // a frame from anywhere revives it
    await bus.publish(encodeFrame(deltaFrame(follower.seq() + 1, clock.now(), [])));
    expect(fState.isFresh()).toBe(true);
    await off();
    await follower.stop();
  });
});

const DRIVERS = await drivers();

describe.each(DRIVERS)('createCoupon on a stale feed on %s', (driver) => {
  const h = useHarness(driver);
  const LIVE_ID = 9_100_001;
  const clock = manualScheduler(SEED_NOW);
  let state: LiveState;
  let app: FastifyInstance;
  const body = (odd = 2_100) => ({
    lang: 'tr', ticketType: 'TK', oddChangeOk: false, systemTickets: [], totalStake: 1_000, ticketStake: 1_000,
    tips: [{ mid: LIVE_ID, oddTypeId: 1, ttype: 'L', odd, banko: false, sid: 1, ktip: { outcomeid: 1, special: '' } }],
  });
  const send = (cookie: string) => app.inject({ method: 'POST', url: '/api/createCoupon', headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(body()) });

  beforeAll(async () => {
    state = new LiveState({ clock });
    state.reset([fixtureMatch(LIVE_ID, 1, SEED_NOW - 20 * 60_000)]);
    app = await h.buildApp({ live: state });
  });

  it('refuses a live tip once the feed is older than the limit, with the spec reply, and takes it after the next frame', async () => {
    const u = await h.player('stale', 100_000);
    state.markFeed(clock.now());
    clock.advance(FEED_STALE_MS);
    const refused = await send(u.cookie);
    expect(refused.statusCode).toBe(422);
    const name = `${fixtureMatch(LIVE_ID, 1, 0).h} - ${fixtureMatch(LIVE_ID, 1, 0).a}`;
    expect(refused.json()).toMatchObject({ status: false, msg: `${name} için bahisler geçici olarak kapalı`, error: 'betsClosed' });
    const [{ n }] = await h.db.query<{ n: number }>('select count(*)::int as n from coupons c join coupon_tips t on t.coupon_id = c.id where t.match_id = $1', [LIVE_ID]) as [{ n: number }];
    expect(n).toBe(0);
    state.markFeed(clock.now());
    const placed = await send(u.cookie);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ status: true });
  });
});
