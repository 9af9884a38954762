/**
 * Content edited in the back office shows in a player's open app without a reload: the
 * admin uploads a new image for Home's first banner and retitles it, then edits the About page
 * (with a script the server strips); a phone (390x844) already open on Home, then on the page,
 * follows through the site push (GET /ws/site) with no navigation. The delays are printed.
 * Screenshots at 1280x800 and 390x844.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import sharp from 'sharp';
import { SCREENSHOTS } from './browser.ts';
import { collectErrors, useAppUnderTest } from './app-under-test.ts';
import { adminDesk } from './pages/backoffice-pages.ts';

/** A 1170 x 420 banner picture: bold stripes and a disc, easy to tell from the demo's. */
const bannerPng = (): Promise<Buffer> => sharp(Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="1170" height="420">
     <rect width="1170" height="420" fill="#0b3d2e"/>
     ${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 100}" y="0" width="50" height="420" fill="#1f8a5b" opacity="0.6"/>`).join('')}
     <circle cx="930" cy="210" r="150" fill="#ffd23f"/>
   </svg>`)).png().toBuffer();

describe('back office: content', () => {
  const app = useAppUnderTest('bo-content', {}, { timeout: 180_000 });

  it('a banner and a page edited in the back office show in the open app', async () => {
    const phone = await app.newPhonePage();
    const phoneErrors = collectErrors(phone.page);
    await phone.page.goto('/tr/');
    const firstSlide = phone.page.getByTestId('home-banners-top').getByTestId('banner-slide').first();
    await firstSlide.locator('img').waitFor({ state: 'attached' }).catch(async (err: unknown) => {
      await phone.page.screenshot({ path: join(SCREENSHOTS, 'bo-content-home-failed-390.png') });
      throw err;
    });
    const srcBefore = await firstSlide.locator('img').getAttribute('src');
    const navigations: string[] = [];
    phone.page.on('framenavigated', (f) => { if (f === phone.page.mainFrame()) navigations.push(f.url()); });

    const { ctx, page, errors, bo } = await adminDesk(app.browser, app.server.url);
    for (const area of ['Bannerlar', 'Sayfalar', 'Açılır pencereler', 'Bildirimler', 'Bonuslar ve promosyonlar', 'Ödeme yöntemleri']) await bo.nav().getByRole('link', { name: area }).waitFor();

    // ---- the banner: a new image uploaded (resized by the server) and a new title
    await bo.open('content-banners');
    const rows = bo.table('Bannerlar').locator('tbody tr');
    await rows.first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-content-banners-1280.png') });
    await rows.first().click();
    const dialog = bo.dialog();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/bo/uploadImage'));
    await dialog.locator('input[name=urlFile]').setInputFiles({ name: 'yeni.png', mimeType: 'image/png', buffer: await bannerPng() });
    const up = (await (await uploaded).json()) as { status: boolean; image: { url: string; widths: number[] } };
    expect(up).toMatchObject({ status: true, image: { widths: [390, 780, 1170] } });
    await expect.poll(() => dialog.locator('input[name=url]').inputValue()).toBe(up.image.url);
    await dialog.locator('input[name=title]').fill('Yeni Sezon Bonusu');
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-content-banner-edit-1280.png') });
    const saved = await bo.confirm('saveBanner');
    expect(saved).toMatchObject({ status: true });
    const tBanner = Date.now();

    // The open phone shows the new image within the push, without a navigation.
    const img = firstSlide.locator('img');
    await expect.poll(() => img.getAttribute('src'), { timeout: 8_000, interval: 50 }).toMatch(/^\/banners\/media\/[0-9a-f]{24}-1170$/);
    console.log(`[bo-content] the open app showed the new banner after ${Date.now() - tBanner} ms`);
    expect(await img.getAttribute('src')).not.toBe(srcBefore);
    expect(await img.getAttribute('alt')).toBe('Yeni Sezon Bonusu');
    await expect.poll(() => img.evaluate((el: { complete: boolean; naturalWidth: number }) => (el.complete ? el.naturalWidth : 0)), { timeout: 5_000 }).toBeGreaterThan(0);
    expect(navigations).toEqual([]);
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'bo-content-banner-390.png') });

    // ---- the page: About (7) edited with hostile markup; the phone is on it
    await phone.page.goto('/tr/page/7');
    const article = phone.page.getByTestId('static-page');
    await article.waitFor();
    const before = navigations.length;
    await bo.open('content-pages');
    await bo.table('Sayfalar').locator('tbody tr').filter({ hasText: '(7)' }).first().click();
    await bo.dialog().locator('input[name=title]').fill('Biz Kimiz');
    await bo.dialog().locator('textarea[name=content]').fill('<h3>Yeni metin</h3><p>Her maçta <b>en iyi oranlar</b>.</p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">');
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-content-page-edit-1280.png') });
    expect(await bo.confirm('savePage')).toMatchObject({ status: true });
    const tPage = Date.now();
    await article.getByText('en iyi oranlar').waitFor({ timeout: 8_000 });
    console.log(`[bo-content] the open app showed the edited page after ${Date.now() - tPage} ms`);
    expect(await article.locator('script, img').count()).toBe(0);
    expect(await phone.page.evaluate('window.hacked')).toBeUndefined();
    await expect.poll(() => phone.page.locator('h1, .acc-page-title, header').filter({ hasText: 'Biz Kimiz' }).count()).toBeGreaterThan(0);
    expect(navigations.length).toBe(before);
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'bo-content-page-390.png') });

    // The other content screens draw their stored data.
    for (const [path, table] of [['content-popups', 'Açılır pencereler'], ['content-bonuses', 'Bonuslar ve promosyonlar']] as const) {
      await bo.open(path);
      await bo.table(table).locator('tbody tr').first().waitFor();
    }
    await bo.open('content-payments');
    await page.getByRole('region', { name: 'Banka Havalesi' }).first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-content-payments-1280.png'), fullPage: true });

    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await ctx.close();
    await phone.context.close();
  }, 150_000);
});
