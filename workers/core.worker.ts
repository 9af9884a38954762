/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createCoreApi } from './core/api.ts';
import { CoreDb } from './core/cache/db.ts';
import { FEED_PROTOCOL_VERSION } from '../domain/protocol/feed.ts';
import type { NetworkStatus, WsLike } from './core/net/reconnecting-socket.ts';

// The worker file only wires the core to the browser: fetch, IndexedDB, the clock, the sockets, the network.
// Socket URLs follow the page's origin (ws: or wss:); the feed's version guards its wire format.
const wsUrl = (path: string) => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
// encoded requests are plain (non-shared) buffers: the cast only narrows send's parameter type
const socket = (path: string) => () => new WebSocket(wsUrl(path)) as unknown as WsLike;
const frame = (fn: () => void) => {
  const raf = (self as unknown as { requestAnimationFrame?: (cb: () => void) => number }).requestAnimationFrame;
  if (raf) raf(fn);
  else setTimeout(fn, 16);
};
const network: NetworkStatus = {
  online: () => navigator.onLine,
  watch(fn) {
    const up = () => fn(true);
    const down = () => fn(false);
    self.addEventListener('online', up);
    self.addEventListener('offline', down);
    return () => { self.removeEventListener('online', up); self.removeEventListener('offline', down); };
  },
};
const api = createCoreApi({
  fetch: (...a) => fetch(...a), db: new CoreDb(), clock: Date.now, uuid: () => crypto.randomUUID(),
  live: {
    socket: socket(`/ws/feed?v=${FEED_PROTOCOL_VERSION}`),
    siteSocket: socket('/ws/site'),
    jackpotSocket: socket('/ws/jackpot'),
    network,
    random: Math.random,
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as number),
      every: (ms, fn) => { const h = setInterval(fn, ms); return () => clearInterval(h); },
      frame,
    },
  },
});
expose(api);

export type { CoreApi } from './core/api.ts';
