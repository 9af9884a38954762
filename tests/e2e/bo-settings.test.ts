/**
 * Site settings from the back office reach an open app without a reload: the admin
 * switches maintenance mode on the general settings screen; a player's phone page already open on
 * Home shows the maintenance page (the server pushes the new revision over GET /ws/site and the
 * worker reloads the settings; the revision poll only runs while that socket is down), the back
 * office keeps working, and switching it off brings Home back. Both delays are printed.
 * Screenshots at 1280x800 and 390x844.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { collectErrors, useAppUnderTest } from './app-under-test.ts';
import { adminDesk } from './pages/backoffice-pages.ts';

describe('back office: site settings', () => {
  const app = useAppUnderTest('bo-settings', {}, { timeout: 180_000 });

  it('maintenance mode switched in the back office shows on an open phone without a reload', async () => {
    const phone = await app.newPhonePage();
    const phoneErrors = collectErrors(phone.page);
    // Listened for before the page loads: the settings may come before the page's first frame.
    const settingsRead = phone.page.waitForResponse((r) => r.url().includes('/api/settings'));
    await phone.page.goto('/tr/');
    await phone.page.locator('#main').waitFor();
    await settingsRead;
    const navigations: string[] = [];
    phone.page.on('framenavigated', (f) => { if (f === phone.page.mainFrame()) navigations.push(f.url()); });

    const { ctx, page, errors, bo } = await adminDesk(app.browser, app.server.url);
    for (const area of ['Genel ayarlar', 'Site ayarları', 'Tema ayarları', 'E-posta ayarları']) await bo.nav().getByRole('link', { name: area }).waitFor();

    await bo.open('settings-general');
    const maintenance = page.getByRole('checkbox', { name: /Bakım modu/ });
    await maintenance.check();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/bo/saveSiteSettings'));
    await page.getByRole('button', { name: 'Kaydet' }).click();
    expect(await (await saved).json()).toMatchObject({ status: true, changed: ['maintenance'] });
    const t0 = Date.now();
    await page.locator('.bo-ok').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-settings-general-1280.png') });

    // The open phone follows at once through the push (well inside the 10 s the poll would take), without a navigation.
    await phone.page.getByTestId('maintenance').waitFor({ timeout: 5_000 });
    console.log(`[bo-settings] the open app showed maintenance after ${Date.now() - t0} ms (pushed; the poll would take up to 10 s)`);
    expect(navigations).toEqual([]);
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'bo-settings-maintenance-390.png') });

    // The back office keeps working in maintenance (a fresh load too).
    await bo.open('settings-site');
    await page.locator('textarea[name=footer_text]').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-settings-site-1280.png') });

    await bo.open('settings-general');
    await page.getByRole('checkbox', { name: /Bakım modu/ }).uncheck();
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.locator('.bo-ok').waitFor();
    const t1 = Date.now();
    await expect.poll(() => phone.page.getByTestId('maintenance').count(), { timeout: 5_000, interval: 50 }).toBe(0);
    console.log(`[bo-settings] the open app left maintenance after ${Date.now() - t1} ms`);
    expect(navigations).toEqual([]);
    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await ctx.close();
    await phone.context.close();
  }, 120_000);
});
