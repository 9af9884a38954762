/**
 * The back office is a lazy area (ARCHITECTURE.md): nothing of it may be in the player's
 * initial JavaScript or CSS. Two proofs: the build's entry (index.html's scripts, module preloads
 * and stylesheets, followed through their static imports) holds no back-office code; and a player
 * opening Home in Chromium downloads no back-office file, while /tr/bo does.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATIC, assertBuilt, useAppUnderTest } from './app-under-test.ts';

// Text only back-office code carries: a call name of the shell, a class of its stylesheet, a call of
// a screen, and a Turkish word of its own catalogue.
const MARKERS = ['bo/whoami', '.bo-top{', 'bo/createCutoff', '"Yönetim paneli"'];
const hasMarker = (text: string): string | undefined => MARKERS.find((m) => text.includes(m));
const asset = (url: string): string => readFileSync(join(STATIC, new URL(url, 'http://x').pathname), 'utf8');

/** The entry files of index.html and every file they import statically (dynamic import() excluded). */
function initialFiles(): string[] {
  const html = readFileSync(join(STATIC, 'index.html'), 'utf8');
  const start = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    // import{a as b}from"./x.js" and import"./x.js": static imports, which load with the file.
    for (const m of asset(file).matchAll(/(?:\bimport|\bfrom)\s*["'](\.\/[^"']+\.js)["']/g)) queue.push(`/assets/${m[1]!.slice(2)}`);
  }
  return [...seen];
}

/** (context, msgid) -> msgstr of a .po catalogue, obsolete entries left out. */
function readPo(path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const block of readFileSync(path, 'utf8').split('\n\n')) {
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    if (!id || block.includes('#~')) continue;
    out.set(`${/^msgctxt "(.*)"$/m.exec(block)?.[1] ?? ''}\u0004${id}`, /^msgstr "(.*)"$/m.exec(block)?.[1] ?? '');
  }
  return out;
}

describe('back office is lazy: its words', () => {
  it('has its own catalogue, translated, and no word of it in the player\'s', () => {
    const en = readPo('src/features/backoffice/locales/en/messages.po');
    const tr = readPo('src/features/backoffice/locales/tr/messages.po');
    expect(en.size).toBeGreaterThan(100);
    expect([...en.keys()].filter((k) => !tr.get(k))).toEqual([]);
    const holes = (x: string) => (x.match(/\{\w+\}/g) ?? []).sort().join(',');
    expect([...tr].filter(([k, v]) => holes(k.split('\u0004')[1]!) !== holes(v)).map(([k]) => k)).toEqual([]);
    for (const lang of ['tr', 'en']) expect(readFileSync(`src/i18n/locales/${lang}/messages.po`, 'utf8')).not.toContain('src/features/backoffice/');
  });
});

describe('back office is lazy: the build', () => {
  it('keeps back-office code out of the build entry and its static imports', () => {
    assertBuilt();
    const files = initialFiles();
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    const leaks = files.filter((f) => hasMarker(asset(f)));
    expect(leaks).toEqual([]);
    // Not vacuous: the markers exist, in other (lazy) files of the same build.
    const all = readdirSync(join(STATIC, 'assets')).filter((f) => /\.(js|css)$/.test(f));
    const lazy = all.filter((f) => hasMarker(readFileSync(join(STATIC, 'assets', f), 'utf8')));
    expect(lazy.length).toBeGreaterThan(0);
    console.log(`bo-lazy: ${files.length} initial files, none with back-office code; back office in ${lazy.length} lazy files`);
  });
});

describe('back office is lazy: in Chromium', () => {
  const app = useAppUnderTest('bo-lazy');

  it('downloads no back-office file for a player on Home, and loads them on /tr/bo', async () => {
    const { context, page } = await app.newPhonePage();
    const requested: string[] = [];
    page.on('request', (r) => { const u = new URL(r.url()); if (u.pathname.startsWith('/assets/')) requested.push(u.pathname); });
    await page.goto('/tr/');
    await page.getByRole('navigation', { name: /Ana|Main/ }).waitFor();
    await page.waitForLoadState('networkidle');
    const playerLeaks = requested.filter((f) => hasMarker(asset(f)));
    expect(requested.length).toBeGreaterThan(0);
    expect(playerLeaks).toEqual([]);
    requested.length = 0;
    await page.goto('/tr/bo');
    await page.getByRole('button', { name: 'Giriş yap' }).waitFor();
    expect(requested.filter((f) => hasMarker(asset(f))).length).toBeGreaterThan(0);
    await context.close();
  });
});
