import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { decodeClientMessage, encodeFrame } from '../../../domain/protocol/feed-codec.ts';
import { groupChange, marketsChange, oddChange, statusChange } from '../../../domain/protocol/feed.ts';
import type { ClientMessage, FeedFrame } from '../../../domain/protocol/feed.ts';
import { createCoreApi } from '../api.ts';
import { CoreDb } from '../cache/db.ts';
import type { CoreEvent, Notice, SlipView } from '../events.ts';
import type { MatchPatch } from '../feed/diff.ts';
import { delta, match, oddId, snap } from '../feed/fixtures.test-util.ts';
import { createFeedSocket, MAX_RECONNECTS } from './feed-socket.ts';
import type { FeedState, SocketLike } from './feed-socket.ts';
import type { CoreTimers as LiveTimers } from '../timers.ts';

/** Timers in virtual time, and animation frames flushed by hand. */
function virtualTimers() {
  let now = 1_000_000;
  let id = 0;
  const timers = new Map<number, { at: number; ms: number; fn: () => void; repeat: boolean }>();
  const frames: Array<() => void> = [];
  const t: LiveTimers & { now(): number; advance(ms: number): void; flushFrames(): void } = {
    now: () => now,
    setTimeout: (fn, ms) => { timers.set(++id, { at: now + ms, ms, fn, repeat: false }); return id; },
    clearTimeout: (h) => { timers.delete(h as number); },
    every: (ms, fn) => { const k = ++id; timers.set(k, { at: now + ms, ms, fn, repeat: true }); return () => timers.delete(k); },
    frame: (fn) => { frames.push(fn); },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, x]) => x.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [k, x] = due;
        now = x.at;
        if (x.repeat) x.at += x.ms;
        else timers.delete(k);
        x.fn();
      }
      now = end;
    },
    flushFrames() { frames.splice(0).forEach((f) => f()); },
  };
  return t;
}

/** A socket the test drives: it records what the worker sent and can deliver frames or drop. */
class FakeSocket implements SocketLike {
  binaryType = 'blob';
  sent: ClientMessage[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: Uint8Array) { this.sent.push(decodeClientMessage(data)!); }
  close() { this.closed = true; }
  deliver(f: FeedFrame) { const b = encodeFrame(f); this.onmessage?.({ data: b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) }); }
}

describe('feed socket', () => {
  it('reconnects after 1 s up to 5 times, then stays offline until a manual retry', () => {
    const t = virtualTimers();
    const sockets: FakeSocket[] = [];
    const states: FeedState[] = [];
    const s = createFeedSocket({
      create: () => { const x = new FakeSocket(); sockets.push(x); return x; },
      setTimeout: t.setTimeout, clearTimeout: t.clearTimeout, onOpen: () => undefined, onMessage: () => undefined,
      onState: (st) => states.push(st),
    });
    s.want(true);
    expect(sockets).toHaveLength(1);
    sockets[0]!.onopen!();
    expect(s.state).toBe('open');
    for (let i = 0; i < MAX_RECONNECTS; i++) {
      sockets.at(-1)!.onclose!();
      expect(s.state).toBe('reconnecting');
      t.advance(999);
      expect(sockets).toHaveLength(i + 1);
      t.advance(1);
      expect(sockets).toHaveLength(i + 2);
    }
    sockets.at(-1)!.onclose!();
    expect(s.state).toBe('offline');
    t.advance(10_000);
    expect(sockets).toHaveLength(MAX_RECONNECTS + 1);
    s.retry();
    expect(s.state).toBe('connecting');
    sockets.at(-1)!.onopen!();
    expect(s.state).toBe('open');
    s.want(false);
    expect(s.state).toBe('idle');
    expect(sockets.at(-1)!.closed).toBe(true);
  });
});

describe('live core', () => {
  async function setup(replies: Record<string, unknown> = {}, dbName = `live-${Math.random()}`) {
    const t = virtualTimers();
    const sockets: FakeSocket[] = [];
    const fetchStub: typeof fetch = async (input) => {
      const url = String(input);
      const own = Object.keys(replies).find((k) => url.endsWith(k));
      const body = own ? replies[own] : url.endsWith('/liveMatches')
        ? { status: true, data: { matches: [], sports: [{ sportId: 1, sportName: 'Futbol', liveCount: 2 }, { sportId: 5, sportName: 'Tenis', liveCount: 1 }], totalRows: 3 } }
        : url.endsWith('/userdata') || url.endsWith('/session') ? { status: false, login: false } : { status: false };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const api = createCoreApi({
      fetch: fetchStub, db: new CoreDb(dbName), clock: () => t.now(), uuid: () => 'u',
      live: { socket: () => { const x = new FakeSocket(); sockets.push(x); return x; }, timers: t },
    });
    const events: CoreEvent[] = [];
    api.subscribe((e) => events.push(e));
    await api.init('tr');
    const of = <K extends CoreEvent['type']>(k: K) => events.filter((e) => e.type === k).map((e) => e.payload) as Array<Extract<CoreEvent, { type: K }>['payload']>;
    return { api, t, sockets, events, of };
  }

  it('opens the feed on LiveBets, subscribes, lists, patches watched rows per frame and closes elsewhere', async () => {
    const { api, t, sockets, of } = await setup();
    api.setLivePage('home');
    expect(sockets).toHaveLength(0);
    api.setLivePage('livebets');
    expect(sockets).toHaveLength(1);
    const ws = sockets[0]!;
    ws.onopen!();
    expect(ws.sent.at(-1)).toEqual({ op: 'sub' });
    ws.deliver(snap(1, t.now(), [match(1), match(2), match(3, 5)]));
    const list = await api.liveList({ sid: 0, favorites: false, keyword: '', order: 'time', limit: 100 });
    expect(list.ids).toEqual([1, 2, 3]);
    expect(list.sports).toEqual([{ sid: 1, name: 'Futbol', count: 2 }, { sid: 5, name: 'Tenis', count: 1 }]);
    // a sport tab subscribes by sport only
    await api.liveList({ sid: 5, favorites: false, keyword: '', order: 'time', limit: 100 });
    expect(ws.sent.at(-1)).toEqual({ op: 'sub', sports: [5], matches: [] });
    expect((await api.liveList({ sid: 0, favorites: false, keyword: 'away 2', order: 'time', limit: 100 })).ids).toEqual([2]);

    api.watchLive([1]);
    t.flushFrames();
    const first = of('match-patch').flat();
    expect(first.map((p) => p.id)).toEqual([1]);
    // the row shows the main market only
    expect(Object.values(first[0]!.g!).map((g) => g.oddstype)).toEqual([1]);

    ws.deliver(delta(2, t.now(), [oddChange(1, 101, oddId(1, 1, 0), 2300, 1), oddChange(2, 201, oddId(2, 1, 0), 2300, 1)]));
    ws.deliver(delta(3, t.now(), [oddChange(1, 101, oddId(1, 1, 0), 2400, 1)]));
    const before = of('match-patch').length;
    t.flushFrames();
    const batches = of('match-patch').slice(before);
    // two frames, one delivery, only the watched match
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual([{ id: 1, o: { [oddId(1, 1, 0)]: { odd: 2400, text: '2.40', mv: 1 } } } satisfies MatchPatch]);
    // the arrow goes after 3 s
    t.advance(3000);
    t.flushFrames();
    expect(of('match-patch').at(-1)![0]!.o![oddId(1, 1, 0)]).toEqual({ mv: 0 });

    // a sequence gap asks for a resync and drops deltas until the snapshot
    ws.deliver(delta(9, t.now(), [oddChange(1, 101, oddId(1, 1, 0), 2500, 1)]));
    expect(ws.sent.at(-1)).toEqual({ op: 'resync' });

    api.setLivePage('home');
    expect(ws.closed).toBe(true);
    expect(of('feed-status').at(-1)!.state).toBe('idle');
  });

  it('data saver: drawn rows off screen are patched at most once a second, on-screen rows and slip picks every frame', async () => {
    const { api, t, sockets, of } = await setup();
    api.setLivePage('livebets');
    const ws = sockets[0]!;
    ws.onopen!();
    ws.deliver(snap(1, t.now(), [match(1), match(2), match(3)]));
    await api.liveList({ sid: 0, favorites: false, keyword: '', order: 'time', limit: 100 });
    api.watchLive([1, 2, 3]);
    api.showLive([1], true);
    t.advance(0);
    t.flushFrames();
    expect(new Set(of('match-patch').flat().map((p) => p.id))).toEqual(new Set([1, 2, 3]));
    // match 3 has a pick on the slip: never held
    await api.toggleLiveOdd(3, 301, oddId(3, 1, 0));
    const seq = { n: 1 };
    const ids = () => {
      const before = of('match-patch').length;
      return () => of('match-patch').slice(before).flat().map((p) => p.id);
    };
    const since = ids();
    const frames: number[][] = [];
    for (let i = 1; i <= 5; i++) {
      t.advance(100);
      const mark = ids();
      ws.deliver(delta(++seq.n, t.now(), [1, 2, 3].map((m) => oddChange(m, m * 100 + 1, oddId(m, 1, 0), 2000 + 10 * i, 1))));
      t.flushFrames();
      frames.push(mark());
    }
    // every frame: the visible row and the slip's match; the off-screen row once (its first change
    // after a quiet second goes at the next tick), then held
    expect(frames.every((f) => f.includes(1) && f.includes(3))).toBe(true);
    expect(frames.map((f) => f.includes(2))).toEqual([false, true, false, false, false]);
    t.advance(599);
    t.flushFrames();
    expect(since().filter((id) => id === 2)).toHaveLength(1);
    // a second after that delivery: the held changes in one patch with the latest price
    t.advance(1);
    t.flushFrames();
    expect(since().filter((id) => id === 2)).toHaveLength(2);
    expect(of('match-patch').at(-1)!.find((p) => p.id === 2)!.o![oddId(2, 1, 0)]).toMatchObject({ odd: 2050 });
    // scrolled into view: its held change goes at once; data saver off: nothing is held
    ws.deliver(delta(++seq.n, t.now(), [oddChange(2, 201, oddId(2, 1, 0), 2600, 1)]));
    api.showLive([2], false);
    t.flushFrames();
    expect(of('match-patch').at(-1)!.find((p) => p.id === 2)!.o![oddId(2, 1, 0)]).toMatchObject({ odd: 2600 });
    ws.deliver(delta(++seq.n, t.now(), [oddChange(1, 101, oddId(1, 1, 0), 2700, 1)]));
    t.flushFrames();
    expect(of('match-patch').at(-1)!.find((p) => p.id === 1)!.o![oddId(1, 1, 0)]).toMatchObject({ odd: 2700 });
  });

  it('slip entries follow the feed: odd moved, locked by a suspension, removed when the match ends', async () => {
    const { api, t, sockets, of } = await setup();
    api.setLivePage('livebets');
    const ws = sockets[0]!;
    ws.onopen!();
    ws.deliver(snap(1, t.now(), [match(1), match(2)]));
    await api.toggleLiveOdd(1, 101, oddId(1, 1, 0));
    await api.toggleLiveOdd(2, 201, oddId(2, 1, 2));
    const slip = () => of('slip-changed').at(-1) as SlipView;
    expect(slip().entries.map((e) => [e.selection.matchId, e.selection.live])).toEqual([[1, true], [2, true]]);
    // leaving LiveBets keeps the feed open for the slip's matches only
    api.setLivePage('home');
    expect(ws.closed).toBe(false);
    expect(ws.sent.at(-1)).toEqual({ op: 'sub', sports: [], matches: [1, 2] });

    ws.deliver(delta(2, t.now(), [oddChange(1, 101, oddId(1, 1, 0), 2050, 1)]));
    await new Promise((r) => setTimeout(r, 20));
    expect(slip().entries[0]!.selection.odd).toBe(2050);
    expect(slip().entries[0]!.selection.locked).toBe(false);

    ws.deliver(delta(3, t.now(), [groupChange(1, 101, 1, 1, 1)]));
    await new Promise((r) => setTimeout(r, 20));
    expect(slip().entries[0]!.selection.locked).toBe(true);

    ws.deliver(delta(4, t.now(), [statusChange(2, 'ended', 'stopped', 90, 2)]));
    await new Promise((r) => setTimeout(r, 20));
    expect(slip().entries.map((e) => e.selection.matchId)).toEqual([1]);
    // The UI words it in the player's language (notice-text.ts, key liveMatchRemoved).
    expect((of('notice') as Notice[]).some((n) => n.key === 'liveMatchRemoved' && String(n.args?.match).includes('Away 2'))).toBe(true);
  });

  it('keeps favourites in IndexedDB and lists only them when asked', async () => {
    const { api, t, sockets } = await setup();
    api.setLivePage('livebets');
    sockets[0]!.onopen!();
    sockets[0]!.deliver(snap(1, t.now(), [match(1), match(2)]));
    expect(await api.toggleLiveFavorite(2)).toBe(true);
    expect(await api.liveFavorites()).toEqual([2]);
    const fav = await api.liveList({ sid: 0, favorites: true, keyword: '', order: 'time', limit: 100 });
    expect(fav.ids).toEqual([2]);
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'sub', sports: [], matches: [2] });
  });

  it('offers the list view only with second_live_view 1 and remembers the choice in IndexedDB', async () => {
    const q = { sid: 0, favorites: false, keyword: '', order: 'time', limit: 100 } as const;
    const off = await setup({ '/api/settings': { status: true, settings: { second_live_view: 0 } } });
    expect(await off.api.liveList(q)).toMatchObject({ listViewToggle: false, compact: false });
    const dbName = `live-view-${Math.random()}`;
    const on = await setup({ '/api/settings': { status: true, settings: { second_live_view: 1 } } }, dbName);
    expect(await on.api.liveList(q)).toMatchObject({ listViewToggle: true, compact: false });
    await on.api.setLiveListView(true);
    expect((await on.api.liveList(q)).compact).toBe(true);
    // a new session of the app reads it back
    const again = await setup({ '/api/settings': { status: true, settings: { second_live_view: 1 } } }, dbName);
    expect((await again.api.liveList(q)).compact).toBe(true);
    // the setting turned off: the stored choice is not applied
    const later = await setup({ '/api/settings': { status: true, settings: { second_live_view: 0 } } }, dbName);
    expect((await later.api.liveList(q)).compact).toBe(false);
  });

  it('shows TV only for listed matches, and a login prompt to a visitor without asking for the stream', async () => {
    const { api } = await setup({ '/api/tvList': { status: true, data: { matchIds: [1] } }, '/api/tv': { status: true, videoId: 'x', url: '' } });
    expect(await api.liveTv(2)).toEqual({ state: 'none' });
    expect(await api.liveTv(1)).toEqual({ state: 'login' });
  });
});

describe('pre-match trading on the feed', () => {
  it("a pre-match pick and the open MatchDetail follow the markets trading publishes ('gs'), a suspension locks the pick", async () => {
    const t = virtualTimers();
    const sockets: FakeSocket[] = [];
    const ID = 77;
    const group = (odds: number[], active: 0 | 1 = 1) => ({
      oddsid: 7_700, oddstype: 1, typeName: 'Match result', nicename: 'Match result', special: '', active, iss: active ? 0 as const : 1 as const, isv: 1 as const,
      outcomes: odds.map((odd, i) => ({ oddid: 77_000 + i, outcomeid: i + 1, outcome: ['1', 'X', '2'][i]!, odd, special: '', active, iss: 0 as const, isv: 1 as const })),
    });
    const detail = {
      status: true, results: [group([2_000, 3_200, 3_500])],
      match: { id: ID, matchDate: '2026-06-02T18:00:00Z', homeTeam: 'Home', awayTeam: 'Away', homeTeamId: 1, awayTeamId: 2, oddCount: 3, categoryId: 1, categoryName: 'C', categoryFlag: '',
        sportId: 1, sportName: 'Futbol', tournamentId: 1, tournamentName: 'L', liveActive: 0, minTip: 1, iss: 0, isv: 1, matchstatus: 'not_started', betstatus: 'started' },
    };
    const fetchStub: typeof fetch = async (input) => {
      const url = String(input);
      const body = url.endsWith('/odds') ? detail : url.endsWith('/liveMatches') ? { status: true, data: { matches: [], sports: [], totalRows: 0 } } : { status: false, login: false };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const api = createCoreApi({
      fetch: fetchStub, db: new CoreDb(`prematch-${Math.random()}`), clock: () => t.now(), uuid: () => 'u',
      live: { socket: () => { const x = new FakeSocket(); sockets.push(x); return x; }, timers: t },
    });
    const events: CoreEvent[] = [];
    api.subscribe((e) => events.push(e));
    await api.init('tr');
    api.setLivePage('matchdetail');
    expect(await api.matchDetail(ID, 'network')).toMatchObject({ state: 'ok' });
    api.watchPreMatch(ID);
    await api.toggleOdd(ID, 7_700, 77_000);
    const ws = sockets[0]!;
    ws.onopen!();
    expect(ws.sent.at(-1)).toEqual({ op: 'sub', sports: [], matches: [ID] });
    ws.deliver(snap(1, t.now(), []));
    const slip = () => (events.filter((e) => e.type === 'slip-changed').at(-1)!.payload as SlipView).entries[0]!.selection;
    const changed = () => events.filter((e) => e.type === 'prematch-changed').map((e) => e.payload);
    ws.deliver(delta(2, t.now(), [marketsChange(ID, [group([2_250, 3_200, 3_500])])]));
    await vi.waitFor(() => expect(slip()).toMatchObject({ odd: 2_250, locked: false }));
    expect(changed()).toEqual([{ id: ID, rev: 1 }]);
    // the whole match suspended: every outcome inactive, the pick locked
    ws.deliver(delta(3, t.now(), [statusChange(ID, 'not_started', 'stopped', 0, 0), marketsChange(ID, [group([2_250, 3_200, 3_500], 0)])]));
    await vi.waitFor(() => expect(slip()).toMatchObject({ odd: 2_250, locked: true }));
    expect(changed()).toHaveLength(2);
  });
});

describe('live odd types per sport', () => {
  it('groups of a type the sport does not show live never reach the store: their odds cannot be picked', async () => {
    const t = virtualTimers();
    const sockets: FakeSocket[] = [];
    const fetchStub: typeof fetch = async (input) => {
      const url = String(input);
      const body = url.endsWith('/liveOddTypes') ? { status: true, sports: { 1: [18] } }
        : url.endsWith('/liveMatches') ? { status: true, data: { matches: [], sports: [{ sportId: 1, sportName: 'Futbol', liveCount: 1 }], totalRows: 1 } } : { status: false, login: false };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const api = createCoreApi({
      fetch: fetchStub, db: new CoreDb(`livetypes-${Math.random()}`), clock: () => t.now(), uuid: () => 'u',
      live: { socket: () => { const x = new FakeSocket(); sockets.push(x); return x; }, timers: t },
    });
    const events: CoreEvent[] = [];
    api.subscribe((e) => events.push(e));
    await api.init('tr');
    api.setLivePage('livebets');
    // the live odd types are asked when the feed is wanted; their answer comes before the snapshot
    await new Promise((r) => setTimeout(r, 20));
    const ws = sockets[0]!;
    ws.onopen!();
    ws.deliver(snap(1, t.now(), [match(1)]));
    const entries = () => ((events.filter((e) => e.type === 'slip-changed').at(-1)?.payload as SlipView | undefined)?.entries ?? []).length;
    await api.toggleLiveOdd(1, 100 + 1, oddId(1, 1, 0));
    expect(entries()).toBe(0);
    await api.toggleLiveOdd(1, 100 + 18, oddId(1, 18, 0));
    await vi.waitFor(() => expect(entries()).toBe(1));
  });
});
