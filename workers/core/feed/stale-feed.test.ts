/**
 * A stale feed as the player sees it: the server process whose feed went quiet sends
 * its live matches as bet status stopped through the ordinary delta path, the worker's store and
 * view show every outcome locked, and the next frame opens them again, with no code of its own
 * on the worker side. And a socket that falls silent while the server sends heartbeats (the
 * server process froze, the network stalls) locks them on the client by the same rule.
 * Server live state and hub, worker store and view, wired by the real codec.
 */
import { describe, expect, it } from 'vitest';
import { LiveState } from '../../../server/feed/live-state.ts';
import { FeedHub } from '../../../server/feed/hub.ts';
import { manualScheduler } from '../../../server/feed/clock.ts';
import { watchFeedFreshness } from '../../../server/feed/service.ts';
import { fixtureMatch } from '../../../server/feed/test-fixtures.ts';
import { decodeFeedMessage } from './decode.ts';
import { outcomeView } from './diff.ts';
import { applyFrame, createOddsStore, createTouched } from './odds-store.ts';
import { silenceSweep } from './sweeps.ts';

const T0 = Date.UTC(2026, 0, 1, 18);

describe('a stale feed on the worker', () => {
  it('shows every outcome of a suspended process locked, and open again after the next frame', () => {
    const clock = manualScheduler(T0);
    const state = new LiveState({ clock });
    const hub = new FeedHub({ state, clock });
    state.reset([fixtureMatch(1, 1, T0), fixtureMatch(2, 2, T0)]);
    state.markFeed(clock.now());
    const store = createOddsStore();
    const conn = hub.connect({ send: (b) => { applyFrame(store, decodeFeedMessage(b), clock.now()); }, buffered: () => 0, close: () => undefined });
    conn.receive({ op: 'sub' });
    const stop = watchFeedFreshness(state, hub, clock);
    const views = () => [...store.outcomes.values()].map((o) => outcomeView(store.matches.get(o.m)!, store.groups.get(o.g)!, o, clock.now(), {}));
    expect(views().length).toBeGreaterThan(4);
    expect(views().every((v) => v.open && !v.locked)).toBe(true);

    clock.advance(5_000);
    expect(views().every((v) => !v.open && v.locked)).toBe(true);

    hub.publish(state.markFeed(clock.now()), clock.now());
    expect(views().every((v) => v.open && !v.locked)).toBe(true);
    stop();
  });

  it('a silent socket after heartbeats locks the live markets on the client; the next frame opens them', () => {
    const clock = manualScheduler(T0);
    const state = new LiveState({ clock });
    const hub = new FeedHub({ state, clock });
    state.reset([fixtureMatch(1, 1, T0), { ...fixtureMatch(2, 1, T0), bs: 'stopped' }]);
    state.markFeed(clock.now());
    const store = createOddsStore();
    let connected = true;
    const conn = hub.connect({ send: (b) => { if (connected) applyFrame(store, decodeFeedMessage(b), clock.now()); }, buffered: () => 0, close: () => undefined });
    conn.receive({ op: 'sub' });
    const stop = watchFeedFreshness(state, hub, clock);
    // the leader's heartbeats keep the process fresh; its hub passes them on to the quiet socket
    const beat = clock.every(1000, () => { hub.publish(state.markFeed(clock.now()), clock.now()); });
    const views = () => [...store.outcomes.values()].filter((o) => o.m === 1).map((o) => outcomeView(store.matches.get(o.m)!, store.groups.get(o.g)!, o, clock.now(), {}));
    const sweep = () => silenceSweep(store, clock.now(), createTouched());
    clock.advance(3000);
    expect(store.heartbeats).toBe(true);
    expect(store.seq).toBeGreaterThanOrEqual(3);
    expect(sweep()).toEqual([]);

    // the socket goes silent (nothing reaches the client any more)
    connected = false;
    clock.advance(4000);
    expect(sweep()).toEqual([]);
    clock.advance(1000);
    // only the match taking bets is stopped, and only once
    expect(sweep()).toEqual([1]);
    expect(sweep()).toEqual([]);
    expect(views().every((v) => v.locked && !v.open)).toBe(true);
    expect(store.matches.get(2)!.bs).toBe('stopped');

    // frames again (the socket came back: a resync snapshot): open, match 2 still stopped
    connected = true;
    conn.receive({ op: 'resync' });
    expect(views().every((v) => v.open && !v.locked)).toBe(true);
    expect(store.matches.get(2)!.bs).toBe('stopped');
    expect(store.silenced.size).toBe(0);
    beat();
    stop();
  });

  it('a server without heartbeats never arms the client rule (a quiet subscription is not a dead feed)', () => {
    const store = createOddsStore();
    const clock = manualScheduler(T0);
    const state = new LiveState();
    const hub = new FeedHub({ state, clock });
    state.reset([fixtureMatch(1, 1, T0)]);
    hub.connect({ send: (b) => { applyFrame(store, decodeFeedMessage(b), clock.now()); }, buffered: () => 0, close: () => undefined }).receive({ op: 'sub' });
    clock.advance(60_000);
    expect(silenceSweep(store, clock.now(), createTouched())).toEqual([]);
    expect(store.matches.get(1)!.bs).toBe('started');
  });
});
