import { proxy, useSnapshot } from 'valtio';

/** Service worker state for the update prompt and the offline banner. */
export const pwaStore = proxy({ needRefresh: false, offline: typeof navigator !== 'undefined' && !navigator.onLine });
let update: ((reload?: boolean) => Promise<void>) | undefined;

/** Registers the Workbox service worker (workbox-window inside); a new version waits for the player. */
export function registerServiceWorker(): void {
  addEventListener('online', () => { pwaStore.offline = false; });
  addEventListener('offline', () => { pwaStore.offline = true; });
  if (!('serviceWorker' in navigator)) return;
  // Workbox's window part loads after the first screen: no first paint waits for it.
  void import('virtual:pwa-register').then(({ registerSW }) => {
    update = registerSW({ onNeedRefresh: () => { pwaStore.needRefresh = true; } });
  });
}

export const applyUpdate = () => void update?.(true);
export const dismissUpdate = () => { pwaStore.needRefresh = false; };
export const usePwa = () => useSnapshot(pwaStore);
