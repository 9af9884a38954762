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
  });
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(go, { timeout: 5_000 }) : setTimeout(go, 1_000));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

export const applyUpdate = () => void update?.(true);
export const dismissUpdate = () => { pwaStore.needRefresh = false; };
export const usePwa = () => useSnapshot(pwaStore);
