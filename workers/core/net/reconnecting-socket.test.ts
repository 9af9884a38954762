import { describe, expect, it } from 'vitest';
import {
  createReconnectingSocket, exponentialRetry, fixedRetry, type NetworkStatus, type ReconnectingSocketDeps, type SocketState, type WsLike,
} from './reconnecting-socket.ts';
import { virtualTimers } from './virtual-timers.test-util.ts';

class FakeSocket implements WsLike {
  binaryType = 'blob';
  closed = false;
  sent: Array<Uint8Array | string> = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: Uint8Array | string) { this.sent.push(data); }
  close() { this.closed = true; }
}

/** Virtual time, fake sockets and a network switch the test flips. */
function harness(opts: Partial<ReconnectingSocketDeps> = {}) {
  const time = virtualTimers();
  const sockets: FakeSocket[] = [];
  const opened: number[] = [];
  const states: Array<[SocketState, number]> = [];
  const messages: unknown[] = [];
  let online = true;
  const watchers = new Set<(up: boolean) => void>();
  const network: NetworkStatus = { online: () => online, watch: (fn) => { watchers.add(fn); return () => watchers.delete(fn); } };
  const s = createReconnectingSocket({
    create: () => { const x = new FakeSocket(); sockets.push(x); opened.push(time.now()); return x; },
    setTimeout: time.setTimeout,
    clearTimeout: time.clearTimeout,
    retry: fixedRetry(1000, 3),
    onMessage: (d) => messages.push(d),
    onState: (st, a) => states.push([st, a]),
    network,
    ...opts,
  });
  const setOnline = (up: boolean) => { online = up; for (const w of [...watchers]) w(up); };
  const last = () => sockets.at(-1)!;
  return { s, sockets, opened, states, messages, advance: time.advance, setOnline, last, pending: time.pending, now: time.now, watchers };
}

describe('reconnecting socket', () => {
  it('reconnects after each drop by its rule, gives up past it, and a manual retry starts afresh', () => {
    const h = harness();
    h.s.want(true);
    expect(h.s.state).toBe('connecting');
    h.last().onopen!();
    expect(h.s.state).toBe('open');
    for (let i = 1; i <= 3; i++) {
      h.last().onclose!();
      expect([h.s.state, h.s.attempt]).toEqual(['reconnecting', i]);
      h.advance(999);
      expect(h.sockets).toHaveLength(i);
      h.advance(1);
      expect(h.sockets).toHaveLength(i + 1);
    }
    h.last().onclose!();
    expect(h.s.state).toBe('offline');
    h.advance(60_000);
    expect(h.sockets).toHaveLength(4);
    // wanting it again does not restart a socket that gave up; retry() does
    h.s.want(true);
    expect(h.sockets).toHaveLength(4);
    h.s.retry();
    expect([h.s.state, h.s.attempt]).toEqual(['connecting', 0]);
    h.last().onopen!();
    expect(h.states.slice(-2)).toEqual([['connecting', 0], ['open', 0]]);
  });

  it('an open resets the attempts; an error then a close are one loss; closing cancels the wait', () => {
    const h = harness();
    h.s.want(true);
    h.last().onerror!();
    expect(h.last().closed).toBe(true);
    expect(h.last().onclose).toBeNull();
    expect(h.pending()).toBe(1);
    h.advance(1000);
    h.last().onclose!();
    expect(h.s.attempt).toBe(2);
    h.advance(1000);
    h.last().onopen!();
    expect(h.s.attempt).toBe(0);
    h.last().onclose!();
    expect(h.s.attempt).toBe(1);
    h.s.want(false);
    expect([h.s.state, h.pending()]).toEqual(['idle', 0]);
    h.advance(10_000);
    expect(h.sockets).toHaveLength(3);
  });

  it('sends only while open, and binary sockets get array buffers', () => {
    const h = harness({ binary: true });
    h.s.want(true);
    expect(h.last().binaryType).toBe('arraybuffer');
    expect(h.s.send('x')).toBe(false);
    h.last().onopen!();
    expect(h.s.send('y')).toBe(true);
    h.last().onmessage!({ data: 'z' });
    expect([h.last().sent, h.messages]).toEqual([['y'], ['z']]);
  });

  it('backs off exponentially up to the cap, each wait shortened at random by up to half', () => {
    const plain = exponentialRetry({ firstMs: 1000, maxMs: 30_000 });
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(plain)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(exponentialRetry({ firstMs: 1000, maxMs: 30_000, maxAttempts: 2 })(3)).toBeNull();
    const draws = [0, 0.5, 0.999];
    const jittered = exponentialRetry({ firstMs: 1000, maxMs: 30_000, random: () => draws.shift()! });
    expect([jittered(1), jittered(3), jittered(9)]).toEqual([1000, 3000, 15_015]);

    // on the socket: the waits between a never-opening server's refusals
    let r = 0.25;
    const h = harness({ retry: exponentialRetry({ firstMs: 1000, maxMs: 8000, random: () => r }) });
    h.s.want(true);
    const closedAt: number[] = [];
    for (let i = 0; i < 6; i++) {
      closedAt.push(h.now());
      h.last().onclose!();
      h.advance(60_000);
    }
    expect(h.opened.slice(1).map((t, i) => t - closedAt[i]!)).toEqual([875, 1750, 3500, 7000, 7000, 7000]);
    r = 0;
    h.last().onopen!();
    closedAt.push(h.now());
    h.last().onclose!();
    h.advance(60_000);
    expect(h.opened.at(-1)! - closedAt.at(-1)!).toBe(1000);
  });

  it('a socket silent past its heartbeat is dropped and reconnected; a talking one is kept', () => {
    let clock = 0;
    const h = harness({ heartbeat: { silenceMs: 8000, now: () => clock } });
    const tick = (ms: number) => { for (let i = 0; i < ms / 500; i++) { h.advance(500); clock = h.now(); } };
    h.s.want(true);
    // no heartbeat before the socket opens: the connect timeout is the browser's
    tick(30_000);
    expect(h.sockets).toHaveLength(1);
    h.last().onopen!();
    for (let i = 0; i < 10; i++) { tick(4000); h.last().onmessage!({ data: 'beat' }); }
    expect([h.sockets.length, h.s.state]).toEqual([1, 'open']);
    // silence: lost between 8 s and 10 s after the last word, then the usual 1 s wait
    tick(7500);
    expect(h.s.state).toBe('open');
    tick(2500);
    expect(h.s.state).toBe('reconnecting');
    expect(h.sockets[0]!.closed).toBe(true);
    tick(1000);
    expect(h.sockets).toHaveLength(2);
    h.s.want(false);
    expect(h.pending()).toBe(0);
  });

  it('a server that answers and falls silent each time uses up the attempts; talking for a whole period clears them', () => {
    let clock = 0;
    const h = harness({ heartbeat: { silenceMs: 8000, now: () => clock } });
    const tick = (ms: number) => { for (let i = 0; i < ms / 500; i++) { h.advance(500); clock = h.now(); } };
    h.s.want(true);
    h.last().onopen!();
    // a snapshot at each open, then nothing: three silent reconnects (the rule's three), then offline
    for (let i = 1; i <= 3; i++) {
      h.last().onmessage!({ data: 'snapshot' });
      tick(11_000);
      expect([h.sockets.length, h.s.attempt]).toEqual([i + 1, i]);
      h.last().onopen!();
      expect(h.s.attempt).toBe(i);
    }
    h.last().onmessage!({ data: 'snapshot' });
    tick(11_000);
    expect([h.s.state, h.sockets.length]).toEqual(['offline', 4]);

    // after a retry, one silence; the next socket keeps talking: its attempt is cleared after 8 s of it
    h.s.retry();
    h.last().onopen!();
    tick(11_000);
    expect(h.s.attempt).toBe(1);
    h.last().onopen!();
    for (let i = 0; i < 4; i++) { tick(2000); h.last().onmessage!({ data: 'beat' }); }
    tick(2000);
    expect([h.s.state, h.s.attempt]).toEqual(['open', 0]);
    expect(h.states.at(-1)).toEqual(['open', 0]);
  });

  it('going offline drops the socket without spending attempts; the network back reconnects at once', () => {
    const h = harness();
    h.s.want(true);
    h.last().onopen!();
    h.setOnline(false);
    expect([h.s.state, h.s.attempt, h.last().closed, h.pending()]).toEqual(['offline', 0, true, 0]);
    h.advance(120_000);
    expect(h.sockets).toHaveLength(1);
    h.setOnline(true);
    expect(h.s.state).toBe('connecting');
    expect(h.sockets).toHaveLength(2);
    h.last().onopen!();

    // lost while the device knows it is offline: no attempt is scheduled
    h.setOnline(false);
    h.setOnline(true);
    h.last().onopen!();
    h.last().onclose!();
    expect(h.s.state).toBe('reconnecting');
    h.setOnline(false);
    expect([h.s.state, h.pending()]).toEqual(['offline', 0]);
    h.setOnline(true);
    expect([h.s.state, h.sockets.length]).toEqual(['connecting', 4]);

    // a socket that gave up while the network looked fine gets a fresh series when it comes back
    for (let i = 0; i < 4; i++) { h.last().onclose!(); h.advance(1000); }
    expect(h.s.state).toBe('offline');
    h.setOnline(false);
    h.setOnline(true);
    expect([h.s.state, h.s.attempt]).toEqual(['connecting', 0]);
  });

  it('wanted while offline it waits for the network; not wanted it stops listening to it', () => {
    const h = harness();
    h.setOnline(false);
    h.s.want(true);
    expect([h.s.state, h.sockets.length]).toEqual(['offline', 0]);
    // the player's retry tries even so
    h.s.retry();
    expect(h.sockets).toHaveLength(1);
    h.last().onclose!();
    expect([h.s.state, h.pending()]).toEqual(['offline', 0]);
    h.setOnline(true);
    expect(h.sockets).toHaveLength(2);
    h.s.want(false);
    expect(h.watchers.size).toBe(0);
    h.setOnline(false);
    h.setOnline(true);
    expect([h.s.state, h.sockets.length]).toEqual(['idle', 2]);
  });

  it('works with timers that cannot be cleared: a stale wait does nothing', () => {
    const waits: Array<() => void> = [];
    const sockets: FakeSocket[] = [];
    const s = createReconnectingSocket({
      create: () => { const x = new FakeSocket(); sockets.push(x); return x; },
      setTimeout: (fn) => { waits.push(fn); return 0; },
      retry: fixedRetry(1000, 5),
    });
    s.want(true);
    sockets[0]!.onclose!();
    s.want(false);
    s.want(true);
    expect(sockets).toHaveLength(2);
    waits[0]!();
    expect(sockets).toHaveLength(2);
  });
});
