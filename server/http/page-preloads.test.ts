import { describe, expect, it } from 'vitest';
import { pagePreloads, routeFileOf, type BuildManifest } from './page-preloads.ts';

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
  'src/features/account/AccountMenu.tsx': { file: 'assets/AccountMenu-A.js', imports: ['index.html', '_Odd.js'] },
  'src/features/protection/ProtectionLayer.tsx': { file: 'assets/ProtectionLayer-P.js', imports: ['index.html'], css: ['assets/Protection-C.css'] },
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
    expect(visitor).not.toContain('AccountMenu');
    const player = pagePreloads(MANIFEST, '/tr/allsports', 'tr', true);
    expect(player).toContain('<link rel="modulepreload" crossorigin href="/assets/AccountMenu-A.js">');
    expect(player).toContain('<link rel="modulepreload" crossorigin href="/assets/ProtectionLayer-P.js">');
    expect(player).toContain('<link rel="preload" as="style" crossorigin href="/assets/Protection-C.css">');
    // A chunk the page already names is named once.
    expect(player.match(/Odd-O\.js/g)).toHaveLength(1);
  });

  it('names Home\'s chunk for Home (the shell leaves it out when the HTML carries the banner), nothing for an unknown page or a build without a manifest', () => {
    expect(pagePreloads(MANIFEST, '/tr/', 'tr')).toContain('/assets/home-H.js');
    expect(pagePreloads(MANIFEST, '/tr', 'tr')).toContain('/assets/messages-TR.js');
    expect(pagePreloads(MANIFEST, '/tr/no-such-page', 'tr')).toBe('');
    expect(pagePreloads({}, '/tr/allsports', 'tr')).toBe('');
  });
});
