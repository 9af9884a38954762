/**
 * Player protection in Chromium: a deposit limit set on the protection page, a deposit
 * that would cross it refused with the limit named; a time-out started with its confirmation and
 * the app changed by it (banner on every page, the deposit page closed). Screenshots at 390x844.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { LoginPageModel, TransferPageModel } from './pages/account-pages.ts';

const SHOTS = process.env.SCREENSHOT_DIR ?? SCREENSHOTS;
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `protection-${name}.png`) });

async function login(page: Page, user: string, password: string, next: string) {
  await page.goto(`/tr/firstlogin?nextUrl=${encodeURIComponent(next)}`);
  const form = new LoginPageModel(page);
  await form.fill(user, password);
  await form.submit().click();
  await page.waitForURL((u) => u.pathname === next);
}

describe('player protection in Chromium', () => {
  const app = useAppUnderTest('protection', { FEED_LIVE_COUNT: '4' }, { page: 'errors' });

  it('sets a daily deposit limit, then a deposit past it is refused naming the limit', async () => {
    const { page } = app;
    await login(page, 'mehmet', 'mehmet1234', '/tr/protection');
    await page.getByTestId('limits').waitFor();
    await page.getByTestId('limit-kind').selectOption('deposit');
    await page.getByTestId('limit-period').selectOption('day');
    await page.getByTestId('limit-amount').fill('3000');
    await page.getByTestId('limit-save').click();
    // The opening credit of 500.00 is a deposit of the last 24 hours: it counts against the limit.
    const row = page.getByTestId('limit-deposit-day');
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('3.000,00');
    expect(await row.textContent()).toContain('500,00');
    // A raise waits 24 hours and is shown with its time.
    await page.getByTestId('limit-amount').fill('4000');
    await page.getByTestId('limit-save').click();
    await expect.poll(() => page.getByTestId('limit-pending').textContent(), { timeout: 10_000 }).toContain('4.000,00');
    await shot(page, 'limits');

    const d = new TransferPageModel(page);
    await page.goto('/tr/deposit');
    await page.getByTestId('deposit-limits-link').waitFor();
    await d.categories().filter({ hasText: 'Banka Havalesi' }).click();
    await d.methods().filter({ hasText: 'Havale / EFT' }).click();
    await d.field('amount').fill('2600');
    await d.field('senderName').fill('Mehmet Demir');
    await d.field('transferDate').fill('01.06.2026 10:30');
    await d.submit().click();
    // Said once, inline on the form (not again in a notice over it).
    await expect.poll(() => page.locator('.field-error, .form-error').first().textContent(), { timeout: 15_000 }).toContain('Limitinize ulaştınız: günlük para yatırma');
    await shot(page, 'deposit-refused');
    // Within the limit it goes through.
    await d.field('amount').fill('2500');
    await d.submit().click();
    await expect.poll(() => d.notice().textContent(), { timeout: 15_000 }).toContain('Yatırım talebiniz alınmıştır');
  });

  it('a reality check every 15 minutes shows the session time, stakes and net result; continue closes it', async () => {
    const { page } = app;
    await page.context().clearCookies();
    // The page's clock is Playwright's: 15 minutes pass in an instant.
    await page.clock.install();
    await login(page, 'demo', 'demo1234', '/tr/protection');
    await page.getByTestId('reality-15').click();
    await expect.poll(() => page.getByTestId('reality-15').getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await page.clock.fastForward('15:05');
    const dialog = page.getByTestId('reality-check');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.textContent()).toContain('15 dk');
    expect(await dialog.textContent()).toContain('Net sonuç');
    await shot(page, 'reality-check');
    await page.getByTestId('reality-continue').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByTestId('reality-0').click();
  });

  it('a time-out is confirmed, then every page shows it and the deposit page is closed to deposits', async () => {
    const { page } = app;
    await page.context().clearCookies();
    await login(page, 'ayse', 'ayse1234', '/tr/protection');
    await page.getByTestId('break-1').click();
    await page.getByTestId('confirm-ok').waitFor();
    await shot(page, 'break-confirm');
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('protection-state').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('protection-banner').textContent()).toContain('mola veriyorsunuz');
    // The break cannot be taken again nor self-exclusion started from here: those sections are gone.
    expect(await page.getByTestId('break-7').count()).toBe(0);
    await page.evaluate('window.scrollTo(0, 0)');
    await shot(page, 'on-break');

    await page.goto('/tr');
    await page.getByTestId('protection-banner').waitFor();
    await page.locator('.odd').first().waitFor({ timeout: 15_000 });
    await shot(page, 'home-on-break');
    await page.goto('/tr/deposit');
    await page.getByTestId('protection-state').waitFor();
    expect(await page.getByTestId('pay-categories').count()).toBe(0);
    expect(await page.getByTestId('deposit-limit-prompt').count()).toBe(0);
    await shot(page, 'deposit-on-break');
    // The server refuses what the page would send.
    const refused = await page.evaluate(async () => {
      const r = await fetch('/api/depositRequest', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payId: 1, payCatId: 1, amount: 10_000, transferType: 0, values: [{ name: 'amount', value: '100' }, { name: 'senderName', value: 'Ayse' }, { name: 'transferDate', value: '01.06.2026 10:30' }] }),
      });
      return (await r.json() as { error?: string }).error;
    });
    expect(refused).toBe('onBreak');
    expect(app.errors).toEqual([]);
  });
});
