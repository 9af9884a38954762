/**
 * Data saver: on when the player turned it on in Settings, or, while the player has not
 * chosen, when the browser asks to save data (navigator.connection.saveData, the Save-Data header).
 * While on: no banner images, no team logos, nothing prefetched. A cookie tells the server too, so
 * the HTML of Home leaves its first banner out (server/http/app-shell.ts).
 */
import { proxy, useSnapshot } from 'valtio';
import { core } from '../core-client.ts';

/** The cookie the server reads (server/http/app-shell.ts DATA_SAVER_COOKIE). */
const COOKIE = 'dataSaver';

const browserSaves = (): boolean =>
  Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);

/** `on`: in effect now; `chosen`: the player's choice (null: the browser decides); `browser`: what the browser asks. */
export const dataSaverStore = proxy({ on: browserSaves(), chosen: null as boolean | null, browser: browserSaves() });

function apply(chosen: boolean | null): void {
  dataSaverStore.chosen = chosen;
  dataSaverStore.on = chosen ?? dataSaverStore.browser;
  document.cookie = dataSaverStore.on ? `${COOKIE}=1; path=/; max-age=31536000; samesite=lax` : `${COOKIE}=; path=/; max-age=0; samesite=lax`;
}

/** Reads the player's remembered choice from the core (IndexedDB) at start. */
export function loadDataSaver(): void {
  void core.dataSaver().then(apply, () => undefined);
}

/** The player's choice from Settings (null: follow the browser again), remembered by the core. */
export function chooseDataSaver(chosen: boolean | null): void {
  apply(chosen);
  void core.setDataSaver(chosen);
}

export const useDataSaver = () => useSnapshot(dataSaverStore);
