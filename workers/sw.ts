/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

// The app shell and its hashed assets, injected at build time by vite-plugin-pwa.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every client route (/tr/coupons ...) opens from the precached shell, online or not.
// The demo provider's game pages (in the game frame) are the provider's, never the app shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/ws\//, /^\/ekol\//, /^\/demo-provider\//] }));

// Language catalogs (/assets/messages-<hash>.js, one per language and area) are left out of the
// precache (vite.config.ts): those a player loads are kept as they load (hashed, so never stale).
const CATALOGS = 'catalogs';
const CATALOG_HREF = /href="(\/assets\/messages-[\w-]+\.js)"/g;
registerRoute(({ url, sameOrigin }) => sameOrigin && /^\/assets\/messages-[\w-]+\.js$/.test(url.pathname), new CacheFirst({ cacheName: CATALOGS }));
// The first visit fetched its language's catalog before this worker controlled the page: on install,
// keep any catalog an open page's HTML names; the page also names those it loaded (KEEP_CATALOGS below).
self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CATALOGS);
    for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
      try {
        const html = await (await fetch(client.url, { credentials: 'same-origin' })).text();
        await cache.addAll([...html.matchAll(CATALOG_HREF)].map((m) => m[1]!));
      } catch { /* offline, or not an app page: kept when next loaded */ }
    }
  })());
});

// The update prompt asks before a new version takes over. A page that loaded its catalogs before
// this worker controlled it names them (src/pwa/register.ts): kept like those loaded through it.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'KEEP_CATALOGS' && Array.isArray(data.urls)) {
    const urls = data.urls.filter((u): u is string => typeof u === 'string' && /^\/assets\/messages-[\w-]+\.js$/.test(u));
    event.waitUntil(caches.open(CATALOGS).then((cache) => cache.addAll(urls)).catch(() => undefined));
  }
});
