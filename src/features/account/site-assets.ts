import { useEffect } from 'react';
import type { SiteView } from '../../../workers/core/events.ts';

/**
 * Loads the settings-injected mobile stylesheet and general script (section 2) once the settings
 * are known. The worker passes only same-origin /site/ paths, and the CSP allows scripts from
 * 'self' only; a changed path replaces the element it had added.
 */
export function useSiteAssets(site: Pick<SiteView, 'mobileCss' | 'generalJs'> | null): void {
  const css = site?.mobileCss ?? '';
  const js = site?.generalJs ?? '';
  useEffect(() => place('link', css), [css]);
  useEffect(() => place('script', js), [js]);
}

function place(kind: 'link' | 'script', path: string): void {
  const old = document.head.querySelector(`[data-site-asset="${kind}"]`);
  if (old?.getAttribute(kind === 'link' ? 'href' : 'src') === path) return;
  old?.remove();
  if (!path) return;
  const el = document.createElement(kind);
  el.dataset.siteAsset = kind;
  if (el instanceof HTMLLinkElement) { el.rel = 'stylesheet'; el.href = path; } else if (el instanceof HTMLScriptElement) { el.src = path; el.async = true; }
  document.head.append(el);
}
