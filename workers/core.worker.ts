/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createCoreApi } from './core/api.ts';
import { CoreDb } from './core/cache/db.ts';
import { FEED_PROTOCOL_VERSION } from '../domain/protocol/feed.ts';
import type { SocketLike } from './core/live/feed-socket.ts';
import type { SiteSocketLike } from './core/account/site.ts';

// The worker file only wires the core to the browser: fetch, IndexedDB, the clock.
// The feed socket URL follows the page's origin (ws: or wss:); the version guards the wire format.
const feedUrl = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws/feed?v=${FEED_PROTOCOL_VERSION}`;
const frame = (fn: () => void) => {
  const raf = (self as unknown as { requestAnimationFrame?: (cb: () => void) => number }).requestAnimationFrame;
  if (raf) raf(fn);
  else setTimeout(fn, 16);
};
const api = createCoreApi({
  fetch: (...a) => fetch(...a), db: new CoreDb(), clock: Date.now, uuid: () => crypto.randomUUID(),
  live: {
    // encoded requests are plain (non-shared) buffers: the cast only narrows send's parameter type
    socket: () => new WebSocket(feedUrl()) as unknown as SocketLike,
    siteSocket: () => new WebSocket(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws/site`) as unknown as SiteSocketLike,
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
