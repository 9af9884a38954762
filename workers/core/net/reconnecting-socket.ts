/**
 * The one reconnecting websocket of the worker, under the feed, the jackpot and the site push: it
 * connects while wanted, waits between attempts as its retry rule says (each socket's own: the spec
 * fixes the feed's and the jackpot's), counts a socket that fell silent past its heartbeat as lost,
 * and neither spends attempts nor waits while the device is offline: it reconnects at once when the
 * network comes back. The WebSocket, the timers, the clock and the network state are injected, so
 * every rule runs in virtual time in tests.
 */

/** The part of a browser WebSocket the worker uses. */
export interface WsLike {
  /** Set to 'arraybuffer' for a binary socket. */
  binaryType?: string;
  send?(data: Uint8Array | string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
}

/** Whether the device has a network, and its changes (the worker's navigator.onLine and online/offline events). */
export interface NetworkStatus {
  online(): boolean;
  /** Calls `fn` on every change; returns the stop. */
  watch(fn: (online: boolean) => void): () => void;
}

export type SocketState =
  /** Not wanted: no socket. */
  | 'idle'
  | 'connecting'
  | 'open'
  /** Lost; the next attempt is scheduled. */
  | 'reconnecting'
  /** Gave up after the attempts its rule allows, or the device is offline; waits for retry() or the network. */
  | 'offline';

/** The wait before reconnect attempt `attempt` (1 the first after a loss), null to give up. */
export type RetryDelay = (attempt: number) => number | null;

/** The same wait before each attempt, up to `maxAttempts`. */
export const fixedRetry = (ms: number, maxAttempts: number): RetryDelay => (attempt) => (attempt <= maxAttempts ? ms : null);

/**
 * Exponential backoff: `firstMs` doubling up to `maxMs`, without end unless `maxAttempts`. With
 * `random` (0 <= r < 1) each wait is shortened by up to `jitter` of itself (default half), so apps
 * cut off together by a server restart do not all come back in the same second.
 */
export function exponentialRetry(o: { firstMs: number; maxMs: number; maxAttempts?: number; jitter?: number; random?: () => number }): RetryDelay {
  return (attempt) => {
    if (o.maxAttempts !== undefined && attempt > o.maxAttempts) return null;
    const ms = Math.min(o.maxMs, o.firstMs * 2 ** Math.max(0, attempt - 1));
    return o.random ? Math.round(ms * (1 - (o.jitter ?? 0.5) * o.random())) : ms;
  };
}

export interface ReconnectingSocketDeps {
  create(): WsLike;
  setTimeout(fn: () => void, ms: number): unknown;
  /** Absent: a cancelled wait still fires and finds nothing to do. */
  clearTimeout?(handle: unknown): void;
  retry: RetryDelay;
  /** Binary frames arrive as ArrayBuffer. */
  binary?: boolean;
  /**
   * A server that speaks at least this often: an open socket that heard nothing for `silenceMs`
   * (checked every quarter of it on `now`) is closed and counts as lost. The next socket then counts
   * as an attempt until it has talked for a whole `silenceMs` (a server that answers and falls silent
   * again, as the feed does while its own source is stale, uses up the attempts instead of being
   * asked again forever). Absent: none.
   */
  heartbeat?: { silenceMs: number; now(): number };
  network?: NetworkStatus;
  onOpen?(): void;
  onMessage?(data: unknown): void;
  /** Every change of the state or of the attempt number. */
  onState?(state: SocketState, attempt: number): void;
}

export interface ReconnectingSocket {
  /** Opens (true) or closes (false). Wanting an offline socket again leaves it offline: see retry(). */
  want(open: boolean): void;
  /** Connects now with a fresh series of attempts (the manual retry). */
  retry(): void;
  /** Sends when open; false otherwise. */
  send(data: Uint8Array | string): boolean;
  readonly state: SocketState;
  /** Reconnect attempts since the last open. */
  readonly attempt: number;
}

interface Token { handle: unknown }

export function createReconnectingSocket(deps: ReconnectingSocketDeps): ReconnectingSocket {
  let state: SocketState = 'idle';
  let wanted = false;
  let attempt = 0;
  let ws: WsLike | null = null;
  // The pending reconnect wait and heartbeat check, each with a token: a wait that could not be
  // cleared (no clearTimeout) finds its token stale and does nothing.
  let wait: Token | null = null;
  let beat: Token | null = null;
  let heardAt = 0;
  // After a loss by silence: the open socket has not yet talked for a whole silence period (since openedAt).
  let proving = false;
  let openedAt = 0;
  let unwatch: (() => void) | null = null;

  const set = (s: SocketState) => {
    if (s === state) return;
    state = s;
    deps.onState?.(s, attempt);
  };
  const later = (fn: (token: Token) => void, ms: number): Token => {
    const token: Token = { handle: null };
    token.handle = deps.setTimeout(() => fn(token), ms);
    return token;
  };
  const stopWait = () => { if (wait) deps.clearTimeout?.(wait.handle); wait = null; };
  const stopBeat = () => { if (beat) deps.clearTimeout?.(beat.handle); beat = null; };
  const offline = () => deps.network !== undefined && !deps.network.online();
  const watchNetwork = () => { if (deps.network && !unwatch) unwatch = deps.network.watch(onNetwork); };

  /** Unhooks and closes the current socket: a late error or close of it is not a second loss. */
  const drop = () => {
    stopBeat();
    if (!ws) return;
    const old = ws;
    ws = null;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    try { old.close(); } catch { /* already closed */ }
  };

  function lost(): void {
    drop();
    if (!wanted) return set('idle');
    if (offline()) return set('offline');
    const delay = deps.retry(attempt + 1);
    if (delay === null) return set('offline');
    attempt++;
    set('reconnecting');
    wait = later((token) => {
      if (wait !== token) return;
      wait = null;
      if (wanted && state === 'reconnecting') connect();
    }, delay);
  }

  /** Checks every quarter of the silence limit that the server spoke within it. */
  function listen(): void {
    const { silenceMs, now } = deps.heartbeat!;
    heardAt = openedAt = now();
    const check = (token: Token) => {
      if (beat !== token) return;
      if (now() - heardAt >= silenceMs) { proving = true; lost(); return; }
      if (proving && now() - openedAt >= silenceMs) {
        proving = false;
        attempt = 0;
        deps.onState?.(state, 0);
      }
      beat = later(check, silenceMs / 4);
    };
    beat = later(check, silenceMs / 4);
  }

  /** A new socket; `force` tries even when the device says it is offline (the player asked). */
  function connect(force = false): void {
    drop();
    stopWait();
    if (!force && offline()) return set('offline');
    set('connecting');
    let s: WsLike;
    try { s = deps.create(); } catch { lost(); return; }
    ws = s;
    if (deps.binary) s.binaryType = 'arraybuffer';
    s.onopen = () => {
      if (!proving) attempt = 0;
      set('open');
      if (deps.heartbeat) listen();
      deps.onOpen?.();
    };
    s.onmessage = (ev) => {
      if (deps.heartbeat) heardAt = deps.heartbeat.now();
      deps.onMessage?.(ev.data);
    };
    // a browser sends error then close: one loss, as drop() unhooks the second
    s.onclose = lost;
    s.onerror = lost;
  }

  function onNetwork(up: boolean): void {
    if (!wanted) return;
    if (!up) {
      // the socket is dead or about to be: no attempts are spent until the network is back
      if (state !== 'offline') { stopWait(); drop(); set('offline'); }
      return;
    }
    if (state === 'offline' || state === 'reconnecting') { attempt = 0; proving = false; connect(); }
  }

  return {
    get state() { return state; },
    get attempt() { return attempt; },
    want(open) {
      wanted = open;
      if (open) {
        watchNetwork();
        if (state === 'idle') { attempt = 0; proving = false; connect(); }
        return;
      }
      unwatch?.();
      unwatch = null;
      stopWait();
      drop();
      attempt = 0;
      proving = false;
      set('idle');
    },
    retry() {
      wanted = true;
      watchNetwork();
      attempt = 0;
      proving = false;
      connect(true);
    },
    send(data) {
      if (!ws || state !== 'open' || !ws.send) return false;
      ws.send(data);
      return true;
    },
  };
}
