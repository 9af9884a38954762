import { proxy, useSnapshot } from 'valtio';
import type { Notice } from '../../workers/core/events.ts';

/** Screen-level UI state: the login popup and the current notice. */
export const uiStore = proxy<{ loginOpen: boolean; notice: Notice | null }>({ loginOpen: false, notice: null });

let clearTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a notice; success clears itself after 4 s, waiting ones stay until replaced (section 4). */
export function showNotice(n: Notice): void {
  uiStore.notice = n;
  clearTimeout(clearTimer);
  if (n.status !== 5 && n.status !== 6) clearTimer = setTimeout(() => { uiStore.notice = null; }, n.status === 1 ? 4000 : 6000);
}

export const closeNotice = () => { uiStore.notice = null; };
export const openLogin = () => { uiStore.loginOpen = true; };
export const closeLogin = () => { uiStore.loginOpen = false; };
export const useUi = () => useSnapshot(uiStore);
