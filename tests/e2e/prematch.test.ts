import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
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
  const app = useAppUnderTest('prematch', {}, { page: 'errors' });
  const { errors } = app;

  it('walks AllSports tree -> league -> match -> MatchDetail and adds an odd to the slip', async () => {
    const all = new AllSportsPage(app.page);
    await all.open();
    await shot(app.page, 'allsports');
    // All, so the test does not depend on the hour it runs at.
    await all.timeFilter().selectOption('all');
    await app.page.getByRole('button', { name: /Premier League/ }).waitFor();
    await shot(app.page, 'allsports-all');
    const rows = await all.openFirstLeague();
    await shot(app.page, 'league');
    const teams = (await rows.first().getAttribute('aria-label'))!;
    await rows.first().locator('a.match-link').click();
    await app.page.waitForURL(/\/tr\/matchdetail\/\d+\?ttype=N/);
    const detail = new MatchDetailPage(app.page);
    await detail.markets().first().waitFor();
    expect(await app.page.locator('.caption-title').textContent()).toBe(teams);
    expect(await detail.markets().count()).toBeGreaterThan(2);
    const odd = detail.firstOpenOdd();
    await odd.click();
    await expect.poll(() => odd.getAttribute('aria-pressed')).toBe('true');
    await new HomePage(app.page).couponBar().waitFor();
    await shot(app.page, 'matchdetail');
    await detail.back().click();
    await app.page.waitForURL(/\/tr\/allsports/);
    await all.treeOrAll();
  });

  it('opens and scrolls to a league from sid / cid / tid, then clears the query', async () => {
    const cats = await (await app.page.request.post('/api/categories', { data: { sportId: 1 } })).json() as { results: Array<{ id: number }> };
    const cid = cats.results.at(-1)!.id;
    const leagues = await (await app.page.request.post('/api/tournament', { data: { sportId: 1, categoryId: cid } })).json() as { results: Array<{ id: number }> };
    const tid = leagues.results[0]!.id;
    await app.page.goto(`/tr/allsports?sid=1&cid=${cid}&tid=${tid}`);
    // the remembered range may be empty at this hour: the league stays open when All is taken
    await new AllSportsPage(app.page).orAll(app.page.locator(`#league-${tid}`).getByTestId('match-row').first());
    await app.page.waitForURL((u) => !u.search.includes('tid='));
  });

  it('searches after 3 characters with the spec texts', async () => {
    const all = new AllSportsPage(app.page);
    await all.open();
    await all.search().fill('Barcelona');
    await expect.poll(() => all.searchSummary().textContent(), { timeout: 10_000 }).toMatch(/^Barcelona araması için \d+ sonuç bulundu\.$/);
    await all.rows().first().waitFor();
    await shot(app.page, 'search');
    await all.search().fill('Qwzx');
    await expect.poll(() => all.searchSummary().textContent(), { timeout: 10_000 }).toBe('Qwzx araması için sonuç bulunamadı.');
    // Leaving search sets 6 Hour.
    await all.search().fill('');
    await expect.poll(() => all.timeFilter().inputValue()).toBe('6h');
  });

  it('offers All, 6 Hour, Today and the next days, and filters the tree by them', async () => {
    const all = new AllSportsPage(app.page);
    await all.open();
    const labels = await all.timeFilter().locator('option').allTextContents();
    expect(labels.slice(0, 3)).toEqual(['Tümü', '6 Saat', 'Bugün']);
    expect(labels).toHaveLength(9);
    const total = async () => (await app.page.getByTestId('sport-tab-1').locator('.count').textContent().catch(() => '0')) ?? '0';
    await all.timeFilter().selectOption('all');
    await expect.poll(async () => Number(await total())).toBeGreaterThan(0);
    const allCount = Number(await total());
    await all.timeFilter().selectOption('d1');
    await expect.poll(async () => Number(await total())).toBeLessThan(allCount);
    await shot(app.page, 'tomorrow');
  });

  it('finds a match by short code (upper-cased) and says when a code is unknown', async () => {
    const list = await (await app.page.request.post('/api/matches', { data: { sportId: 1, limit: 1 } })).json() as { data: { results: Array<{ id: number; shortCode?: string }> } };
    const m = list.data.results[0]!;
    const sc = new ShortCodePage(app.page);
    await app.page.goto('/tr/shortcode');
    await sc.input().fill('zz99q');
    expect(await sc.input().inputValue()).toBe('ZZ99Q');
    await sc.submit().click();
    await expect.poll(() => sc.error().textContent()).toContain('ZZ99Q');
    await shot(app.page, 'shortcode');
    if (m.shortCode) {
      await sc.input().fill(m.shortCode.toLowerCase());
      await sc.submit().click();
      await app.page.waitForURL(new RegExp(`/tr/matchdetail/${m.id}`));
      await new MatchDetailPage(app.page).markets().first().waitFor();
    }
  });

  it('lists results from yesterday to tomorrow', async () => {
    await app.page.goto('/tr/results');
    const results = new ResultsPageModel(app.page);
    await results.list().or(app.page.locator('.state')).first().waitFor();
    await shot(app.page, 'results');
  });

  it('shows UpHigh highlights and a not-found match', async () => {
    await app.page.goto('/tr/highlights');
    await app.page.waitForURL(/\/tr\/uphigh\?act=1/);
    await new AllSportsPage(app.page).orAll(app.page.getByTestId('match-row').first());
    await shot(app.page, 'uphigh');
    await app.page.goto('/tr/matchdetail/99999999?ttype=N');
    await new MatchDetailPage(app.page).notFound().waitFor();
  });

  it('opens AllSports with the network off after one online visit and sees the tree', async () => {
    const all = new AllSportsPage(app.page);
    await all.open();
    await app.page.evaluate(async () => { await (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.ready; });
    await expect.poll(() => app.page.evaluate(async () => {
      const { caches } = globalThis as unknown as BrowserGlobals;
      for (const name of await caches.keys()) if (await (await caches.open(name)).match('/index.html', { ignoreSearch: true })) return true;
      return false;
    }), { timeout: 20_000 }).toBe(true);
    await app.context.setOffline(true);
    try {
      await app.page.goto('/tr/allsports');
      await all.treeOrAll();
      await all.staleBanner().waitFor();
      expect(await all.staleBanner().textContent()).toMatch(/Çevrimdışı, güncelleme/);
      await shot(app.page, 'offline');
    } finally {
      await app.context.setOffline(false);
    }
    expect(errors).toEqual([]);
  });
});
