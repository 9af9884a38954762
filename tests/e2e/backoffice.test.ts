/**
 * The back office in Chromium: a dealer signs in, creates a player, loads credit, the
 * player bets on a phone, the dealer finds the coupon and cancels it by permission, and cuts off
 * its sub-dealer's week. Screenshots at 1280x800 and 768x1024 go to tests/e2e/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { collectErrors, useAppUnderTest } from './app-under-test.ts';
import { BackOffice, desk } from './pages/backoffice-pages.ts';
import { LoginPageModel } from './pages/account-pages.ts';
import { BetSlip, SlipHome, minorOf } from './pages/betslip-pages.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';

const PLAYER = 'e2eoyuncu';
const PASSWORD = 'oyuncu5678';

describe('back office: a dealer runs a player', () => {
  const app = useAppUnderTest('backoffice', {}, { timeout: 180_000 });

  it('creates a player, loads credit, cancels the player\'s coupon and cuts off the sub-dealer', async () => {
    const ctx = await desk(app.browser, app.server.url);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const bo = new BackOffice(page);
    await bo.login('bayi1', 'bayi1234');
    await expect.poll(() => page.locator('.bo-role').textContent()).toBe('Bayi');

    // A new player under the dealer.
    await bo.createPlayer(PLAYER, PASSWORD);
    await page.keyboard.press('Escape');
    await bo.row(bo.table('Kullanıcılar'), PLAYER).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-users-1280.png') });

    // 100 TL from the dealer to the player, confirmed with the amount and both names.
    await bo.open('credit', { search: PLAYER });
    await bo.row(bo.table('Hesaplar'), PLAYER).getByRole('button', { name: 'Seç' }).click();
    await page.locator('input[name=amount]').fill('100');
    await page.getByRole('button', { name: 'Kredi yükle' }).click();
    await bo.confirmButton().waitFor();
    expect(await bo.dialog().textContent()).toContain(PLAYER);
    expect(await bo.dialog().textContent()).toContain('100,00');
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-credit-confirm-1280.png') });
    expect(await bo.confirm('loadCredit')).toMatchObject({ status: true, targetBalance: 10_000 });
    await expect.poll(() => bo.status().textContent()).toContain('yüklendi');

    // The player bets 10 TL on a phone.
    const phone = await app.newPhonePage();
    const login = new LoginPageModel(phone.page);
    await phone.page.goto('/tr/firstlogin');
    await login.fill(PLAYER, PASSWORD);
    const loggedIn = phone.page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await login.submit().click();
    expect(await (await loggedIn).json()).toMatchObject({ status: true });
    const home = new SlipHome(phone.page);
    await home.open();
    const [row] = await home.rowsWithOpenOdds(1);
    await home.pick(home.openOdds(row!).first());
    const slip = new BetSlip(phone.page);
    await slip.open();
    await slip.quickStake('10').click();
    const placed = await slip.place();
    expect(placed).toMatchObject({ status: true });
    await phone.context.close();

    // The dealer finds the coupon, opens it from the keyboard and cancels it (cancelCoupon permission).
    await bo.open('coupons', { userName: PLAYER });
    const couponRow = bo.row(bo.table('Kuponlar'), String(placed.ticketId));
    await couponRow.waitFor();
    await couponRow.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => bo.dialog().locator('h2').first().textContent()).toContain(String(placed.ticketId));
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-coupon-detail-1280.png') });
    await bo.dialog().getByRole('button', { name: 'Kuponu iptal et' }).click();
    await expect.poll(() => bo.confirmButton().textContent()).toBe('Kuponu iptal et');
    expect(await bo.dialog().textContent()).toContain(`${placed.ticketId} numaralı kuponu iptal`);
    expect(await bo.confirm('cancelCoupon')).toMatchObject({ status: true });
    await expect.poll(() => page.locator('dialog[open] .bo-summary').first().textContent()).toContain('İptal');
    await page.keyboard.press('Escape');
    await expect.poll(() => couponRow.textContent()).toContain('İptal');
    expect(minorOf(await couponRow.locator('td').nth(6).textContent())).toBe(placed.totalStake);

    // The dealer cuts off its sub-dealer's last seven ended days (the screen's default: a period that is over).
    await bo.open('cutoff');
    await page.getByRole('region', { name: 'Yeni hesap kesim' }).locator('select[name=dealerId]').selectOption({ label: 'altbayi1' });
    await page.getByRole('button', { name: 'Önizle' }).click();
    await page.getByRole('button', { name: 'Hesap kes' }).click();
    await bo.confirmButton().waitFor();
    expect(await bo.dialog().textContent()).toContain('altbayi1');
    expect(await bo.confirm('createCutoff')).toMatchObject({ status: true });
    await bo.row(bo.table('Hesap kesimleri'), 'altbayi1').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-cutoff-1280.png') });

    // The same screens on a tablet.
    const tablet = await desk(app.browser, app.server.url, { width: 768, height: 1024 });
    const tpage = await tablet.newPage();
    const tbo = new BackOffice(tpage);
    await tbo.login('bayi1', 'bayi1234');
    await tbo.open('coupons');
    await tbo.table('Kuponlar').locator('tbody tr').first().waitFor();
    await tpage.screenshot({ path: join(SCREENSHOTS, 'bo-coupons-768.png') });
    await tpage.getByRole('button', { name: 'Menü' }).click();
    await tpage.screenshot({ path: join(SCREENSHOTS, 'bo-menu-768.png') });
    await tablet.close();

    expect(errors).toEqual([]);
    await ctx.close();
  }, 240_000);

  it('asks the admin for the authenticator code, then opens the operator team\'s areas', async () => {
    const ctx = await desk(app.browser, app.server.url);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const bo = new BackOffice(page);
    await page.goto('/tr/bo');
    await page.locator('input[name=userName]').fill('admin');
    await page.locator('input[name=password]').fill('admin1234');
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    // The password alone is not enough: the code field appears.
    const otp = page.locator('input[name=otp]');
    await otp.waitFor();
    await otp.fill('000000');
    await page.getByRole('button', { name: 'Kodu onayla' }).click();
    await page.locator('.bo-login .bo-error').waitFor();
    await otp.fill(await otpNow(DEMO_TOTP.admin, Date.now()));
    await page.getByRole('button', { name: 'Kodu onayla' }).click();
    await bo.nav().waitFor();
    expect(await page.locator('.bo-role').textContent()).toBe('Yönetici');
    for (const area of ['Loglar', 'IP kayıtları', 'Yatırma ve çekim takibi']) await bo.nav().getByRole('link', { name: area }).waitFor();

    // The audit log with its chain check; '/' focuses the search field.
    await bo.open('logs');
    await bo.table('Denetim kaydı').locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Zinciri kontrol et' }).click();
    await page.locator('.bo-chain-ok').waitFor();
    await page.locator('body').press('/');
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } } }).document.activeElement.getAttribute('name'))).toBe('action');
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-audit-1280.png') });

    await bo.open('dealers');
    await bo.row(bo.table('Bayiler'), 'altbayi1').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-dealers-1280.png') });
    await bo.open('reports');
    await bo.table('Günlük rapor').locator('tbody tr').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-reports-1280.png') });
    // The CSV link next to the report is the server's stream with the same filters.
    const csv = await page.getByRole('link', { name: 'CSV indir' }).first().getAttribute('href');
    expect(csv).toMatch(/^\/api\/bo\/export\/dailyReport\.csv\?from=/);
    const download = await page.request.get(csv!);
    expect(download.status()).toBe(200);
    expect((await download.text()).split('\n')[0]).toContain('day');

    // Deposit and withdrawal tracking (the existing bo/transferRequests call) has its screen.
    await bo.open('transfers');
    await bo.table('Yatırma ve çekim talepleri').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-transfers-1280.png') });
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);
});
