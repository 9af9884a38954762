import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pagePreloads, routeFileOf, SESSION_CHUNK, type BuildManifest } from './page-preloads.ts';

const route = (name: string) => `src/routes/$lang/${name}.tsx?tsr-split=component`;
const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-E.js' },
  'src/ui/app.css': { file: 'assets/app-A.css' },
  'src/i18n/locales/tr/messages.po': { file: 'assets/messages-TR.js' },
  'src/i18n/locales/en/messages.po': { file: 'assets/messages-EN.js' },
  [route('index')]: { file: 'assets/home-H.js', imports: ['index.html'] },
  [route('allsports')]: { file: 'assets/allsports-S.js', imports: ['index.html', '_Row.js', '_Odd.js'] },
  '_Row.js': { file: 'assets/Row-R.js', imports: ['index.html', '_Odd.js'] },
  '_Odd.js': { file: 'assets/Odd-O.js', imports: ['index.html'], css: ['assets/Odd-C.css'] },
  '_logged-in-L.js': { file: 'assets/logged-in-L.js', name: SESSION_CHUNK, imports: ['index.html', '_Odd.js'], css: ['assets/logged-in-C.css'] },
  [route('matchdetail.$id')]: { file: 'assets/match-M.js', imports: ['index.html'] },
  [route('CouponDetail.$id')]: { file: 'assets/coupon-C.js' },
  [route('$')]: { file: 'assets/splat-X.js' },
  [route('results')]: { file: 'assets/results-R.js' },
  [route('results.$sport')]: { file: 'assets/results-sport-Q.js' },
};
const files = ['allsports', 'matchdetail.$id', 'results', 'results.$sport', 'index', '$', 'route', 'CouponDetail.$id'];

describe('page preloads', () => {
  it('finds the route file of a path, a literal segment before a parameter', () => {
    expect(routeFileOf(['allsports'], files)).toBe('allsports');
    expect(routeFileOf(['matchdetail', '85'], files)).toBe('matchdetail.$id');
    expect(routeFileOf(['results'], files)).toBe('results');
    expect(routeFileOf(['results', '1'], files)).toBe('results.$sport');
    expect(routeFileOf(['CouponDetail', '7'], files)).toBe('CouponDetail.$id');
    expect(routeFileOf([], files)).toBe('index');
    // Neither the layout nor the catch-all; nothing for a path no file draws.
    expect(routeFileOf(['route'], files)).toBeUndefined();
    expect(routeFileOf(['nowhere', 'at', 'all'], files)).toBeUndefined();
  });

  it('names the route chunk and everything it imports once, the entry aside, with the stylesheets and the language catalog', () => {
    const links = pagePreloads(MANIFEST, '/en/allsports', 'en');
    expect(links.match(/<link[^>]+>/g)).toEqual([
      '<link rel="preload" as="style" crossorigin href="/assets/app-A.css">',
      '<link rel="modulepreload" crossorigin href="/assets/messages-EN.js">',
      '<link rel="modulepreload" crossorigin href="/assets/allsports-S.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Row-R.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Odd-O.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/Odd-C.css">',
    ]);
    expect(links).not.toContain('index-E.js');
  });

  it('adds what the frame loads with a session when the request carries one', () => {
    const visitor = pagePreloads(MANIFEST, '/tr/allsports', 'tr');
    expect(visitor).not.toContain('logged-in');
    const player = pagePreloads(MANIFEST, '/tr/allsports', 'tr', true);
    expect(player).toContain('<link rel="modulepreload" crossorigin href="/assets/logged-in-L.js">');
    expect(player).toContain('<link rel="preload" as="style" crossorigin href="/assets/logged-in-C.css">');
    // A chunk the page already names is named once.
    expect(player.match(/Odd-O\.js/g)).toHaveLength(1);
  });

  it('names Home\'s chunk for Home (the shell leaves it out when the HTML carries the banner), nothing for an unknown page or a build without a manifest', () => {
    expect(pagePreloads(MANIFEST, '/tr/', 'tr')).toContain('/assets/home-H.js');
    expect(pagePreloads(MANIFEST, '/tr', 'tr')).toContain('/assets/messages-TR.js');
    expect(pagePreloads(MANIFEST, '/tr/no-such-page', 'tr')).toBe('');
    expect(pagePreloads({}, '/tr/allsports', 'tr')).toBe('');
  });

  // The build's own manifest (the test command builds first): its grouping and the server agree.
  const built = 'dist/.vite/manifest.json';
  it.skipIf(!existsSync(built))('names one session chunk and Coupons\' own files, not the lines of an opened coupon, in the real build', () => {
    const manifest = JSON.parse(readFileSync(built, 'utf8')) as BuildManifest;
    const hrefs = (links: string) => [...links.matchAll(/href="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
    const visitor = hrefs(pagePreloads(manifest, '/tr/coupons', 'tr'));
    const player = hrefs(pagePreloads(manifest, '/tr/coupons', 'tr', true));
    expect(visitor.some((f) => f.startsWith('coupons-'))).toBe(true);
    expect(visitor.some((f) => f.startsWith(`${SESSION_CHUNK}-`))).toBe(false);
    expect(player.filter((f) => f.startsWith(`${SESSION_CHUNK}-`) && f.endsWith('.js'))).toHaveLength(1);
    expect(player.some((f) => /^(AccountMenu|ProtectionLayer|CouponLines|LiveRow)-/.test(f))).toBe(false);
    // The entry, the app's stylesheet, the catalog, the route and what the coupon pages share, the session's script and stylesheet.
    expect(player.length).toBeLessThanOrEqual(7);
  });
});
