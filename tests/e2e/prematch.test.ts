import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, phone, SCREENSHOTS } from './browser.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { HomePage } from './pages/app-pages.ts';
import { AllSportsPage, MatchDetailPage, ResultsPageModel, ShortCodePage } from './pages/prematch-pages.ts';

/** The few browser globals the offline check touches inside page.evaluate (this realm has no DOM types). */
interface BrowserGlobals {
  navigator: { serviceWorker: { ready: Promise<unknown> } };
  caches: { keys(): Promise<string[]>; open(name: string): Promise<{ match(url: string, opts: { ignoreSearch: boolean }): Promise<unknown> }> };
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `prematch-${name}.png`) });

/** Pre-match browsing in Chromium against the real server (PGlite): tree, detail, search, filters, short code, results, offline. */
describe('pre-match browsing', () => {
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bet-prematch-'));
    [browser, server] = await Promise.all([launch(), startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })]);
    context = await phone(browser, server.url);
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('walks AllSports tree -> league -> match -> MatchDetail and adds an odd to the slip', async () => {
    const all = new AllSportsPage(page);
    await all.open();
    await shot(page, 'allsports');
    // All, so the test does not depend on the hour it runs at.
    await all.timeFilter().selectOption('all');
    await page.getByRole('button', { name: /Premier League/ }).waitFor();
    await shot(page, 'allsports-all');
    const rows = await all.openFirstLeague();
    await shot(page, 'league');
    const teams = (await rows.first().getAttribute('aria-label'))!;
    await rows.first().locator('a.match-link').click();
    await page.waitForURL(/\/tr\/matchdetail\/\d+\?ttype=N/);
    const detail = new MatchDetailPage(page);
    await detail.markets().first().waitFor();
    expect(await page.locator('.caption-title').textContent()).toBe(teams);
    expect(await detail.markets().count()).toBeGreaterThan(2);
    const odd = detail.firstOpenOdd();
    await odd.click();
    await expect.poll(() => odd.getAttribute('aria-pressed')).toBe('true');
    await new HomePage(page).couponBar().waitFor();
    await shot(page, 'matchdetail');
    await detail.back().click();
    await page.waitForURL(/\/tr\/allsports/);
    await all.countries().first().waitFor();
  });

  it('opens and scrolls to a league from sid / cid / tid, then clears the query', async () => {
    const cats = await (await page.request.post('/api/categories', { data: { sportId: 1 } })).json() as { results: Array<{ id: number }> };
    const cid = cats.results.at(-1)!.id;
    const leagues = await (await page.request.post('/api/tournament', { data: { sportId: 1, categoryId: cid } })).json() as { results: Array<{ id: number }> };
    const tid = leagues.results[0]!.id;
    await page.goto(`/tr/allsports?sid=1&cid=${cid}&tid=${tid}`);
    await page.locator(`#league-${tid}`).getByTestId('match-row').first().waitFor();
    await page.waitForURL((u) => !u.search.includes('tid='));
  });

  it('searches after 3 characters with the spec texts', async () => {
    const all = new AllSportsPage(page);
    await all.open();
    await all.search().fill('Barcelona');
    await expect.poll(() => all.searchSummary().textContent(), { timeout: 10_000 }).toMatch(/^Barcelona araması için \d+ sonuç bulundu\.$/);
    await all.rows().first().waitFor();
    await shot(page, 'search');
    await all.search().fill('Qwzx');
    await expect.poll(() => all.searchSummary().textContent(), { timeout: 10_000 }).toBe('Qwzx araması için sonuç bulunamadı.');
    // Leaving search sets 6 Hour.
    await all.search().fill('');
    await expect.poll(() => all.timeFilter().inputValue()).toBe('6h');
  });

  it('offers All, 6 Hour, Today and the next days, and filters the tree by them', async () => {
    const all = new AllSportsPage(page);
    await all.open();
    const labels = await all.timeFilter().locator('option').allTextContents();
    expect(labels.slice(0, 3)).toEqual(['Tümü', '6 Saat', 'Bugün']);
    expect(labels).toHaveLength(9);
    const total = async () => (await page.getByTestId('sport-tab-1').locator('.count').textContent().catch(() => '0')) ?? '0';
    await all.timeFilter().selectOption('all');
    await expect.poll(async () => Number(await total())).toBeGreaterThan(0);
    const allCount = Number(await total());
    await all.timeFilter().selectOption('d1');
    await expect.poll(async () => Number(await total())).toBeLessThan(allCount);
    await shot(page, 'tomorrow');
  });

  it('finds a match by short code (upper-cased) and says when a code is unknown', async () => {
    const list = await (await page.request.post('/api/matches', { data: { sportId: 1, limit: 1 } })).json() as { data: { results: Array<{ id: number; shortCode?: string }> } };
    const m = list.data.results[0]!;
    const sc = new ShortCodePage(page);
    await page.goto('/tr/shortcode');
    await sc.input().fill('zz99q');
    expect(await sc.input().inputValue()).toBe('ZZ99Q');
    await sc.submit().click();
    await expect.poll(() => sc.error().textContent()).toContain('ZZ99Q');
    await shot(page, 'shortcode');
    if (m.shortCode) {
      await sc.input().fill(m.shortCode.toLowerCase());
      await sc.submit().click();
      await page.waitForURL(new RegExp(`/tr/matchdetail/${m.id}`));
      await new MatchDetailPage(page).markets().first().waitFor();
    }
  });

  it('lists results from yesterday to tomorrow', async () => {
    await page.goto('/tr/results');
    const results = new ResultsPageModel(page);
    await results.list().or(page.locator('.state')).first().waitFor();
    await shot(page, 'results');
  });

  it('shows UpHigh highlights and a not-found match', async () => {
    await page.goto('/tr/highlights');
    await page.waitForURL(/\/tr\/uphigh\?act=1/);
    await page.getByTestId('match-row').first().waitFor();
    await shot(page, 'uphigh');
    await page.goto('/tr/matchdetail/99999999?ttype=N');
    await new MatchDetailPage(page).notFound().waitFor();
  });

  it('opens AllSports with the network off after one online visit and sees the tree', async () => {
    const all = new AllSportsPage(page);
    await all.open();
    await page.evaluate(async () => { await (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.ready; });
    await expect.poll(() => page.evaluate(async () => {
      const { caches } = globalThis as unknown as BrowserGlobals;
      for (const name of await caches.keys()) if (await (await caches.open(name)).match('/index.html', { ignoreSearch: true })) return true;
      return false;
    }), { timeout: 20_000 }).toBe(true);
    await context.setOffline(true);
    try {
      await page.goto('/tr/allsports');
      await all.countries().first().waitFor();
      await all.staleBanner().waitFor();
      expect(await all.staleBanner().textContent()).toMatch(/Çevrimdışı, güncelleme/);
      await shot(page, 'offline');
    } finally {
      await context.setOffline(false);
    }
    expect(errors).toEqual([]);
  });
});
