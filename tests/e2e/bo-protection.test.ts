/**
 * Player protection in the back office: a dealer creates a player, opens its Protection
 * tab, applies a 7-day time-out behind the confirmation that names the player and the length, and
 * sees the state; a shorter time-out afterwards is refused in place (protectionNotShorter), and the
 * player's phone shows the time-out. Screenshots at 1280x800.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { collectErrors, useAppUnderTest } from './app-under-test.ts';
import { BackOffice, desk } from './pages/backoffice-pages.ts';
import { LoginPageModel } from './pages/account-pages.ts';

const PLAYER = 'korunan1';
const PASSWORD = 'korunan5678';

describe('back office: player protection', () => {
  const app = useAppUnderTest('bo-protection', {}, { timeout: 180_000 });

  it('a dealer applies a time-out to its player, sees the state, and cannot shorten it', async () => {
    const ctx = await desk(app.browser, app.server.url);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const bo = new BackOffice(page);
    await bo.login('bayi1', 'bayi1234');

    await bo.createPlayer(PLAYER, PASSWORD);

    // The player's Protection tab: no block yet.
    const loaded = page.waitForResponse((r) => r.url().endsWith('/api/bo/playerProtection'));
    await bo.dialog().getByRole('tab', { name: 'Koruma' }).click();
    expect(await (await loaded).json()).toMatchObject({ status: true, state: 'active', blocks: [] });
    const section = page.getByRole('region', { name: 'Koruma' });
    await expect.poll(() => section.locator('.bo-badge').textContent()).toBe('Engel yok');

    // A 7-day time-out, confirmed in a destructive dialog naming the player and the length.
    await section.locator('select[name=protection]').selectOption('break:7');
    await section.locator('input[name=reason]').fill('Oyuncu telefonla istedi');
    await section.getByRole('button', { name: 'Uygula' }).click();
    await bo.confirmButton().waitFor();
    expect(await bo.dialog().textContent()).toContain(PLAYER);
    expect(await bo.dialog().textContent()).toContain('7 gün');
    expect(await bo.confirmButton().getAttribute('class')).toContain('bo-btn-danger');
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-protection-confirm-1280.png') });
    expect(await bo.confirm('applyProtection')).toMatchObject({ status: true });

    // The state: on a time-out, until about a week from now, applied by the dealer with the reason.
    await expect.poll(() => section.locator('.bo-badge').textContent()).toBe('Molada');
    const blocks = page.getByRole('table', { name: 'Molalar ve hariç tutmalar' });
    const row = bo.row(blocks, 'Oyuncu telefonla istedi');
    await row.waitFor();
    expect(await row.textContent()).toContain('Mola');
    expect(await row.textContent()).toContain('bayi1');
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-protection-1280.png') });

    // A 1-day time-out would end sooner: refused, shown in the dialog, the state unchanged.
    await section.locator('select[name=protection]').selectOption('break:1');
    await section.locator('input[name=reason]').fill('Yeniden istedi');
    await section.getByRole('button', { name: 'Uygula' }).click();
    expect(await bo.confirm('applyProtection')).toMatchObject({ status: false, error: 'protectionNotShorter' });
    await expect.poll(() => bo.dialog().locator('.bo-error').textContent()).toContain('kısaltılamaz');
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-protection-refused-1280.png') });
    await page.keyboard.press('Escape');
    expect(await blocks.locator('tbody tr').count()).toBe(1);

    // The player sees the time-out on the phone's protection page.
    const phone = await app.newPhonePage();
    await phone.page.goto(`/tr/firstlogin?nextUrl=${encodeURIComponent('/tr/protection')}`);
    const login = new LoginPageModel(phone.page);
    await login.fill(PLAYER, PASSWORD);
    await login.submit().click();
    await phone.page.waitForURL((u) => u.pathname === '/tr/protection');
    await phone.page.getByTestId('protection-state').waitFor({ timeout: 10_000 });
    expect(await phone.page.getByTestId('protection-banner').textContent()).toContain('mola veriyorsunuz');
    await phone.context.close();

    expect(errors).toEqual([]);
    await ctx.close();
  }, 180_000);
});
