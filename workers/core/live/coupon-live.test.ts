import { describe, expect, it } from 'vitest';
import { decodeClientMessage, encodeFrame } from '../../../domain/protocol/feed-codec.ts';
import { scoreChange, statusChange } from '../../../domain/protocol/feed.ts';
import type { ClientMessage, FeedFrame } from '../../../domain/protocol/feed.ts';
import { CoreDb } from '../cache/db.ts';
import { createContext } from '../context.ts';
import type { CoreEvent, SlipView } from '../events.ts';
import type { MatchPatch } from '../feed/diff.ts';
import { delta, match, snap } from '../feed/fixtures.test-util.ts';
import type { SocketLike } from './feed-socket.ts';
import { createLiveApi } from './live-api.ts';
import type { CoreTimers as LiveTimers } from '../timers.ts';

// Section 4: the feed opens on the coupon pages and while the slip holds any pick, and a coupon's
// live lines follow the feed's score, minute and status.

/** A socket the test drives: it records what the worker sent and delivers frames. */
class Socket implements SocketLike {
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

function setup() {
  const frames: Array<() => void> = [];
  // No timer fires in these tests: only animation frames, flushed by hand.
  const timers: LiveTimers = { setTimeout: () => 0, clearTimeout: () => undefined, every: () => () => undefined, frame: (fn) => { frames.push(fn); } };
  const sockets: Socket[] = [];
  const fetchStub: typeof fetch = async () => new Response(JSON.stringify({ status: false }), { headers: { 'content-type': 'application/json' } });
  const ctx = createContext({ fetch: fetchStub, db: new CoreDb(`coupon-live-${Math.random()}`), clock: () => 1_000_000, uuid: () => 'u' });
  const slip = { toggleOdd: async () => undefined, applyOddUpdates: async () => undefined, removeSelection: async () => undefined };
  const live = createLiveApi(ctx, { socket: () => { const s = new Socket(); sockets.push(s); return s; }, timers, slip });
  const patches: MatchPatch[] = [];
  ctx.listeners.add((e: CoreEvent) => { if (e.type === 'match-patch') patches.push(...e.payload); });
  const flush = () => { frames.splice(0).forEach((f) => f()); };
  const slipWith = (picks: Array<{ matchId: number; live: boolean }>) => ctx.emit({
    type: 'slip-changed',
    payload: { entries: picks.map((p, i) => ({ key: `k${i}`, selection: { matchId: p.matchId, live: p.live, oddsType: 1, outcomeId: 1, special: '', odd: 2000, locked: false, matchName: 'A - B' } })) } as unknown as SlipView,
  });
  return { live, sockets, patches, flush, slipWith };
}

describe('the feed and the coupon pages', () => {
  it('opens while the slip holds any pick, prematch ones too, and closes when it is empty', () => {
    const { live, sockets, slipWith } = setup();
    live.setLivePage('home');
    expect(sockets).toHaveLength(0);
    slipWith([{ matchId: 7, live: false }]);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.closed).toBe(false);
    // a second prematch pick: still open, no new socket
    slipWith([{ matchId: 7, live: false }, { matchId: 8, live: false }]);
    expect(sockets).toHaveLength(1);
    slipWith([]);
    expect(sockets[0]!.closed).toBe(true);
  });

  it('patches the coupon detail\'s live matches with score, minute and status, without odds', () => {
    const { live, sockets, patches, flush } = setup();
    live.setLivePage('CouponDetail');
    expect(sockets).toHaveLength(1);
    const ws = sockets[0]!;
    ws.onopen!();
    live.watchCouponMatches([2]);
    expect(ws.sent.at(-1)).toEqual({ op: 'sub', sports: [], matches: [2] });
    ws.deliver(snap(1, 1_000_000, [match(1), match(2)]));
    flush();
    const first = patches.filter((p) => p.id === 2);
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]!.m).toMatchObject({ scr: { h: 0, a: 0 }, ti: 10, ms: '1p' });
    expect(first.every((p) => Object.keys(p.g ?? {}).length === 0 && Object.keys(p.o ?? {}).length === 0)).toBe(true);
    expect(patches.some((p) => p.id === 1)).toBe(false);

    patches.length = 0;
    ws.deliver(delta(2, 1_000_000, [scoreChange(2, { h: 1, a: 0 }, [], { yh: 0, ya: 0, rh: 0, ra: 0 }, { h: 0, a: 0 }), statusChange(2, 'paused', 'started', 45, 1)]));
    ws.deliver(delta(3, 1_000_000, [scoreChange(1, { h: 3, a: 3 }, [], { yh: 0, ya: 0, rh: 0, ra: 0 }, { h: 0, a: 0 })]));
    flush();
    const m = Object.assign({}, ...patches.filter((p) => p.id === 2).map((p) => p.m));
    expect(m).toMatchObject({ scr: { h: 1, a: 0 }, ti: 45, ms: 'paused', status: 'HT' });
    expect(patches.some((p) => p.id === 1)).toBe(false);

    // leaving the coupon pages drops its matches and closes the feed
    live.setLivePage('home');
    expect(ws.closed).toBe(true);
    live.setLivePage('coupons');
    expect(sockets).toHaveLength(2);
    sockets[1]!.onopen!();
    expect(sockets[1]!.sent.at(-1)).toEqual({ op: 'sub', sports: [], matches: [] });
  });
});
