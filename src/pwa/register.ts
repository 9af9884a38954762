import { proxy, useSnapshot } from 'valtio';

/** Service worker state for the update prompt and the offline banner. */
export const pwaStore = proxy({ needRefresh: false, offline: typeof navigator !== 'undefined' && !navigator.onLine });
let update: ((reload?: boolean) => Promise<void>) | undefined;

/** Registers the Workbox service worker (workbox-window inside); a new version waits for the player. */
export function registerServiceWorker(): void {
  addEventListener('online', () => { pwaStore.offline = false; });
  addEventListener('offline', () => { pwaStore.offline = true; });
  if (!('serviceWorker' in navigator)) return;
  // Workbox's window part loads once the page has loaded and the main thread is idle: the first
  // screen's scripts and calls do not share the slow network with it.
  const go = () => void import('virtual:pwa-register').then(({ registerSW }) => {
    update = registerSW({ onNeedRefresh: () => { pwaStore.needRefresh = true; } });
    void keepLoadedCatalogs();
  });
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(go, { timeout: 5_000 }) : setTimeout(go, 1_000));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
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
