import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../domain/protocol/feed-codec.ts';
import type { FeedFrame } from '../../domain/protocol/feed.ts';
import type { FeedEvent } from './adapter.ts';
import { manualScheduler } from './clock.ts';
import { FeedHub } from './hub.ts';
import type { FeedSink } from './hub.ts';
import { LiveState } from './live-state.ts';
import { fixtureMatch } from './test-fixtures.ts';

function setup() {
  const clock = manualScheduler(5_000);
  const state = new LiveState();
  const hub = new FeedHub({ state, clock, maxBuffered: 1000 });
  const push = (events: FeedEvent[]) => hub.publish(state.apply(events, clock.now()), clock.now());
  push([1, 2].map((id) => ({ type: 'fixture' as const, match: fixtureMatch(id, 1) })));
  push([{ type: 'fixture', match: fixtureMatch(3, 5) }]);
  const client = () => {
    const frames: FeedFrame[] = [];
    let backlog = 0;
    let closed: [number, string] | null = null;
    const sink: FeedSink = {
      send: (b) => frames.push(decodeFrame(b)),
      buffered: () => backlog,
      close: (code, reason) => {
        closed = [code, reason];
      },
    };
    const conn = hub.connect(sink);
    return {
      conn, frames,
      setBacklog: (n: number) => {
        backlog = n;
      },
      closed: () => closed,
      last: () => frames[frames.length - 1]!,
    };
  };
  const odd = (id: number, v: number): FeedEvent => {
    const g = fixtureMatch(id, id === 3 ? 5 : 1).odds[0]!;
    return { type: 'odds', matchId: id, odds: [{ oddsid: g.oddsid, oddid: g.outcomes[0]!.oddid, odd: v, active: 1 }] };
  };
  return { hub, state, clock, push, client, odd };
}

const ids = (f: FeedFrame) => (f.kind === 'snapshot' ? f.matches.map((m) => m.id) : f.changes.map((c) => (c.k === 'a' ? c.match.id : c.m)));

describe('feed hub', () => {
  it('sends nothing before a subscription', () => {
    const { client, push, odd } = setup();
    const c = client();
    push([odd(1, 2500)]);
    expect(c.frames).toEqual([]);
  });

  it('snapshots then filters deltas by sport, with a per-connection sequence', () => {
    const { client, push, odd } = setup();
    const football = client();
    const tennis = client();
    football.conn.receive({ op: 'sub', sports: [1] });
    tennis.conn.receive({ op: 'sub', sports: [5] });
    expect(football.last()).toMatchObject({ kind: 'snapshot', seq: 1 });
    expect(ids(football.last())).toEqual([1, 2]);
    expect(ids(tennis.last())).toEqual([3]);
    push([odd(1, 2500), odd(3, 1650)]);
    push([odd(2, 2600)]);
    expect(football.frames.map((f) => f.seq)).toEqual([1, 2, 3]);
    expect(ids(football.frames[1]!)).toEqual([1]);
    expect(ids(football.frames[2]!)).toEqual([2]);
    expect(tennis.frames.map((f) => f.seq)).toEqual([1, 2]);
    expect(ids(tennis.frames[1]!)).toEqual([3]);
  });

  it('filters by match ids, routes added and removed matches, and serves everything to a bare sub', () => {
    const { client, push, odd } = setup();
    const one = client();
    const all = client();
    one.conn.receive({ op: 'sub', matches: [2] });
    all.conn.receive({ op: 'sub' });
    expect(ids(one.last())).toEqual([2]);
    expect(ids(all.last())).toEqual([1, 2, 3]);
    push([odd(1, 2500), odd(2, 2700)]);
    expect(ids(one.last())).toEqual([2]);
    push([{ type: 'fixture', match: fixtureMatch(4, 1) }, { type: 'removed', matchId: 2 }]);
    expect(one.last()).toMatchObject({ kind: 'delta', changes: [{ k: 'r', m: 2, sid: 1 }] });
    expect(ids(all.last())).toEqual([4, 2]);
  });

  it('answers a resync with a fresh snapshot of the current state', () => {
    const { client, push, odd } = setup();
    const c = client();
    c.conn.receive({ op: 'sub', matches: [1] });
    push([odd(1, 2500)]);
    c.conn.receive({ op: 'resync' });
    const snap = c.last();
    expect(snap).toMatchObject({ kind: 'snapshot', seq: 3 });
    expect(snap.kind === 'snapshot' && snap.matches[0]!.odds[0]!.outcomes[0]!.odd).toBe(2500);
  });

  it('drops deltas to a backed-up socket so the client sees a gap and resyncs', () => {
    const { hub, client, push, odd } = setup();
    const c = client();
    c.conn.receive({ op: 'sub', sports: [1] });
    c.setBacklog(5000);
    push([odd(1, 2500)]);
    c.setBacklog(0);
    push([odd(1, 2600)]);
    expect(c.frames.map((f) => f.seq)).toEqual([1, 3]);
    expect(hub.dropped).toBe(1);
    c.conn.receive({ op: 'resync' });
    expect(c.last()).toMatchObject({ kind: 'snapshot', seq: 4 });
  });

  it('refuses oversized subscriptions and forgets closed connections', () => {
    const { hub, client } = setup();
    const c = client();
    c.conn.receive({ op: 'sub', matches: Array.from({ length: 1001 }, (_, i) => i) });
    expect(c.closed()?.[0]).toBe(1008);
    expect(hub.size).toBe(1);
    c.conn.close();
    expect(hub.size).toBe(0);
  });

  it('encodes a snapshot once per subscription until the state changes', () => {
    const { hub, client, push, odd, state } = setup();
    const sent: Uint8Array[] = [];
    const sink = { send: (b: Uint8Array) => sent.push(b), buffered: () => 0, close: () => undefined };
    hub.connect(sink).receive({ op: 'sub', sports: [1] });
    hub.connect(sink).receive({ op: 'sub', sports: [1] });
    expect(sent[1]).toBe(sent[0]);
    push([odd(1, 2600)]);
    const late = client();
    late.conn.receive({ op: 'sub', sports: [1] });
    const snap = late.last();
    // the new state, not the cached one
    expect(snap.kind === 'snapshot' && snap.matches.find((m) => m.id === 1)!.odds[0]!.outcomes[0]!.odd).toBe(state.getMatch(1)!.odds[0]!.outcomes[0]!.odd);
    expect(state.getMatch(1)!.odds[0]!.outcomes[0]!.odd).toBe(2600);
  });
});
