import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { HomePage } from './pages/app-pages.ts';

/** The few browser globals these tests touch inside page.evaluate (this realm has no DOM types). */
interface BrowserGlobals {
  navigator: { serviceWorker: { ready: Promise<unknown> } };
  caches: { keys(): Promise<string[]>; open(name: string): Promise<{ match(url: string, opts: { ignoreSearch: boolean }): Promise<unknown> }> };
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('app shell: languages, guards, PWA', () => {
  const app = useAppUnderTest('shell');

  it('redirects the root and unknown language codes to the current language', async () => {
    const { context, page } = await app.newPhonePage();
    await page.goto('/');
    await page.waitForURL(/\/tr\/?$/);
    await page.goto('/en/');
    await new HomePage(page).rows().first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('navigation', { name: 'Main' }).textContent()).toContain('Home');
    // 'en' is now the current language: an unknown code keeps the path and takes it.
    await page.goto('/xx/betslip');
    await page.waitForURL(/\/en\/betslip$/);
    await context.close();
  });

  it('sends a visitor away from Coupons to Home', async () => {
    const { context, page } = await app.newPhonePage();
    await page.goto('/tr/coupons');
    await page.waitForURL(/\/tr\/?$/);
    await context.close();
  });

  it('mirrors the layout for a right-to-left language', async () => {
    const { context, page } = await app.newPhonePage();
    await page.goto('/fa/');
    await new HomePage(page).rows().first().waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.screenshot({ path: join(SCREENSHOTS, 'rtl-home.png') });
    await context.close();
  });

  it('shows the iPhone add-to-home hint until it is dismissed, then never again', async () => {
    const { context, page } = await app.newPhonePage(IPHONE);
    await page.goto('/tr/');
    const hint = page.getByTestId('install-hint');
    await hint.waitFor();
    await hint.getByRole('button').click();
    await hint.waitFor({ state: 'detached' });
    await page.reload();
    await new HomePage(page).rows().first().waitFor();
    expect(await hint.count()).toBe(0);
    await context.close();
  });

  it('serves no install hint on Android', async () => {
    const { context, page } = await app.newPhonePage();
    await page.goto('/tr/');
    await new HomePage(page).rows().first().waitFor();
    expect(await page.getByTestId('install-hint').count()).toBe(0);
    await context.close();
  });

  it('installs a service worker that opens the app and the last matches offline', async () => {
    const { context, page } = await app.newPhonePage();
    await page.goto('/tr/');
    await new HomePage(page).rows().first().waitFor();
    const manifest = await (await page.request.get('/manifest.webmanifest')).json() as { start_url: string; icons: unknown[] };
    expect(manifest.start_url).toBe('/tr/');
    expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
    await page.evaluate(async () => { await (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.ready; });
    // Wait until the precache holds the shell before cutting the network.
    await expect.poll(() => page.evaluate(async () => {
      const { caches } = globalThis as unknown as BrowserGlobals;
      for (const name of await caches.keys()) if (await (await caches.open(name)).match('/index.html', { ignoreSearch: true })) return true;
      return false;
    }), { timeout: 20_000 }).toBe(true);

    await context.setOffline(true);
    await page.goto('/tr/');
    await new HomePage(page).rows().first().waitFor();
    expect(await page.getByRole('status').filter({ hasText: /çevrimdışı|offline/i }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'offline-home.png') });
    await context.close();
  });
});
