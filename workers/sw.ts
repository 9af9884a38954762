/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

// The first visit's page is taken over as soon as this worker activates: without it that page stays
// uncontrolled until a reload, and going offline then lost the lazy screens the tab bar opens (the
// router reloads on a chunk that fails, and the browser showed its own offline page). An update
// still waits for the player (SKIP_WAITING below); the prompt reloads onto it.
clientsClaim();

// The app shell and its hashed assets, injected at build time by vite-plugin-pwa.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every client route (/tr/coupons ...) opens from the precached shell, online or not.
// The demo provider's game pages (in the game frame) are the provider's, never the app shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/ws\//, /^\/ekol\//, /^\/demo-provider\//] }));

// Language catalogs (/assets/messages-<hash>.js, one per language and area) are left out of the
// precache (vite.config.ts): those a player loads are kept as they load (hashed, so never stale).
const CATALOGS = 'catalogs';
const CATALOG_PATH = /^\/assets\/messages-[\w-]+\.js$/;
registerRoute(({ url, sameOrigin }) => sameOrigin && CATALOG_PATH.test(url.pathname), new CacheFirst({ cacheName: CATALOGS }));

// The update prompt asks before a new version takes over. The first visit loads its catalogs before
// this worker controls the page: the page names them (src/pwa/register.ts), so it starts offline.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'KEEP_CATALOGS' && Array.isArray(data.urls)) {
    const urls = data.urls.filter((u): u is string => typeof u === 'string' && CATALOG_PATH.test(u));
    event.waitUntil(caches.open(CATALOGS).then((cache) => cache.addAll(urls)).catch(() => undefined));
  }
});
