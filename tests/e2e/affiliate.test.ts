/**
 * The affiliate area in Chromium against the real server (demo: the affiliate feature on, ayse an
 * active affiliate with mehmet referred): hub entries, the manager with its summary and tabs, the
 * banners with a copyable code, and a player's request. Screenshots at 390x844.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, phone, SCREENSHOTS } from './browser.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { LoginPageModel } from './pages/account-pages.ts';

const STATIC = process.env.STATIC_DIR ?? 'dist';
const SHOTS = process.env.SCREENSHOT_DIR ?? SCREENSHOTS;
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `affiliate-${name}.png`) });

describe('affiliate area in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(STATIC, 'index.html'))) throw new Error(`${STATIC}/ is missing: run \`npx vite build\` first`);
    dataDir = mkdtempSync(join(tmpdir(), 'bet-e2e-affiliate-'));
    [browser, server] = await Promise.all([launch(), startServer({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', STATIC_DIR: STATIC, FEED_LIVE_COUNT: '4' })]);
    context = await phone(browser, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => { if (r.status() >= 500) errors.push(`${r.status()} ${r.url()}`); });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async (user: string, password: string, next: string) => {
    const l = new LoginPageModel(page);
    await page.goto(`/tr/firstlogin?nextUrl=${encodeURIComponent(next)}`);
    await l.fill(user, password);
    await l.submit().click();
    await page.waitForURL(new RegExp(`${next}$`));
  };

  it('a visitor is sent Home from the affiliate pages', async () => {
    await page.goto('/tr/affiliate');
    await page.waitForURL(/\/tr\/?$/, { timeout: 20_000 });
  });

  it('an active affiliate: hub entries, summary, users, movements, banners with a copyable code', async () => {
    await login('ayse', 'ayse1234', '/tr/myAccount');
    await page.getByTestId('hub-affiliate').waitFor();
    await page.getByTestId('hub-affiliate-banner').waitFor();
    await page.getByTestId('hub-affiliate').click();
    await page.waitForURL(/\/tr\/affiliate$/);
    await page.getByTestId('aff-summary').waitFor();
    expect(await page.getByTestId('aff-link').inputValue()).toBe(`${server.url}/tr/register/ayse2026`);
    expect(await page.getByTestId('aff-terms').textContent()).toContain('%30');
    await page.getByTestId('aff-users').waitFor();
    expect(await page.getByTestId('aff-users').textContent()).toContain('mehmet');
    await page.getByTestId('aff-tab-coupons').waitFor();
    await shot(page, 'manager');
    await page.getByTestId('aff-tab-moves').click();
    await page.locator('[data-testid="aff-moves"], [data-testid="aff-moves-empty"]').first().waitFor();
    await shot(page, 'movements');

    await page.goto('/tr/affiliateBanner');
    await page.getByTestId('aff-banners').waitFor();
    expect(await page.getByTestId('aff-code').textContent()).toBe('ayse2026');
    const img = page.locator('.aff-banners img').first();
    await expect.poll(() => img.evaluate((el) => (el as unknown as { complete: boolean; naturalWidth: number }).complete && (el as unknown as { naturalWidth: number }).naturalWidth)).toBe(728);
    await page.getByTestId('aff-copy').first().click();
    await page.getByTestId('notice').waitFor();
    expect(await page.getByTestId('notice').getAttribute('data-status')).toBe('1');
    const copied = await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
    expect(copied).toContain('/tr/register/ayse2026');
    expect(copied).toMatch(/^<a href="[^"]+"[^>]*><img src="[^"]+\/banners\/aff\/728x90\.svg" width="728" height="90"/);
    await shot(page, 'banners');
  });

  it('a player who is not an affiliate sends the request; then it shows as already sent', async () => {
    await page.goto('/tr/myAccount');
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/tr\/?$/);
    await login('demo', 'demo1234', '/tr/myAccount');
    await page.getByTestId('hub-affiliate').waitFor();
    expect(await page.getByTestId('hub-affiliate-banner').count()).toBe(0);
    await page.getByTestId('hub-affiliate').click();
    await page.getByTestId('aff-send').click();
    await page.getByTestId('aff-requested').waitFor();
    await shot(page, 'requested');
    await page.reload();
    await page.getByTestId('aff-requested').waitFor();
    expect(errors).toEqual([]);
  });
});
