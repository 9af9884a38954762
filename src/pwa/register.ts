import { proxy, useSnapshot } from 'valtio';
import { registerSW } from 'virtual:pwa-register';

/** Service worker state for the update prompt and the offline banner. */
export const pwaStore = proxy({ needRefresh: false, offline: typeof navigator !== 'undefined' && !navigator.onLine });
let update: ((reload?: boolean) => Promise<void>) | undefined;

/** Registers the Workbox service worker (workbox-window inside); a new version waits for the player. */
export function registerServiceWorker(): void {
  addEventListener('online', () => { pwaStore.offline = false; });
  addEventListener('offline', () => { pwaStore.offline = true; });
  if (!('serviceWorker' in navigator)) return;
  update = registerSW({ onNeedRefresh: () => { pwaStore.needRefresh = true; } });
}

export const applyUpdate = () => void update?.(true);
export const dismissUpdate = () => { pwaStore.needRefresh = false; };
export const usePwa = () => useSnapshot(pwaStore);
