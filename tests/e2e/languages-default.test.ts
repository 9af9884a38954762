/**
 * The site's languages decide where a visitor lands (account-platform.md section 2
 * guards): a first visit with no stored language opens in the `default_language` setting, and a
 * URL whose language the site does not offer goes to the current one, like an unknown code.
 * Home in German at 390x844 names sports and shows pop-ups in German or English, never Turkish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { useAppUnderTest } from './app-under-test.ts';
import { adminDesk } from './pages/backoffice-pages.ts';

const SHOTS = process.env.LANG_SHOTS ?? '/tmp/shots/lang2';
mkdirSync(SHOTS, { recursive: true });

describe('default and offered languages in Chromium', () => {
  const app = useAppUnderTest('languages-default', {}, { page: 'errors' });
  let save: (screen: string, settings: Record<string, unknown>) => Promise<unknown>;

  beforeAll(async () => {
    const { ctx, page } = await adminDesk(app.browser, app.server.url);
    save = async (screen, settings) => {
      const r = await page.request.post('/api/bo/saveSiteSettings', { data: { screen, settings } });
      return r.json();
    };
    expect(await save('general', { languages: ['de', 'en', 'tr'] })).toMatchObject({ status: true });
    expect(await save('theme', { default_language: 'de' })).toMatchObject({ status: true });
    void ctx;
  }, 90_000);

  afterAll(async () => {
    await save('theme', { default_language: 'tr' });
  });

  const langOf = (url: string) => new URL(url).pathname.split('/')[1];

  it('opens a first visit in the default language of the settings', async () => {
    const { context, page } = await app.newPhonePage();
    await page.goto('/');
    await page.waitForURL(/\/de\/?$/, { timeout: 20_000 });
    expect(await page.evaluate('document.documentElement.lang')).toBe('de');
    await page.getByText('Fußball').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(SHOTS, 'home-de-390.png') });
    const body = (await page.locator('body').textContent()) ?? '';
    for (const tr of ['Futbol', 'Basketbol', 'Haftanın fırsatı']) expect(body).not.toContain(tr);
    await context.close();
  }, 60_000);

  it('sends a language the site does not offer to the current one, an unknown code too', async () => {
    const { context, page } = await app.newPhonePage();
    await page.goto('/ru/coupons');
    await page.waitForURL((u) => langOf(u.href) === 'de', { timeout: 20_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/de\//);
    // A chosen language (stored) is kept: an unoffered code then goes to it.
    await page.goto('/en/');
    await page.waitForURL(/\/en\/?$/);
    await expect.poll(() => page.evaluate("localStorage.getItem('lang')"), { timeout: 20_000 }).toBe('en');
    await page.goto('/fa/');
    await page.waitForURL((u) => langOf(u.href) === 'en', { timeout: 20_000 });
    await page.goto('/xx/');
    await page.waitForURL((u) => langOf(u.href) === 'en', { timeout: 20_000 });
    await context.close();
  }, 60_000);
});
