import { proxy, useSnapshot } from 'valtio';
import type { SiteView } from '../../workers/core/events.ts';

/** The site settings as the worker last pushed them (null until the first push): a back-office change shows without a reload. */
export const siteStore = proxy<{ view: SiteView | null }>({ view: null });
export const setSiteView = (v: SiteView) => { siteStore.view = v; };
export const useSiteView = () => useSnapshot(siteStore).view as SiteView | null;

/** The content revision the worker last pushed (0 until a change): views of banners, pages and pop-ups ask again when it moves. */
export const contentStore = proxy<{ rev: number }>({ rev: 0 });
export const setContentRev = (rev: number) => { contentStore.rev = rev; };
export const useContentRev = () => useSnapshot(contentStore).rev;
