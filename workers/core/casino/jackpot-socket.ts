/**
 * The jackpot socket of the worker (/ws/jackpot): JSON frames with the events data, winnercasino
 * and winnerlivecasino (account-platform.md section 7). Opened while a casino screen watches; after
 * an unexpected close it reconnects after 1 s times the attempt number, up to 10 retries
 * (sections 4 and 9), then stays offline until want() is asked again. Socket and timers are
 * injected so the rule is tested in virtual time.
 */

/** The part of a browser WebSocket used here (text frames only). */
export interface JackpotSocketLike {
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
}

import type { JackpotSocketEvent } from '../../../domain/casino/calls.ts';
import { jackpotReconnectDelay } from './contract-values.ts';

/** A frame of the socket, decoded; anything else is ignored. */
export type JackpotFrame = JackpotSocketEvent;

/** Decodes one text frame; null for a frame of an unknown event or one that is not JSON. */
export function decodeJackpotFrame(raw: unknown): JackpotFrame | null {
  if (typeof raw !== 'string') return null;
  let v: unknown;
  try { v = JSON.parse(raw); } catch { return null; }
  if (!v || typeof v !== 'object') return null;
  const f = v as { event?: unknown; data?: unknown; scale?: unknown };
  if (f.event === 'data' && f.data && typeof f.data === 'object') {
    return { event: 'data', data: f.data as Extract<JackpotFrame, { event: 'data' }>['data'], scale: typeof f.scale === 'number' ? f.scale : 10_000 };
  }
  if ((f.event === 'winnercasino' || f.event === 'winnerlivecasino') && f.data && typeof f.data === 'object') {
    return { event: f.event, data: f.data as Extract<JackpotFrame, { event: 'winnercasino' }>['data'] };
  }
  return null;
}

export type JackpotSocketState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline';

export interface JackpotSocketDeps {
  create(): JackpotSocketLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  onFrame(frame: JackpotFrame): void;
  onState?(state: JackpotSocketState, attempt: number): void;
}

export interface JackpotSocket {
  /** Opens (true) or closes (false); asking again after offline starts a fresh series of retries. */
  want(open: boolean): void;
  readonly state: JackpotSocketState;
  readonly attempt: number;
}

export function createJackpotSocket(deps: JackpotSocketDeps): JackpotSocket {
  let state: JackpotSocketState = 'idle';
  let wanted = false;
  let attempt = 0;
  let ws: JackpotSocketLike | null = null;
  let timer: unknown = null;

  const set = (s: JackpotSocketState) => {
    if (s === state) return;
    state = s;
    deps.onState?.(s, attempt);
  };
  const drop = () => {
    if (!ws) return;
    const old = ws;
    ws = null;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    try { old.close(); } catch { /* already closed */ }
  };
  const lost = () => {
    drop();
    if (!wanted) return set('idle');
    const delay = jackpotReconnectDelay(attempt + 1);
    if (delay === null) return set('offline');
    attempt += 1;
    set('reconnecting');
    timer = deps.setTimeout(() => { timer = null; open(); }, delay);
  };
  function open(): void {
    if (!wanted || ws) return;
    set('connecting');
    let sock: JackpotSocketLike;
    try { sock = deps.create(); } catch { lost(); return; }
    ws = sock;
    sock.onopen = () => { attempt = 0; set('open'); };
    sock.onmessage = (ev) => { const f = decodeJackpotFrame(ev.data); if (f) deps.onFrame(f); };
    // error is followed by close in browsers; both lead to one retry because drop() unhooks them
    sock.onclose = lost;
    sock.onerror = lost;
  }

  return {
    want(on) {
      wanted = on;
      if (on) {
        if (state === 'offline') attempt = 0;
        if (!ws && timer === null) open();
        return;
      }
      if (timer !== null) { deps.clearTimeout(timer); timer = null; }
      drop();
      attempt = 0;
      set('idle');
    },
    get state() { return state; },
    get attempt() { return attempt; },
  };
}
