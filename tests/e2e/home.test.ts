/**
 * Home in Chromium against the real server (PGlite, the live simulator): the banner carousel
 * with its dots, the "live now" groups whose count link opens LiveBets of that sport, and the
 * prematch and live jackpots, which a visitor does not see and a logged-in player does.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { collectErrors, useAppUnderTest } from './app-under-test.ts';
import { LoginPopup } from './pages/app-pages.ts';


/** The part of an image element read inside page.evaluate (this realm has no DOM types). */
interface ImageLike { complete: boolean; naturalWidth: number }

describe('Home content', () => {
  const app = useAppUnderTest('home', { FEED_LIVE_COUNT: '12', FEED_SEED: '11', FEED_ID_BASE: '7000000' }, { timeout: 180_000 });

  it('shows the banners and the live matches by sport; a count link opens LiveBets of that sport', async () => {
    const { context, page } = await app.newPhonePage();
    // a visitor's userdata is a 401 by design; a missing banner image or a server error is not
    const errors = collectErrors(page, (status, url) => status >= 500 || (status >= 400 && !url.endsWith('/api/userdata')));

    await page.goto('/tr/');
    const top = page.getByTestId('home-banners-top');
    await top.waitFor();
    const slides = top.getByTestId('banner-slide');
    expect(await slides.count()).toBe(3);
    // the first banner image is really there (same-origin /banners/...)
    const first = slides.first().locator('img');
    expect(await first.getAttribute('src')).toBe('/banners/home-welcome.svg');
    await expect.poll(() => first.evaluate((img) => { const i = img as unknown as ImageLike; return i.complete && i.naturalWidth > 0; })).toBe(true);
    expect(await first.getAttribute('alt')).toBeTruthy();

    // the dots move the carousel (reduced motion in this context: no autoplay, the dots still work)
    const dots = top.locator('.banner-dot');
    expect(await dots.count()).toBe(3);
    expect(await dots.nth(0).getAttribute('aria-current')).toBe('true');
    await dots.nth(1).click();
    await expect.poll(() => dots.nth(1).getAttribute('aria-current')).toBe('true');
    expect(await top.locator('.banner-pause').count()).toBe(0);

    // a visitor sees no jackpots
    expect(await page.getByTestId('home-jackpots').count()).toBe(0);

    // live now: groups by sport, at most 5 rows each, a count link per sport
    const live = page.getByTestId('home-live');
    await live.waitFor({ timeout: 30_000 });
    const sections = live.locator('section');
    expect(await sections.count()).toBeGreaterThan(0);
    for (let i = 0; i < await sections.count(); i++) {
      const rows = await sections.nth(i).getByTestId('home-live-row').count();
      expect(rows).toBeGreaterThan(0);
      expect(rows).toBeLessThanOrEqual(5);
    }
    await live.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'home-live.png') });
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOTS, 'home.png') });

    const link = live.getByTestId('live-count-link').first();
    const count = Number(await link.getAttribute('data-count'));
    expect(count).toBeGreaterThan(0);
    const href = (await link.getAttribute('href'))!;
    const sid = Number(/sid=(\d+)/.exec(href)![1]);
    await link.click();
    await page.waitForURL(new RegExp(`/tr/livebets\\?sid=${sid}$`));
    await page.getByTestId('live-row').first().waitFor({ timeout: 30_000 });

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the prematch and live jackpots with 4 decimals once a player logs in', async () => {
    const { context, page } = await app.newPhonePage();
    await page.goto('/tr/');
    await page.getByTestId('home-banners-top').waitFor();
    expect(await page.getByTestId('home-jackpots').count()).toBe(0);

    await page.locator('.topbar .btn-primary').click();
    await new LoginPopup(page).logIn('demo', 'demo1234');
    const jackpots = page.getByTestId('home-jackpots');
    await jackpots.waitFor({ timeout: 15_000 });
    for (const key of ['prematch', 'live']) {
      expect(await jackpots.getByTestId(`jackpot-${key}`).locator('strong').textContent()).toMatch(/^\d{1,3}(\.\d{3})*,\d{4} TL$/);
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'home-jackpots.png') });
    await context.close();
  }, 60_000);
});
