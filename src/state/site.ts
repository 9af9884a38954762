import { proxy, useSnapshot } from 'valtio';
import type { SiteView } from '../../workers/core/events.ts';

/** The site settings as the worker last pushed them (null until the first push): a back-office change shows without a reload. */
export const siteStore = proxy<{ view: SiteView | null }>({ view: null });
export const setSiteView = (v: SiteView) => { siteStore.view = v; };
export const useSiteView = () => useSnapshot(siteStore).view as SiteView | null;
