/**
 * The HTML of client routes: the build's index.html, and on Home and the casino lobbies
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
import { SITE_SETTINGS } from '../settings/site-settings.ts';
import { contentRev } from '../content/revision.ts';
import { LANGUAGE_INFO, siteLanguage, type Lang } from '../../domain/languages.ts';
import { pagePreloads, type BuildManifest } from './page-preloads.ts';
import { bootShellFor, matchTop, type BootMatch, type ShellTexts } from './boot-shell.ts';
import { matchWithOdds } from '../catalogue/match-queries.ts';
import { esc } from '../content/escape.ts';

const MARKER = '<!--lcp-banner-->';
/** How long the first banner of a language is reused: a banner change shows within a minute. */
const BANNER_TTL_MS = 60_000;
/** How long a match's names are reused for its page's boot shell, and how many matches are kept. */
const MATCH_TTL_MS = 60_000;
const MATCHES_KEPT = 2_000;


/**
 * The page's language and direction from the start: fa and iq paint right to left from
 * the first frame (the boot shell too), not only once the script has run.
 */
function withLang(text: string, code: Lang): string {
  const info = LANGUAGE_INFO[code];
  return text.replace(/<html lang="[a-z-]*">/, `<html lang="${info.tag}" dir="${info.dir}">`);
}

/**
 * A JSON file of the build, read again when it changes; `empty` while there is none or it does not
 * read (a build being written): the page is then served without what it adds, never an error.
 */
function buildJson<T>(file: string, empty: T): () => T {
  let kept = { mtime: -1, value: empty };
  return () => {
    try {
      if (!existsSync(file)) return empty;
      const mtime = statSync(file).mtimeMs;
      if (mtime !== kept.mtime) kept = { mtime, value: JSON.parse(readFileSync(file, 'utf8')) as T };
      return kept.value;
    } catch {
      return empty;
    }
  };
}

/** The shell of `url`, read from `root`/index.html (again when the file changes). */
export function appShell(db: Db, root: string, clock: () => number): (url: string, saveData: boolean, session: boolean) => Promise<string> {
  const file = join(root, 'index.html');
  let index = { mtime: -1, text: '' };
  const banners = new Map<string, { at: number; rev: number; img: Promise<string> }>();

  const read = (): string => {
    const mtime = statSync(file).mtimeMs;
    if (mtime !== index.mtime) index = { mtime, text: readFileSync(file, 'utf8') };
    return index.text;
  };
  // The build's manifest and the boot shell's words (none in a build without them, e.g. a test's
  // fixture: no preloads, index.html's words then).
  const chunks = buildJson<BuildManifest>(join(root, '.vite', 'manifest.json'), {});
  const shellTexts = buildJson<Partial<Record<string, ShellTexts>>>(join(root, '.vite', 'shell-texts.json'), {});
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
      return `<img src="${esc(src)}" alt="${esc(b.title)}" width="${b.width}" height="${b.height}" fetchpriority="high">`;
    }).catch(() => '');
    banners.set(key, { at: now, rev: contentRev(), img });
    return img;
  };

  // A match's names for its MatchDetail's boot shell (pre-match: the live page draws another header).
  const matches = new Map<string, { at: number; names: Promise<BootMatch | undefined> }>();
  const bootMatch = (id: number, lang: string): Promise<BootMatch | undefined> => {
    const now = clock();
    const key = `${id}:${lang}`;
    const hit = matches.get(key);
    if (hit && now - hit.at < MATCH_TTL_MS) return hit.names;
    if (matches.size >= MATCHES_KEPT) matches.clear();
    const names = matchWithOdds(db, id, lang).then((m) => (m ? { home: m.homeTeam, away: m.awayTeam, categoryName: m.categoryName, tournamentName: m.tournamentName } : undefined), () => undefined);
    matches.set(key, { at: now, names });
    return names;
  };

  return async (url, saveData, session) => {
    const path = url.split('?')[0]!;
    // No code, an unknown or an unoffered one: the page opens in the site's default language (settings).
    const code = siteLanguage(SITE_SETTINGS, /^\/([a-z]{2})(\/|$)/.exec(path)?.[1]);
    const segments = path.split('/').filter(Boolean);
    const withCode = /^[a-z]{2}$/.test(segments[0] ?? '');
    // The path after the language (a path without one is sent on with its code added, the same page).
    const rest = withCode ? segments.slice(1) : segments;
    const state = withCode ? topBannerState(rest) : undefined;
    const preMatch = rest[0] === 'matchdetail' && /^[1-9]\d{0,8}$/.test(rest[1] ?? '') && new URLSearchParams(url.split('?')[1] ?? '').get('ttype') !== 'L';
    const match = preMatch ? await bootMatch(Number(rest[1]), code) : undefined;
    const { text, ownTop } = bootShellFor(withLang(read(), code), rest, shellTexts()[code], match && matchTop(match));
    const banner = state === undefined || saveData || !text.includes(MARKER) ? '' : await firstBanner(code, state);
    if (banner) return text.replace(MARKER, banner);
    // A page whose largest paint comes with its HTML (a banner, its own top) leaves the slow link to
    // the entry; any other names its chunks right after the entry's script (tried on AllSports with
    // its own top: Lighthouse's LCP 0.7-1.5 -> 2.1 s, the chunks all counted before that paint).
    if (ownTop) return text;
    return text.replace(/<script type="module"[^>]*><\/script>/, (entry) => entry + pagePreloads(chunks(), path, code, session));
  };
}
