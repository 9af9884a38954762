import { describe, expect, it } from 'vitest';
import { tennisGameWinner } from '../../domain/match/game-score.ts';
import type { FeedEvent } from './adapter.ts';
import { manualScheduler } from './clock.ts';
import { LiveState } from './live-state.ts';
import { FeedSimulator } from './simulator.ts';

const T0 = Date.UTC(2026, 0, 1, 18);

describe('feed simulator: the tennis game score', () => {
  it('plays tennis point by point: score events carry 0-4+ points, a won game resets them and adds a game', () => {
    const clock = manualScheduler(T0);
    // speed 5: at most one point a 1 s tick (points are 23 s or more apart), so each score event is one point
    const sim = new FeedSimulator({ clock, idBase: 1_000_000, seed: 11, liveCount: 3, sports: [5], speed: 5 });
    const events: FeedEvent[] = [];
    const state = new LiveState();
    state.reset(sim.current());
    sim.start((evs, at) => { events.push(...evs); state.apply(evs, at); });
    for (let i = 0; i < 2000; i++) { clock.advance(1000); sim.advanceTo(clock.now()); }

    const scores = events.filter((e): e is Extract<FeedEvent, { type: 'score' }> => e.type === 'score');
    expect(scores.length).toBeGreaterThan(50);
    // points within a game are sent, not only games
    expect(scores.some((e) => e.p && e.p.h + e.p.a > 0)).toBe(true);
    // the score sent is always of a game still going: a won game has already moved to the set score
    for (const e of scores) {
      const set = e.sscr![e.sscr!.length - 1]!;
      expect(tennisGameWinner(e.p!, set.h === 6 && set.a === 6)).toBeNull();
    }
    // a point that wins a game shows 0-0 with one more game in the set
    const byMatch = new Map<number, typeof scores>();
    for (const e of scores) byMatch.set(e.matchId, [...(byMatch.get(e.matchId) ?? []), e]);
    let gamesWon = 0;
    for (const list of byMatch.values()) {
      for (let i = 1; i < list.length; i++) {
        const games = (s: typeof list[number]) => s.sscr!.reduce((n, x) => n + x.h + x.a, 0);
        if (games(list[i]!) > games(list[i - 1]!)) {
          gamesWon++;
          expect(list[i]!.p).toEqual({ h: 0, a: 0 });
        }
      }
    }
    expect(gamesWon).toBeGreaterThan(5);
    // the live state keeps the game score for snapshots
    const live = state.snapshot().filter((m) => m.sid === 5);
    expect(live.length).toBeGreaterThan(0);
    for (const m of live) expect(m.p).toBeDefined();
    sim.stop();
  });
});
