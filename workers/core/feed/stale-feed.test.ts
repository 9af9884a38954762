/**
 * A stale feed as the player sees it (issue 19): the server process whose feed went quiet sends
 * its live matches as bet status stopped through the ordinary delta path, the worker's store and
 * view show every outcome locked, and the next frame opens them again, with no code of its own
 * on the worker side. Server live state and hub, worker store and view, wired by the real codec.
 */
import { describe, expect, it } from 'vitest';
import { LiveState } from '../../../server/feed/live-state.ts';
import { FeedHub } from '../../../server/feed/hub.ts';
import { manualScheduler } from '../../../server/feed/clock.ts';
import { watchFeedFreshness } from '../../../server/feed/service.ts';
import { fixtureMatch } from '../../../server/feed/test-fixtures.ts';
import { decodeFeedMessage } from './decode.ts';
import { outcomeView } from './diff.ts';
import { applyFrame, createOddsStore } from './odds-store.ts';

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
    expect(store.seq).toBe(2);
    expect(views().every((v) => !v.open && v.locked)).toBe(true);

    hub.publish(state.markFeed(clock.now()), clock.now());
    expect(views().every((v) => v.open && !v.locked)).toBe(true);
    stop();
  });
});
