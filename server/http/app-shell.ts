/**
 * The HTML of client routes (issue 17): the build's index.html, and on Home the first banner of
 * the top carousel put into the boot shell, so the page's largest paint needs no script, no
 * worker and no call (it paints with the HTML). Not for a browser asking to save data (Save-Data:
 * on): that one gets the skeleton, and no banner image at all.
 *
 * Every client route's HTML also preloads the chunks the route will ask for (read from the build's
 * manifest): the shell's layout, the route's screen with what it imports, its stylesheets and the
 * language's catalog. Without them these requests wait for the entry, the worker's session and the
 * route guard, one after the other (a waterfall that cost 0.5-1 s of LCP on a slow 4G).
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
const HEAD_END = '</head>';
/** How long the first banner of a language is reused: a banner change shows within a minute. */
const BANNER_TTL_MS = 60_000;

const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Home's paths: `/{lang}` and `/{lang}/` (a query string aside). */
export function homeLang(url: string): string | null {
  const m = /^\/([a-z]{2})\/?$/.exec(url.split('?')[0]!);
  return m ? m[1]! : null;
}

/** One chunk of the build's manifest (.vite/manifest.json). */
interface ManifestChunk { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>;

const SPLIT = '?tsr-split=component';
const LAYOUT = `src/routes/$lang/route.tsx${SPLIT}`;
/** The stylesheet src/main.tsx imports before drawing. */
const APP_CSS = 'src/ui/app.css';
/** Vite's loader asks for a chunk's stylesheet in cors mode: the preload must match it. */
const styleLink = (f: string): string => `<link rel="preload" as="style" crossorigin href="/${f}">`;

/**
 * The manifest keys of the route file a path `/{lang}/...` draws: `/tr/` index, `/tr/coupons`
 * coupons.tsx, `/tr/matchdetail/7` matchdetail.$id.tsx (as many `.$param` parts as segments
 * after the first). The back office and unknown paths: none.
 */
export function routeKeys(manifest: Manifest, path: string): string[] {
  const segs = path.split('?')[0]!.split('/').filter(Boolean);
  if (!/^[a-z]{2}$/.test(segs[0] ?? '') || segs[1] === 'bo') return [];
  const rest = segs.slice(1).map((s) => decodeURIComponent(s));
  const page = rest.length === 0
    ? `src/routes/$lang/index.tsx${SPLIT}`
    : Object.keys(manifest).find((k) => {
      if (!k.startsWith('src/routes/$lang/') || !k.endsWith(SPLIT)) return false;
      const parts = k.slice('src/routes/$lang/'.length, -`.tsx${SPLIT}`.length).split('.');
      return parts[0] === rest[0] && parts.length === rest.length && parts.slice(1).every((p) => p.startsWith('$'));
    });
  return [LAYOUT, ...(page && manifest[page] ? [page] : [])];
}

/** The preload links of `keys` with every chunk they import (the entry and what the HTML already has aside). */
export function preloadLinks(manifest: Manifest, keys: string[], html: string): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string): void => {
    const c = manifest[key];
    if (!c || key === 'index.html' || scripts.has(c.file)) return;
    scripts.add(c.file);
    for (const css of c.css ?? []) styles.add(css);
    for (const i of c.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  const fresh = (file: string) => !html.includes(`/${file}"`);
  return [...styles].filter(fresh).map(styleLink).join('')
    + [...scripts].filter(fresh).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
}

/**
 * What every page needs besides its route and that the entry asks for only once it has run: the
 * stylesheet it imports (app.css). Not the core worker: preloaded (as fetch) it shared the slow
 * link with Home's banner and the route's chunks, and Lighthouse's LCP went up by 0.3-0.4 s on
 * Home and LiveBets (2.67 -> 2.94 s, 2.88 -> 3.28 s, same machine, same run).
 */
export function entryPreloads(manifest: Manifest): string {
  return manifest[APP_CSS] ? styleLink(manifest[APP_CSS].file) : '';
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
  const manifestFile = join(root, '.vite', 'manifest.json');
  let html = { mtime: -1, text: '' };
  let manifest: { mtime: number; value: Manifest } = { mtime: -1, value: {} };
  const preloads = new Map<string, string>();
  const banners = new Map<string, { at: number; rev: number; img: Promise<string> }>();

  const read = (): string => {
    const mtime = statSync(file).mtimeMs;
    if (mtime !== html.mtime) { html = { mtime, text: readFileSync(file, 'utf8') }; preloads.clear(); }
    return html.text;
  };
  /** The route's preload links (kept per route file and language). No manifest (a dev build): none. */
  const routePreloads = (url: string, text: string): string => {
    const mtime = statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtime !== manifest.mtime) {
      manifest = { mtime, value: mtime ? JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest : {} };
      preloads.clear();
    }
    const lang = /^\/([a-z]{2})(\/|$)/.exec(url)?.[1];
    const keys = routeKeys(manifest.value, url);
    if (!lang || !keys.length) return '';
    const id = `${lang} ${keys.join(' ')}`;
    let links = preloads.get(id);
    if (links === undefined) {
      links = entryPreloads(manifest.value)
        + preloadLinks(manifest.value, [...keys, `src/i18n/locales/${lang}/messages.po`], text);
      preloads.set(id, links);
    }
    return links;
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
    const plain = read();
    const links = routePreloads(url, plain);
    const text = withLang(links ? plain.replace(HEAD_END, `${links}${HEAD_END}`) : plain, url);
    const lang = homeLang(url);
    if (!lang || saveData || !text.includes(MARKER)) return text;
    return text.replace(MARKER, await firstBanner(lang));
  };
}
