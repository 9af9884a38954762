/**
 * The files a page's first draw needs besides the entry, named in its HTML: the route's
 * chunk and the chunks it imports, their stylesheets, the app's stylesheet and the language's
 * catalog, read from the build's manifest (dist/.vite/manifest.json). Without them each waits for
 * the entry to download and run, and the route's chunks come in waves of six (HTTP/1.1); with them
 * they share the link with the entry from the start: Lighthouse's simulated LCP of AllSports,
 * LiveBets and a MatchDetail 2.29-2.32 -> 2.06-2.09 s, the same bytes. (Tried before the entry was
 * one script, beside its ten, they made it worse: too many requests for six connections.)
 *
 * Not for a page whose HTML carries its top banner (Home, the casino lobbies: app-shell.ts): that
 * image is its largest paint, and the chunks would share the slow link with it (Home's LCP 2.05 ->
 * 2.54 s when tried).
 */

/** One entry of Vite's build manifest (the fields read here). */
export interface ManifestChunk { file: string; name?: string; imports?: string[]; css?: string[] }
export type BuildManifest = Record<string, ManifestChunk>;

const ROUTES = 'src/routes/$lang/';
/**
 * The chunk of what the page's frame loads once the player's session is known (the account menu,
 * the protection layer: src/routes/$lang/route.tsx, src/ui/TopBar.tsx), one file by the build's
 * grouping (vite.config.ts): named too when the request carries a session cookie, so that it comes
 * with the page rather than in one more wave after the worker's session check.
 */
export const SESSION_CHUNK = 'logged-in';
const SPLIT = '.tsx?tsr-split=component';

/**
 * The route file under `src/routes/$lang/` drawing `segments` (the path after the language), or
 * undefined: `allsports.tsx` draws ['allsports'], `matchdetail.$id.tsx` ['matchdetail', '85'];
 * [] is Home (`index.tsx`); a literal segment wins over a parameter. The layout and the catch-all
 * are not matched.
 */
export function routeFileOf(segments: readonly string[], files: readonly string[]): string | undefined {
  if (!segments.length) return files.includes('index') ? 'index' : undefined;
  let best: { file: string; params: number } | undefined;
  for (const file of files) {
    const parts = file.split('.');
    if (parts.length !== segments.length || parts.some((p) => p === '$' || p === 'route' || p === 'index')) continue;
    if (!parts.every((p, i) => p.startsWith('$') || p === segments[i])) continue;
    const params = parts.filter((p) => p.startsWith('$')).length;
    if (!best || params < best.params) best = { file, params };
  }
  return best?.file;
}

/**
 * The `<link>` tags of a page: `path` without its query, `lang` its language, `session` whether
 * the request carries a session cookie. Empty when no route file draws it.
 */
export function pagePreloads(manifest: BuildManifest, path: string, lang: string, session = false): string {
  const segments = path.split('/').filter(Boolean).slice(1);
  const files = Object.keys(manifest).filter((k) => k.startsWith(ROUTES) && k.endsWith(SPLIT) && !k.slice(ROUTES.length).includes('/'))
    .map((k) => k.slice(ROUTES.length, -SPLIT.length));
  const route = routeFileOf(segments, files);
  if (!route) return '';
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>(['index.html']);
  const walk = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) styles.push(css);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  walk(`${ROUTES}${route}${SPLIT}`);
  if (session) for (const [key, chunk] of Object.entries(manifest)) if (chunk.name === SESSION_CHUNK) walk(key);
  const appCss = manifest['src/ui/app.css']?.file;
  const catalog = manifest[`src/i18n/locales/${lang}/messages.po`]?.file;
  // The order is the order of need: the stylesheet React waits for, the words, then the page.
  // Stylesheets with crossorigin: the app's loader asks for them so, and a preload in another
  // credentials mode would go unused (the file fetched twice).
  return [
    ...(appCss ? [`<link rel="preload" as="style" crossorigin href="/${appCss}">`] : []),
    ...(catalog ? [`<link rel="modulepreload" crossorigin href="/${catalog}">`] : []),
    ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...[...new Set(styles)].map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
  ].join('');
}
