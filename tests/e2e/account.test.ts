/**
 * Accounts, money and content in Chromium against the real server: guards, the Login
 * page with its failure notice and nextUrl, the account hub and menu, a deposit request, a
 * withdrawal that takes the amount off the balance, history, promotions by hash, time zone,
 * languages and the register form's checks. Screenshots at 390x844 in the dark theme.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { AccountHub, LoginPageModel, TransferPageModel } from './pages/account-pages.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `account-${name}.png`) });

describe('accounts, money and content in Chromium', () => {
  const app = useAppUnderTest('account', {}, { page: 'errors-and-5xx' });
  const { errors } = app;

  it('guards: a visitor is sent Home from the account and money pages', async () => {
    for (const path of ['myAccount', 'deposit']) {
      await app.page.goto(`/tr/${path}`);
      await app.page.waitForURL(/\/tr\/?$/, { timeout: 20_000 });
    }
  });

  it('login app.page: a wrong password shows the status 3 notice; a good one follows nextUrl', async () => {
    const login = new LoginPageModel(app.page);
    await app.page.goto('/tr/firstlogin?nextUrl=%2Ftr%2FmyAccount');
    await login.fill('demo', 'wrong-pass');
    await login.submit().click();
    await login.error().waitFor();
    expect(await login.error().textContent()).toBe('Yanlış kullanıcı adı yada şifre');
    expect(await app.page.getByTestId('notice').getAttribute('data-status')).toBe('3');
    await shot(app.page, 'login-failed');
    await login.fill('demo', 'demo1234');
    await login.submit().click();
    await app.page.waitForURL(/\/tr\/myAccount$/);
    const hub = new AccountHub(app.page);
    await hub.hub().waitFor();
    expect(await app.page.getByTestId('hub-username').textContent()).toBe('demo');
    expect(await hub.credit().textContent()).toContain('1.000,00 TL');
    await shot(app.page, 'hub');
    // Logged in, the logged-out pages send Home.
    await app.page.goto('/tr/register');
    await app.page.waitForURL(/\/tr\/?$/);
  });

  it('top bar: credit with currency, deposit button, account menu', async () => {
    const hub = new AccountHub(app.page);
    await hub.balance().waitFor();
    expect(await hub.balance().textContent()).toContain('TL');
    await hub.depositButton().waitFor();
    await hub.menuButton().click();
    await hub.menu().waitFor();
    expect(await hub.menu().textContent()).toContain('demo');
    await shot(app.page, 'menu');
    await app.page.keyboard.press('Escape');
  });

  it('deposit: category, method, form errors in order, back one level, a recorded request', async () => {
    const d = new TransferPageModel(app.page);
    await app.page.goto('/tr/deposit');
    await d.categories().first().waitFor();
    await d.categories().filter({ hasText: 'Banka Havalesi' }).click();
    await d.methods().filter({ hasText: 'Havale / EFT' }).click();
    await d.form().waitFor();
    await d.submit().click();
    // The error is said once, where it belongs: inline, not again in a notice over the form.
    await expect.poll(() => app.page.locator('.field-error, .form-error').first().textContent()).toContain('Tutar alanı zorunludur.');
    expect(await d.notice().count()).toBe(0);
    // Letters are dropped from an amount field as they are typed.
    await d.field('amount').pressSequentially('2a5');
    // The worker filters each key press asynchronously: wait for its answer.
    await expect.poll(() => d.field('amount').inputValue()).toBe('25');
    await d.back().click();
    await d.methods().first().waitFor();
    await d.methods().filter({ hasText: 'Havale / EFT' }).click();
    await d.field('amount').fill('250');
    await d.field('senderName').fill('Demo Oyuncu');
    await d.field('transferDate').fill('01.06.2026 10:30');
    await shot(app.page, 'deposit-form');
    await d.submit().click();
    await expect.poll(() => d.notice().textContent(), { timeout: 15_000 }).toContain('Yatırım talebiniz alınmıştır');
    await d.categories().first().waitFor();
  });

  it('withdraw: names prefilled and locked; the amount leaves the balance at once', async () => {
    const w = new TransferPageModel(app.page);
    await app.page.goto('/tr/withdraw');
    await w.categories().filter({ hasText: 'Banka Havalesi' }).click();
    await w.methods().first().click();
    await w.form().waitFor();
    expect(await w.field('firstName').inputValue()).toBe('Demo');
    expect(await w.field('firstName').isDisabled()).toBe(true);
    await w.field('amount').fill('100');
    await w.field('iban').fill('TR330006100519786457841326');
    await w.field('bankName').fill('Ziraat');
    await w.submit().click();
    await expect.poll(() => w.notice().textContent(), { timeout: 15_000 }).toContain('Çekim talebiniz alınmıştır');
    await expect.poll(() => app.page.getByTestId('balance').textContent(), { timeout: 15_000 }).toContain('900,00');
  });

  it('transfer requests and transactions list what happened', async () => {
    await app.page.goto('/tr/transferRequest');
    await app.page.getByTestId('history-list').waitFor();
    expect(await app.page.getByTestId('history-list').locator('li').count()).toBe(2);
    await shot(app.page, 'transfer-requests');
    await app.page.goto('/tr/transactions');
    await app.page.getByTestId('history-list').waitFor();
    expect(await app.page.getByTestId('history-list').textContent()).toContain('100,00 TL');
  });

  it('promotions: the detail opens by hash and back closes it first', async () => {
    await app.page.goto('/tr/promotions');
    await app.page.getByTestId('promotions').getByRole('button').first().click();
    await app.page.getByTestId('promotion-detail').waitFor();
    expect(app.page.url()).toMatch(/#\d+$/);
    await shot(app.page, 'promotion');
    await app.page.goBack();
    await app.page.getByTestId('promotions').waitFor();
    expect(app.page.url()).toMatch(/\/tr\/promotions$/);
  });

  it('time zone: the choice goes into the cookie `timezone`', async () => {
    await app.page.goto('/tr/timezone');
    await app.page.getByRole('searchbox').fill('new_york');
    await app.page.getByTestId('timezones').getByRole('button').first().click();
    const cookies = await app.context.cookies();
    expect(cookies.find((c) => c.name === 'timezone')?.value).toBe(encodeURIComponent('America/New_York'));
  });

  it('logout, then register checks the form in order and the username live', async () => {
    await app.page.goto('/tr/myAccount');
    await new AccountHub(app.page).logout().click();
    await app.page.waitForURL(/\/tr\/?$/);
    await app.page.goto('/tr/register');
    await app.page.getByTestId('register-form').waitFor();
    await app.page.locator('#reg-userName').fill('Mehmet!');
    await expect.poll(() => app.page.locator('#reg-userName').inputValue()).toBe('mehmet');
    await expect.poll(() => app.page.getByTestId('register-form').textContent(), { timeout: 10_000 }).toContain('Bu kullanıcı adı alınmış.');
    await app.page.getByTestId('register-submit').click();
    await expect.poll(() => app.page.getByTestId('register-form').textContent()).toContain('Bu alan zorunludur.');
    expect(await app.page.locator('#reg-country').inputValue()).toBe('218');
    await shot(app.page, 'register');
  });

  it('languages: choosing English goes Home in English', async () => {
    await app.page.goto('/tr/languages');
    await app.page.getByTestId('languages').getByRole('button', { name: /English/ }).click();
    await app.page.waitForURL(/\/en\/?$/);
    expect(errors).toEqual([]);
  });
});
