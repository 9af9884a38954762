import { describe, expect, it } from 'vitest';
import { STALE_LIVE_MS } from '../../domain/match/live-timings.ts';
import type { FeedChange, FeedResult } from '../../domain/protocol/feed.ts';
import type { FeedEvent } from './adapter.ts';
import { LiveState } from './live-state.ts';
import { fixtureMatch } from './test-fixtures.ts';

const T = 1_000_000;

function withMatches(...ids: [number, number][]) {
  const state = new LiveState();
  const events: FeedEvent[] = ids.flatMap(([id, sid]) => {
    const m = fixtureMatch(id, sid, T);
    return [{ type: 'fixture', match: { ...m, odds: [] } }, { type: 'markets', matchId: id, groups: m.odds }] as FeedEvent[];
  });
  const changes = state.apply(events, T);
  return { state, changes };
}

describe('live state', () => {
  it('builds matches from fixture and markets events', () => {
    const { state, changes } = withMatches([1, 1], [2, 5]);
    expect(changes.map((c) => c.k)).toEqual(['a', 'gs', 'a', 'gs']);
    expect(state.getMatch(1)?.odds).toHaveLength(4);
    expect(state.listMatches().map((m) => m.id)).toEqual([1, 2]);
    expect(state.listMatches({ sports: [5] }).map((m) => m.id)).toEqual([2]);
    expect(state.listMatches({ matches: [1] }).map((m) => m.id)).toEqual([1]);
    expect(state.listMatches({ sports: [5], matches: [1] }).map((m) => m.id)).toEqual([1, 2]);
    const odd = state.currentOdd(1, 1, 1, '');
    expect(odd).toMatchObject({ odd: 2100, open: true, locked: false, betstatus: 'started' });
    expect(state.currentOdd(1, 1, 1, 'x')).toBeUndefined();
  });

  it('returns copies, not the held objects', () => {
    const { state } = withMatches([1, 1]);
    state.getMatch(1)!.odds[0]!.outcomes[0]!.odd = 99_000;
    expect(state.currentOdd(1, 1, 1, '')!.odd).toBe(2100);
  });

  it('turns odds events into changes, skipping what did not change', () => {
    const { state } = withMatches([1, 1]);
    const g = state.getMatch(1)!.odds[0]!;
    const changes = state.apply([{ type: 'odds', matchId: 1, odds: [
      { oddsid: g.oddsid, oddid: g.outcomes[0]!.oddid, odd: 2050, active: 1 },
      { oddsid: g.oddsid, oddid: g.outcomes[1]!.oddid, odd: 3300, active: 1 },
      { oddsid: g.oddsid, oddid: 424242, odd: 3300, active: 1 },
    ] }], T + 1);
    expect(changes).toEqual([{ k: 'o', m: 1, g: g.oddsid, o: g.outcomes[0]!.oddid, v: 2050, ac: 1 }]);
    expect(state.currentOdd(1, 1, 1, '')!.odd).toBe(2050);
    expect(state.getMatch(1)!.u).toBe(T + 1);
  });

  it('closes a group as inactive, suspended and not visible, and locks its selections', () => {
    const { state } = withMatches([1, 1]);
    const g = state.getMatch(1)!.odds[1]!;
    const [c] = state.apply([{ type: 'market-status', matchId: 1, oddsid: g.oddsid, active: 0, iss: 0, isv: 1 }], T);
    expect(c).toEqual({ k: 'g', m: 1, g: g.oddsid, ac: 0, iss: 1, isv: 0 });
    expect(state.currentOdd(1, 18, 12, '2.5')).toMatchObject({ open: false, locked: true });
  });

  it('locks every selection when bets stop, and fills partial status events', () => {
    const { state } = withMatches([1, 1]);
    const changes = state.apply([{ type: 'status', matchId: 1, bs: 'stopped' }], T);
    expect(changes).toEqual([{ k: 's', m: 1, ms: '1p', bs: 'stopped', ti: 10, pe: 1, tie: 0, tiee: 0 }]);
    expect(state.currentOdd(1, 1, 1, '')).toMatchObject({ open: false, locked: true });
    expect(state.apply([{ type: 'status', matchId: 1, bs: 'stopped' }], T)).toEqual([]);
  });

  it('moves the specials of 7 and 8 on a football score change', () => {
    const { state } = withMatches([1, 1]);
    state.apply([{ type: 'score', matchId: 1, scr: { h: 1, a: 0 } }], T);
    expect(state.currentOdd(1, 7, 1, '0:0')).toBeUndefined();
    expect(state.currentOdd(1, 7, 1, '1:0')).toMatchObject({ special: '1:0' });
    expect(state.currentOdd(1, 8, 6, '2')).toBeDefined();
    expect(state.getMatch(1)!.odds.find((g) => g.oddstype === 8)!.nicename).toBe('Next goal (2)');
  });

  it('drops ended matches from lists and removes them', () => {
    const { state } = withMatches([1, 1], [2, 5]);
    state.apply([{ type: 'status', matchId: 2, ms: 'ended', bs: 'stopped' }], T);
    expect(state.listMatches().map((m) => m.id)).toEqual([1]);
    expect(state.listMatches({ includeEnded: true }).map((m) => m.id)).toEqual([1, 2]);
    expect(state.currentOdd(2, 186, 4, '')).toMatchObject({ open: false, locked: true });
    const changes = state.apply([{ type: 'removed', matchId: 2 }], T);
    expect(changes).toEqual([{ k: 'r', m: 2, sid: 5 }]);
    expect(state.getMatch(2)).toBeUndefined();
    expect(state.sportOf(2)).toBeUndefined();
  });

  it('keeps results and tells listeners', () => {
    const { state } = withMatches([1, 1]);
    const seen: FeedResult[] = [];
    state.onResult((r) => seen.push(r));
    const result: FeedResult = {
      matchId: 1, sid: 1, at: T, periods: [], result: { ft: { h: 1, a: 0 }, ht: { h: 0, a: 0 }, status: 'ended' },
    };
    expect(state.apply([{ type: 'result', result }], T)).toEqual([]);
    expect(seen).toEqual([result]);
    expect(state.getResult(1)).toEqual(result);
  });

  it('stops bets on a live match silent for 300 s unless paused', () => {
    const { state } = withMatches([1, 1], [2, 1], [3, 1]);
    state.apply([{ type: 'status', matchId: 2, ms: 'paused' }], T);
    state.apply([{ type: 'status', matchId: 3, ti: 11 }], T + 100_000);
    expect(state.sweepStale(T + STALE_LIVE_MS - 1)).toEqual([]);
    const changes = state.sweepStale(T + STALE_LIVE_MS);
    expect(changes).toEqual([{ k: 's', m: 1, ms: '1p', bs: 'stopped', ti: 10, pe: 1, tie: 0, tiee: 0 }]);
    expect(state.sweepStale(T + STALE_LIVE_MS + 200_000).map((c) => (c.k === 's' ? c.m : 0))).toEqual([3]);
  });

  it('a follower applying the wire changes holds the same state', () => {
    const leader = new LiveState();
    const follower = new LiveState();
    const feed = (events: FeedEvent[], at: number) => follower.applyChanges(leader.apply(events, at), at);
    const m = fixtureMatch(1, 1, T);
    feed([{ type: 'fixture', match: m }], T);
    const g = m.odds[0]!;
    feed([
      { type: 'odds', matchId: 1, odds: [{ oddsid: g.oddsid, oddid: g.outcomes[2]!.oddid, odd: 4000, active: 1 }] },
      { type: 'score', matchId: 1, scr: { h: 0, a: 1 } },
      { type: 'status', matchId: 1, ms: '2p', ti: 46, pe: 2 },
      { type: 'market-status', matchId: 1, oddsid: m.odds[1]!.oddsid, active: 1, iss: 1, isv: 1 },
    ], T + 5);
    expect(follower.listMatches()).toEqual(leader.listMatches());
    const changes: FeedChange[] = leader.apply([{ type: 'removed', matchId: 1 }], T + 6);
    follower.applyChanges(changes, T + 6);
    expect(follower.size).toBe(0);
  });
});
