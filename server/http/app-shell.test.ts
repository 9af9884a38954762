import { describe, expect, it } from 'vitest';
import { entryPreloads, preloadLinks, routeKeys } from './app-shell.ts';

const S = '?tsr-split=component';
/** A build manifest in the shape Vite writes (.vite/manifest.json), cut to a few routes. */
const manifest = {
  'index.html': { file: 'assets/index-A.js', imports: ['_jsx-B.js', '_core-client-C.js'], dynamicImports: [`src/routes/$lang/route.tsx${S}`] },
  '_jsx-B.js': { file: 'assets/jsx-B.js' },
  '_core-client-C.js': { file: 'assets/core-client-C.js' },
  '_Home-D.js': { file: 'assets/Home-D.js', imports: ['_jsx-B.js', 'index.html'], css: ['assets/Home-D.css'] },
  'src/ui/app.css': { file: 'assets/app-E.css' },
  [`src/routes/$lang/route.tsx${S}`]: { file: 'assets/route-F.js', imports: ['_jsx-B.js', 'index.html'] },
  [`src/routes/$lang/index.tsx${S}`]: { file: 'assets/_lang-G.js', imports: ['_Home-D.js', 'index.html'] },
  [`src/routes/$lang/coupons.tsx${S}`]: { file: 'assets/coupons-H.js', imports: ['index.html'] },
  [`src/routes/$lang/matchdetail.$id.tsx${S}`]: { file: 'assets/matchdetail-I.js' },
  [`src/routes/$lang/CouponDetail.$id.tsx${S}`]: { file: 'assets/CouponDetail-J.js' },
  'src/i18n/locales/tr/messages.po': { file: 'assets/messages-K.js' },
};
const LAYOUT = `src/routes/$lang/route.tsx${S}`;

describe('route preloads in the HTML (issue 17)', () => {
  it('finds the route file a path draws, with the layout', () => {
    expect(routeKeys(manifest, '/tr/')).toEqual([LAYOUT, `src/routes/$lang/index.tsx${S}`]);
    expect(routeKeys(manifest, '/tr')).toEqual([LAYOUT, `src/routes/$lang/index.tsx${S}`]);
    expect(routeKeys(manifest, '/tr/coupons?x=1')).toEqual([LAYOUT, `src/routes/$lang/coupons.tsx${S}`]);
    expect(routeKeys(manifest, '/tr/matchdetail/13?ttype=N')).toEqual([LAYOUT, `src/routes/$lang/matchdetail.$id.tsx${S}`]);
    expect(routeKeys(manifest, '/en/CouponDetail/5')).toEqual([LAYOUT, `src/routes/$lang/CouponDetail.$id.tsx${S}`]);
    // a param the route has not, an unknown page: the layout only; the back office and non-routes: nothing
    expect(routeKeys(manifest, '/tr/coupons/5')).toEqual([LAYOUT]);
    expect(routeKeys(manifest, '/tr/bo/users')).toEqual([]);
    expect(routeKeys(manifest, '/assets/x.js')).toEqual([]);
  });

  it('preloads each chunk once with what it imports, not the entry nor what the HTML already has', () => {
    const html = '<link rel="modulepreload" crossorigin href="/assets/jsx-B.js">';
    const links = preloadLinks(manifest, [...routeKeys(manifest, '/tr/'), 'src/i18n/locales/tr/messages.po'], html);
    expect(links).toBe('<link rel="preload" as="style" crossorigin href="/assets/Home-D.css">'
      + '<link rel="modulepreload" crossorigin href="/assets/route-F.js">'
      + '<link rel="modulepreload" crossorigin href="/assets/_lang-G.js">'
      + '<link rel="modulepreload" crossorigin href="/assets/Home-D.js">'
      + '<link rel="modulepreload" crossorigin href="/assets/messages-K.js">');
  });

  it('preloads the app stylesheet', () => {
    expect(entryPreloads(manifest)).toBe('<link rel="preload" as="style" crossorigin href="/assets/app-E.css">');
    expect(entryPreloads({})).toBe('');
  });
});
