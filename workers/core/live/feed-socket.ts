/**
 * The one live feed socket of the worker: opened while wanted (a betslip-related page or a slip
 * with selections), closed otherwise; after an unexpected close it reconnects after 1 s, up to 5
 * times, then stays offline until a manual retry (betting-core.md section 4). The socket and the
 * timers are injected so the state machine is tested in virtual time.
 */

/** The part of a browser WebSocket used here. */
export interface SocketLike {
  binaryType: string;
  send(data: Uint8Array): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
}

export type FeedState =
  /** Not wanted: no socket. */
  | 'idle'
  | 'connecting'
  | 'open'
  /** Lost; the next attempt is scheduled. */
  | 'reconnecting'
  /** Gave up after the attempts; waits for retry(). */
  | 'offline';

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

export interface FeedSocketDeps {
  create(): SocketLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  onOpen(): void;
  onMessage(data: unknown): void;
  onState(state: FeedState, attempt: number): void;
}

export interface FeedSocket {
  /** Opens (true) or closes (false) the socket; an offline socket stays offline until retry(). */
  want(open: boolean): void;
  /** The manual retry after offline. */
  retry(): void;
  /** Sends when open; returns false otherwise (the request is re-sent on the next open). */
  send(bytes: Uint8Array): boolean;
  readonly state: FeedState;
}

export function createFeedSocket(deps: FeedSocketDeps): FeedSocket {
  let state: FeedState = 'idle';
  let wanted = false;
  let attempt = 0;
  let ws: SocketLike | null = null;
  let timer: unknown = null;

  const set = (s: FeedState) => {
    if (s === state) return;
    state = s;
    deps.onState(s, attempt);
  };

  const drop = () => {
    if (!ws) return;
    const old = ws;
    ws = null;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    try {
      old.close();
    } catch {
      // already closed
    }
  };

  const lost = () => {
    drop();
    if (!wanted) return set('idle');
    if (attempt >= MAX_RECONNECTS) return set('offline');
    attempt++;
    state = 'reconnecting';
    deps.onState(state, attempt);
    timer = deps.setTimeout(() => {
      timer = null;
      if (wanted) connect();
    }, RECONNECT_DELAY_MS);
  };

  function connect(): void {
    drop();
    set('connecting');
    let s: SocketLike;
    try {
      s = deps.create();
    } catch {
      lost();
      return;
    }
    ws = s;
    s.binaryType = 'arraybuffer';
    s.onopen = () => {
      attempt = 0;
      set('open');
      deps.onOpen();
    };
    s.onmessage = (ev) => deps.onMessage(ev.data);
    s.onclose = () => lost();
    s.onerror = () => lost();
  }

  return {
    get state() {
      return state;
    },
    want(open) {
      wanted = open;
      if (open) {
        if (state === 'idle') {
          attempt = 0;
          connect();
        }
        return;
      }
      if (timer !== null) deps.clearTimeout(timer);
      timer = null;
      drop();
      attempt = 0;
      set('idle');
    },
    retry() {
      if (timer !== null) deps.clearTimeout(timer);
      timer = null;
      attempt = 0;
      wanted = true;
      connect();
    },
    send(bytes) {
      if (!ws || state !== 'open') return false;
      ws.send(bytes);
      return true;
    },
  };
}
