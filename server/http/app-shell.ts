/**
 * The HTML of client routes (issue 17): the build's index.html, and on Home the first banner of
 * the top carousel put into the boot shell, so the page's largest paint needs no script, no
 * worker and no call (it paints with the HTML). Not for a browser asking to save data (Save-Data:
 * on): that one gets the skeleton, and no banner image at all.
 *
 * No preloads of the route's chunks: tried (from the build manifest: layout, route chunk and
 * imports, stylesheets, catalog, app.css), they shared the slow link with Home's banner and the
 * entry, and Lighthouse's LCP went up (Home 2.05 -> 2.54 s, AllSports 2.85 -> 3.03 s, same run):
 * the first data waits for the worker's session anyway, so the chunks were never the late part.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/client.ts';
import { bannerGroups } from '../content/banners.ts';
import { bannerImageUrl, HOME_TOP_BANNER_STATE } from '../../domain/content/banner.ts';
import { SITE_SETTINGS } from './routes/settings.ts';
import { contentRev } from '../content/revision.ts';
import { LANGUAGE_INFO, siteLanguage } from '../../domain/languages.ts';

const MARKER = '<!--lcp-banner-->';
/** How long the first banner of a language is reused: a banner change shows within a minute. */
const BANNER_TTL_MS = 60_000;

const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Home's paths: `/{lang}` and `/{lang}/` (a query string aside). */
export function homeLang(url: string): string | null {
  const m = /^\/([a-z]{2})\/?$/.exec(url.split('?')[0]!);
  return m ? m[1]! : null;
}

/**
 * The page's language and direction from the start (issue 18): fa and iq paint right to left from
 * the first frame (the boot shell too), not only once the script has run.
 */
function withLang(text: string, url: string): string {
  // No code, an unknown or an unoffered one: the page opens in the site's default language (settings).
  const code = siteLanguage(SITE_SETTINGS, /^\/([a-z]{2})(\/|$)/.exec(url)?.[1]);
  const info = LANGUAGE_INFO[code];
  return text.replace(/<html lang="[a-z-]*">/, `<html lang="${info.tag}" dir="${info.dir}">`);
}

/** The shell of `url`, read from `root`/index.html (again when the file changes). */
export function appShell(db: Db, root: string, clock: () => number): (url: string, saveData: boolean) => Promise<string> {
  const file = join(root, 'index.html');
  let html = { mtime: -1, text: '' };
  const banners = new Map<string, { at: number; rev: number; img: Promise<string> }>();

  const read = (): string => {
    const mtime = statSync(file).mtimeMs;
    if (mtime !== html.mtime) html = { mtime, text: readFileSync(file, 'utf8') };
    return html.text;
  };
  const firstBanner = (lang: string): Promise<string> => {
    const now = clock();
    const hit = banners.get(lang);
    // A banner edited in the back office (a new content revision) is not served from the minute's cache.
    if (hit && now - hit.at < BANNER_TTL_MS && hit.rev === contentRev()) return hit.img;
    const img = bannerGroups(db, [HOME_TOP_BANNER_STATE], lang, now).then(([group]) => {
      const b = group?.banners[0];
      if (!b) return '';
      const src = bannerImageUrl(SITE_SETTINGS.site_api, b.url);
      return `<img src="${attr(src)}" alt="${attr(b.title)}" width="${b.width}" height="${b.height}" fetchpriority="high">`;
    }).catch(() => '');
    banners.set(lang, { at: now, rev: contentRev(), img });
    return img;
  };

  return async (url, saveData) => {
    const text = withLang(read(), url);
    const lang = homeLang(url);
    if (!lang || saveData || !text.includes(MARKER)) return text;
    return text.replace(MARKER, await firstBanner(lang));
  };
}
