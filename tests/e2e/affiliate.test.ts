/**
 * The affiliate area in Chromium against the real server (demo: the affiliate feature on, ayse an
 * active affiliate with mehmet referred): hub entries, the manager with its summary and tabs, the
 * banners with a copyable code, and a player's request. Screenshots at 390x844.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { LoginPageModel } from './pages/account-pages.ts';

const SHOTS = process.env.SCREENSHOT_DIR ?? SCREENSHOTS;
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `affiliate-${name}.png`) });

describe('affiliate area in Chromium', () => {
  const app = useAppUnderTest('affiliate', { FEED_LIVE_COUNT: '4' }, { page: 'errors-and-5xx', permissions: ['clipboard-read', 'clipboard-write'] });
  const { errors } = app;

  const login = async (user: string, password: string, next: string) => {
    const l = new LoginPageModel(app.page);
    await app.page.goto(`/tr/firstlogin?nextUrl=${encodeURIComponent(next)}`);
    await l.fill(user, password);
    await l.submit().click();
    await app.page.waitForURL(new RegExp(`${next}$`));
  };

  it('a visitor is sent Home from the affiliate pages', async () => {
    await app.page.goto('/tr/affiliate');
    await app.page.waitForURL(/\/tr\/?$/, { timeout: 20_000 });
  });

  it('an active affiliate: hub entries, summary, users, movements, banners with a copyable code', async () => {
    await login('ayse', 'ayse1234', '/tr/myAccount');
    await app.page.getByTestId('hub-affiliate').waitFor();
    await app.page.getByTestId('hub-affiliate-banner').waitFor();
    await app.page.getByTestId('hub-affiliate').click();
    await app.page.waitForURL(/\/tr\/affiliate$/);
    await app.page.getByTestId('aff-summary').waitFor();
    expect(await app.page.getByTestId('aff-link').inputValue()).toBe(`${app.server.url}/tr/register/ayse2026`);
    expect(await app.page.getByTestId('aff-terms').textContent()).toContain('%30');
    await app.page.getByTestId('aff-users').waitFor();
    expect(await app.page.getByTestId('aff-users').textContent()).toContain('mehmet');
    await app.page.getByTestId('aff-tab-coupons').waitFor();
    await shot(app.page, 'manager');
    await app.page.getByTestId('aff-tab-moves').click();
    await app.page.locator('[data-testid="aff-moves"], [data-testid="aff-moves-empty"]').first().waitFor();
    await shot(app.page, 'movements');

    await app.page.goto('/tr/affiliateBanner');
    await app.page.getByTestId('aff-banners').waitFor();
    expect(await app.page.getByTestId('aff-code').textContent()).toBe('ayse2026');
    const img = app.page.locator('.aff-banners img').first();
    await expect.poll(() => img.evaluate((el) => (el as unknown as { complete: boolean; naturalWidth: number }).complete && (el as unknown as { naturalWidth: number }).naturalWidth)).toBe(728);
    await app.page.getByTestId('aff-copy').first().click();
    await app.page.getByTestId('notice').waitFor();
    expect(await app.page.getByTestId('notice').getAttribute('data-status')).toBe('1');
    const copied = await app.page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
    expect(copied).toContain('/tr/register/ayse2026');
    expect(copied).toMatch(/^<a href="[^"]+"[^>]*><img src="[^"]+\/banners\/aff\/728x90\.svg" width="728" height="90"/);
    await shot(app.page, 'banners');
  });

  it('a player who is not an affiliate sends the request; then it shows as already sent', async () => {
    await app.page.goto('/tr/myAccount');
    await app.page.getByTestId('logout').click();
    await app.page.waitForURL(/\/tr\/?$/);
    await login('demo', 'demo1234', '/tr/myAccount');
    await app.page.getByTestId('hub-affiliate').waitFor();
    expect(await app.page.getByTestId('hub-affiliate-banner').count()).toBe(0);
    await app.page.getByTestId('hub-affiliate').click();
    await app.page.getByTestId('aff-send').click();
    await app.page.getByTestId('aff-requested').waitFor();
    await shot(app.page, 'requested');
    await app.page.reload();
    await app.page.getByTestId('aff-requested').waitFor();
    expect(errors).toEqual([]);
  });
});
