/**
 * The one live feed socket of the worker: opened while wanted (a betslip-related page or a slip
 * with selections), closed otherwise; after an unexpected close it reconnects after 1 s, up to 5
 * times, then stays offline until a manual retry (betting-core.md section 4). The reconnecting
 * socket under it (net/reconnecting-socket.ts) also drops a socket that fell silent and waits for
 * the network while the device is offline.
 */
import { FEED_HEARTBEAT_MS } from '../../../domain/match/live-timings.ts';
import {
  createReconnectingSocket, fixedRetry, type NetworkStatus, type ReconnectingSocket, type SocketState, type WsLike,
} from '../net/reconnecting-socket.ts';

/** The part of a browser WebSocket used here. */
export type SocketLike = WsLike;

export type FeedState = SocketState;

/** What the UI is told about the feed (the 'feed-status' event). */
export interface FeedStatusView {
  state: FeedState;
  /** Reconnect attempts made since the last open. */
  attempt: number;
  /** Live matches known (the feed's store, or the live list call before it syncs). */
  liveCount: number;
  /** Bumped whenever the set of live matches changes: the list screens ask for their rows again. */
  listVersion: number;
}

export const RECONNECT_DELAY_MS = 1000;
export const MAX_RECONNECTS = 5;
/**
 * A fresh server sends a frame or a heartbeat every second (FEED_HEARTBEAT_MS): this long without
 * one, the connection is taken for dead (a half-open TCP connection after a network switch, or a
 * process whose feed went stale) and a new one is made, maybe to a healthier process.
 */
export const FEED_SILENCE_MS = 15 * FEED_HEARTBEAT_MS;

export interface FeedSocketDeps {
  create(): SocketLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** The clock of the heartbeat; absent: a silent socket is kept. */
  now?(): number;
  network?: NetworkStatus;
  onOpen(): void;
  onMessage(data: unknown): void;
  onState(state: FeedState, attempt: number): void;
}

/** Opens (want), retries by hand after offline, sends when open (false otherwise: the request is re-sent on the next open). */
export type FeedSocket = Pick<ReconnectingSocket, 'want' | 'retry' | 'send' | 'state'>;

export function createFeedSocket(deps: FeedSocketDeps): FeedSocket {
  return createReconnectingSocket({
    create: deps.create,
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
    retry: fixedRetry(RECONNECT_DELAY_MS, MAX_RECONNECTS),
    binary: true,
    ...(deps.now ? { heartbeat: { silenceMs: FEED_SILENCE_MS, now: deps.now } } : {}),
    ...(deps.network ? { network: deps.network } : {}),
    onOpen: deps.onOpen,
    onMessage: deps.onMessage,
    onState: deps.onState,
  });
}
