import { proxy, useSnapshot } from 'valtio';
import { bootShellGone } from '../ui/boot-shell.ts';

/** How long after its frame the first page keeps the network to itself. */
const FIRST_SCREEN_MS = 2_000;

/** Service worker state for the update prompt and the offline banner. */
export const pwaStore = proxy({ needRefresh: false, offline: typeof navigator !== 'undefined' && !navigator.onLine });
let update: ((reload?: boolean) => Promise<void>) | undefined;

/** Registers the Workbox service worker (workbox-window inside); a new version waits for the player. */
export function registerServiceWorker(): void {
  addEventListener('online', () => { pwaStore.offline = false; });
  addEventListener('offline', () => { pwaStore.offline = true; });
  if (!('serviceWorker' in navigator)) return;
  // Workbox's window part, and the precache behind it, wait for the first page: the page has loaded,
  // the app has drawn its frame, then a while (that page's calls and images) and an idle moment. On
  // a slow link they would otherwise share it with the first screen (the load event alone comes
  // before the page's data).
  const go = () => void import('virtual:pwa-register').then(({ registerSW }) => {
    update = registerSW({ onNeedRefresh: () => { pwaStore.needRefresh = true; } });
    void keepLoadedCatalogs();
  });
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(go, { timeout: 5_000 }) : go());
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => addEventListener('load', () => resolve(), { once: true }));
  // A page that never draws the app's frame (a failure) still gets its service worker.
  const drawn = Promise.race([bootShellGone(), new Promise<void>((resolve) => setTimeout(resolve, 10_000))]);
  void Promise.all([loaded, drawn]).then(() => setTimeout(whenIdle, FIRST_SCREEN_MS));
}

/**
 * The language catalogs this page loaded before a service worker controlled it (the first visit):
 * the worker keeps them (workers/sw.ts, catalogs are not precached), so the app starts offline in
 * the player's language. Later loads go through the worker, which keeps them as they load.
 */
async function keepLoadedCatalogs(): Promise<void> {
  const urls = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => /^\/assets\/messages-[\w-]+\.js$/.test(p));
  if (!urls.length) return;
  const reg = await navigator.serviceWorker.ready;
  reg.active?.postMessage({ type: 'KEEP_CATALOGS', urls });
}

export const applyUpdate = () => void update?.(true);
export const dismissUpdate = () => { pwaStore.needRefresh = false; };
export const usePwa = () => useSnapshot(pwaStore);
