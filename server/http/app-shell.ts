/**
 * The HTML of client routes (issue 17): the build's index.html, and on Home and the casino lobbies
 * the first banner of the page's top carousel put into the boot shell, so the page's largest paint
 * needs no script, no worker and no call (it paints with the HTML). Not for a browser asking to
 * save data (Save-Data: on): that one gets the skeleton, and no banner image at all.
 *
 * Every other page names its chunks after the entry's script (page-preloads.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/client.ts';
import { bannerGroups } from '../content/banners.ts';
import { bannerImageUrl, topBannerState } from '../../domain/content/banner.ts';
import { SITE_SETTINGS } from './routes/settings.ts';
import { contentRev } from '../content/revision.ts';
import { LANGUAGE_INFO, siteLanguage, type Lang } from '../../domain/languages.ts';
import { pagePreloads, type BuildManifest } from './page-preloads.ts';

const MARKER = '<!--lcp-banner-->';
/** How long the first banner of a language is reused: a banner change shows within a minute. */
const BANNER_TTL_MS = 60_000;

const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');


/**
 * The page's language and direction from the start (issue 18): fa and iq paint right to left from
 * the first frame (the boot shell too), not only once the script has run.
 */
function withLang(text: string, code: Lang): string {
  const info = LANGUAGE_INFO[code];
  return text.replace(/<html lang="[a-z-]*">/, `<html lang="${info.tag}" dir="${info.dir}">`);
}

/** The shell of `url`, read from `root`/index.html (again when the file changes). */
export function appShell(db: Db, root: string, clock: () => number): (url: string, saveData: boolean) => Promise<string> {
  const file = join(root, 'index.html');
  const manifestFile = join(root, '.vite', 'manifest.json');
  let html = { mtime: -1, text: '' };
  let manifest: { mtime: number; chunks: BuildManifest } = { mtime: -1, chunks: {} };
  const banners = new Map<string, { at: number; rev: number; img: Promise<string> }>();

  const read = (): string => {
    const mtime = statSync(file).mtimeMs;
    if (mtime !== html.mtime) html = { mtime, text: readFileSync(file, 'utf8') };
    return html.text;
  };
  // The build's manifest (none in a build without one, e.g. a test's fixture: no preloads then).
  const chunks = (): BuildManifest => {
    if (!existsSync(manifestFile)) return {};
    const mtime = statSync(manifestFile).mtimeMs;
    if (mtime !== manifest.mtime) manifest = { mtime, chunks: JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest };
    return manifest.chunks;
  };
  const firstBanner = (lang: string, state: number): Promise<string> => {
    const now = clock();
    const key = `${lang}:${state}`;
    const hit = banners.get(key);
    // A banner edited in the back office (a new content revision) is not served from the minute's cache.
    if (hit && now - hit.at < BANNER_TTL_MS && hit.rev === contentRev()) return hit.img;
    const img = bannerGroups(db, [state], lang, now).then(([group]) => {
      const b = group?.banners[0];
      if (!b) return '';
      const src = bannerImageUrl(SITE_SETTINGS.site_api, b.url);
      return `<img src="${attr(src)}" alt="${attr(b.title)}" width="${b.width}" height="${b.height}" fetchpriority="high">`;
    }).catch(() => '');
    banners.set(key, { at: now, rev: contentRev(), img });
    return img;
  };

  return async (url, saveData) => {
    const path = url.split('?')[0]!;
    // No code, an unknown or an unoffered one: the page opens in the site's default language (settings).
    const code = siteLanguage(SITE_SETTINGS, /^\/([a-z]{2})(\/|$)/.exec(path)?.[1]);
    const segments = path.split('/').filter(Boolean);
    const state = /^[a-z]{2}$/.test(segments[0] ?? '') ? topBannerState(segments.slice(1)) : undefined;
    const text = withLang(read(), code);
    const banner = state === undefined || saveData || !text.includes(MARKER) ? '' : await firstBanner(code, state);
    // A page whose banner is in its HTML leaves the link to that image; any other names its chunks
    // right after the entry's script, which the browser asks for first.
    if (banner) return text.replace(MARKER, banner);
    return text.replace(/<script type="module"[^>]*><\/script>/, (entry) => entry + pagePreloads(chunks(), path, code));
  };
}
