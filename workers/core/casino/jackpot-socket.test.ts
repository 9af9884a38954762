import { describe, expect, it } from 'vitest';
import { JACKPOT_RECONNECT } from '../../../domain/casino/calls.ts';
import { virtualTimers } from '../net/virtual-timers.test-util.ts';
import { createJackpotSocket, decodeJackpotFrame, type JackpotFrame, type JackpotSocketLike } from './jackpot-socket.ts';

/** Virtual timers and fake sockets: the reconnect rule runs without waiting. */
function harness() {
  const time = virtualTimers();
  const sockets: Array<JackpotSocketLike & { closed: boolean }> = [];
  const frames: JackpotFrame[] = [];
  const opens: number[] = [];
  const s = createJackpotSocket({
    create: () => {
      opens.push(time.now());
      const sock = { closed: false, onopen: null, onmessage: null, onclose: null, onerror: null, close() { this.closed = true; } } as JackpotSocketLike & { closed: boolean };
      sockets.push(sock);
      return sock;
    },
    setTimeout: time.setTimeout,
    clearTimeout: time.clearTimeout,
    onFrame: (f) => frames.push(f),
  });
  const last = () => sockets[sockets.length - 1]!;
  return { s, sockets, frames, opens, advance: time.advance, last, pending: time.pending, now: time.now };
}

describe('jackpot socket', () => {
  it('waits 1 s times the attempt number between retries, up to 10, then stays offline', () => {
    const h = harness();
    h.s.want(true);
    expect(h.opens).toEqual([0]);
    // every attempt fails at once
    const closedAt: number[] = [];
    for (let i = 0; i < 20; i++) {
      const sock = h.last();
      if (sock.onclose) { closedAt.push(h.now()); sock.onclose(); }
      h.advance(60_000);
    }
    const gaps = h.opens.slice(1).map((t, i) => t - closedAt[i]!);
    expect(gaps).toEqual(Array.from({ length: JACKPOT_RECONNECT.maxAttempts }, (_, i) => (i + 1) * 1000));
    expect(gaps[0]).toBe(1000);
    expect(gaps[9]).toBe(10_000);
    expect(h.s.state).toBe('offline');
    expect(h.pending()).toBe(0);
  });

  it('a successful open resets the count; an error then a close count as one loss', () => {
    const h = harness();
    h.s.want(true);
    h.last().onerror?.();
    h.last().onclose?.(); // unhooked already: no second retry
    expect(h.pending()).toBe(1);
    h.advance(1000);
    h.last().onopen?.();
    expect(h.s.state).toBe('open');
    expect(h.s.attempt).toBe(0);
    h.last().onclose?.();
    h.advance(999);
    expect(h.opens.length).toBe(2);
    h.advance(1);
    expect(h.opens.length).toBe(3);
  });

  it('closing stops retries; wanting again after offline starts afresh', () => {
    const h = harness();
    h.s.want(true);
    h.last().onclose?.();
    h.s.want(false);
    h.advance(60_000);
    expect(h.opens.length).toBe(1);
    expect(h.s.state).toBe('idle');
    h.s.want(true);
    expect(h.opens.length).toBe(2);
  });

  it('decodes data and winner events and hands them on', () => {
    const h = harness();
    h.s.want(true);
    h.last().onmessage?.({ data: JSON.stringify({ event: 'data', data: { casino: {} }, scale: 10_000 }) });
    h.last().onmessage?.({ data: JSON.stringify({ event: 'winnercasino', data: { player: 'a***', amount: 100, currency: 'TRY', game: 'Fruits', date: '2026-11-24T03:00:00Z', img: '', serviceId: 1, masterServiceId: 5 } }) });
    h.last().onmessage?.({ data: 'nonsense' });
    h.last().onmessage?.({ data: JSON.stringify({ event: 'other' }) });
    expect(h.frames.map((f) => f.event)).toEqual(['data', 'winnercasino']);
    expect(decodeJackpotFrame(JSON.stringify({ event: 'winnerlivecasino', data: {} }))?.event).toBe('winnerlivecasino');
  });
});
