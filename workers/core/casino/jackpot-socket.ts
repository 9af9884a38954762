/**
 * The jackpot socket of the worker (/ws/jackpot): JSON frames with the events data, winnercasino
 * and winnerlivecasino (account-platform.md section 7). Opened while a casino screen watches; after
 * an unexpected close it reconnects after 1 s times the attempt number, up to 10 retries
 * (sections 4 and 9), then stays offline until want() is asked again. The reconnecting socket under
 * it (net/reconnecting-socket.ts) also drops a socket that fell silent and waits for the network
 * while the device is offline.
 */
import type { JackpotSocketEvent } from '../../../domain/casino/calls.ts';
import { createReconnectingSocket, type NetworkStatus, type SocketState, type WsLike } from '../net/reconnecting-socket.ts';
import { jackpotReconnectDelay } from './contract-values.ts';

/** The part of a browser WebSocket used here (text frames only). */
export type JackpotSocketLike = WsLike;

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

export type JackpotSocketState = SocketState;

/** The server pushes the tiers every 5 s: four pushes missed, the connection is taken for dead. */
export const JACKPOT_SILENCE_MS = 20_000;

export interface JackpotSocketDeps {
  create(): JackpotSocketLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** The clock of the heartbeat; absent: a silent socket is kept. */
  now?(): number;
  network?: NetworkStatus;
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
  const socket = createReconnectingSocket({
    create: deps.create,
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
    retry: jackpotReconnectDelay,
    ...(deps.now ? { heartbeat: { silenceMs: JACKPOT_SILENCE_MS, now: deps.now } } : {}),
    ...(deps.network ? { network: deps.network } : {}),
    onMessage: (data) => { const f = decodeJackpotFrame(data); if (f) deps.onFrame(f); },
    ...(deps.onState ? { onState: deps.onState } : {}),
  });
  return {
    want(on) {
      if (on && socket.state === 'offline') socket.retry();
      else socket.want(on);
    },
    get state() { return socket.state; },
    get attempt() { return socket.attempt; },
  };
}
