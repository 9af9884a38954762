/**
 * Live MatchDetail and LiveBets extras in Chromium against the real server (demo settings:
 * second_live_view 1, tv_access 1): the market filter tabs change the groups shown while the feed
 * patches them, the list-view toggle shows and is remembered, and the TV section asks a visitor to
 * log in and shows the stream area to a logged-in player.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { collectErrors, useAppUnderTest } from './app-under-test.ts';
import { LoginPopup } from './pages/app-pages.ts';
import { LiveBetsPage, LiveDetailPage } from './pages/live-pages.ts';

/** Screenshots to look at (the brief's path), beside the suite's own. */
const SHOTS = process.env.LIVE_SHOTS ?? '/tmp';

describe('live MatchDetail filters, list view and TV in Chromium', () => {
  const app = useAppUnderTest('live-detail', { FEED_LIVE_COUNT: '12', FEED_SEED: '5', FEED_SPEED: '20', FEED_ID_BASE: '6000000' }, { timeout: 90_000 });

  it('shows the list-view toggle with second_live_view 1 and remembers the choice', async () => {
    const { context, page } = await app.newPhonePage();
    const live = new LiveBetsPage(page);
    await live.open();
    const toggle = page.getByTestId('live-list-view');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('[data-testid=live-row].compact').count()).toBe(0);
    await toggle.click();
    await expect.poll(() => page.locator('[data-testid=live-row].compact').count()).toBeGreaterThan(0);
    // a reload keeps it (IndexedDB through the worker)
    await page.reload();
    await live.rows().first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('live-list-view').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('[data-testid=live-row].compact').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'livescreens-list-view.png') });
    await page.getByTestId('live-list-view').click();
    await expect.poll(() => page.locator('[data-testid=live-row].compact').count()).toBe(0);
    await context.close();
  }, 90_000);

  it('filters market groups by tab as the feed patches them, and guards the TV stream', async () => {
    const { context, page } = await app.newPhonePage();
    const errors = collectErrors(page);
    // football: the sport with the most markets and tabs (and on TV in the simulator)
    await page.goto('/tr/livebets?sid=1');
    const live = new LiveBetsPage(page);
    await live.rows().first().waitFor({ timeout: 30_000 });
    await live.rows().first().locator('a.live-teams').click();
    const detail = new LiveDetailPage(page);
    await detail.header().waitFor({ timeout: 15_000 });
    const tabs = page.getByTestId('market-filters').getByRole('tab');
    const tab = (id: string) => page.locator(`[role=tab][data-filter=${id}]`);
    await expect.poll(() => tabs.count(), { timeout: 15_000 }).toBeGreaterThan(2);
    expect(await tabs.first().getAttribute('data-filter')).toBe('all');
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');

    const types = async () => (await detail.groups().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-type')))));
    const all = await types();
    expect(all.length).toBeGreaterThan(3);
    // the first 10 groups are open, the rest closed
    expect(await page.locator('[data-testid=market-group][open]').count()).toBe(Math.min(10, all.length));

    // over/under: only total markets (18, 68, 90), fewer than all
    await tab('total').click();
    expect(await tab('total').getAttribute('aria-selected')).toBe('true');
    const totals = await types();
    expect(totals.length).toBeGreaterThan(0);
    expect(totals.length).toBeLessThan(all.length);
    expect(totals.every((t) => [18, 68, 90].includes(t))).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'livescreens-detail-filter.png') });
    // main: 1X2 and friends only
    await tab('main').click();
    const main = await types();
    expect(main.length).toBeGreaterThan(0);
    expect(main.every((t) => [1, 186, 10, 29].includes(t))).toBe(true);
    // the feed keeps patching under a filter: odds keep their cells, the filter holds
    await page.waitForTimeout(3000);
    expect((await types()).every((t) => [1, 186, 10, 29].includes(t))).toBe(true);
    await tab('all').click();
    expect((await types()).length).toBeGreaterThanOrEqual(main.length + totals.length);

    // TV: a visitor is asked to log in; after login the stream area shows (demo placeholder)
    const tv = page.getByTestId('live-tv');
    await tv.waitFor({ timeout: 10_000 });
    expect(await tv.getAttribute('data-state')).toBe('login');
    await page.screenshot({ path: join(SHOTS, 'livescreens-detail.png') });
    await tv.getByRole('button').click();
    await new LoginPopup(page).logIn('demo', 'demo1234');
    await expect.poll(() => tv.getAttribute('data-state'), { timeout: 10_000 }).toBe('ok');
    // the player opens on request
    expect(await tv.getByRole('img').count()).toBe(0);
    await page.getByTestId('live-tv-watch').click();
    await expect.poll(() => tv.getByRole('img').count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'livescreens-detail-tv.png') });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
