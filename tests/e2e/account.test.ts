/**
 * Accounts, money and content in Chromium against the real server (issue 7): guards, the Login
 * page with its failure notice and nextUrl, the account hub and menu, a deposit request, a
 * withdrawal that takes the amount off the balance, history, promotions by hash, time zone,
 * languages and the register form's checks. Screenshots at 390x844 in the dark theme.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, phone, SCREENSHOTS } from './browser.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { AccountHub, LoginPageModel, TransferPageModel } from './pages/account-pages.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `account-${name}.png`) });

describe('accounts, money and content in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npx vite build` first');
    dataDir = mkdtempSync(join(tmpdir(), 'bet-e2e-account-'));
    [browser, server] = await Promise.all([launch(), startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })]);
    context = await phone(browser, server.url);
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => { if (r.status() >= 500) errors.push(`${r.status()} ${r.url()}`); });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('guards: a visitor is sent Home from the account and money pages', async () => {
    for (const path of ['myAccount', 'deposit']) {
      await page.goto(`/tr/${path}`);
      await page.waitForURL(/\/tr\/?$/, { timeout: 20_000 });
    }
  });

  it('login page: a wrong password shows the status 3 notice; a good one follows nextUrl', async () => {
    const login = new LoginPageModel(page);
    await page.goto('/tr/firstlogin?nextUrl=%2Ftr%2FmyAccount');
    await login.fill('demo', 'wrong-pass');
    await login.submit().click();
    await login.error().waitFor();
    expect(await login.error().textContent()).toBe('Yanlış kullanıcı adı yada şifre');
    expect(await page.getByTestId('notice').getAttribute('data-status')).toBe('3');
    await shot(page, 'login-failed');
    await login.fill('demo', 'demo1234');
    await login.submit().click();
    await page.waitForURL(/\/tr\/myAccount$/);
    const hub = new AccountHub(page);
    await hub.hub().waitFor();
    expect(await page.getByTestId('hub-username').textContent()).toBe('demo');
    expect(await hub.credit().textContent()).toContain('1.000,00 TL');
    await shot(page, 'hub');
    // Logged in, the logged-out pages send Home.
    await page.goto('/tr/register');
    await page.waitForURL(/\/tr\/?$/);
  });

  it('top bar: credit with currency, deposit button, account menu', async () => {
    const hub = new AccountHub(page);
    await hub.balance().waitFor();
    expect(await hub.balance().textContent()).toContain('TL');
    await hub.depositButton().waitFor();
    await hub.menuButton().click();
    await hub.menu().waitFor();
    expect(await hub.menu().textContent()).toContain('demo');
    await shot(page, 'menu');
    await page.keyboard.press('Escape');
  });

  it('deposit: category, method, form errors in order, back one level, a recorded request', async () => {
    const d = new TransferPageModel(page);
    await page.goto('/tr/deposit');
    await d.categories().first().waitFor();
    await d.categories().filter({ hasText: 'Banka Havalesi' }).click();
    await d.methods().filter({ hasText: 'Havale / EFT' }).click();
    await d.form().waitFor();
    await d.submit().click();
    await expect.poll(() => d.notice().textContent()).toContain('Tutar alanı zorunludur.');
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
    await shot(page, 'deposit-form');
    await d.submit().click();
    await expect.poll(() => d.notice().textContent(), { timeout: 15_000 }).toContain('Yatırım talebiniz alınmıştır');
    await d.categories().first().waitFor();
  });

  it('withdraw: names prefilled and locked; the amount leaves the balance at once', async () => {
    const w = new TransferPageModel(page);
    await page.goto('/tr/withdraw');
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
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toContain('900,00');
  });

  it('transfer requests and transactions list what happened', async () => {
    await page.goto('/tr/transferRequest');
    await page.getByTestId('history-list').waitFor();
    expect(await page.getByTestId('history-list').locator('li').count()).toBe(2);
    await shot(page, 'transfer-requests');
    await page.goto('/tr/transactions');
    await page.getByTestId('history-list').waitFor();
    expect(await page.getByTestId('history-list').textContent()).toContain('100,00 TL');
  });

  it('promotions: the detail opens by hash and back closes it first', async () => {
    await page.goto('/tr/promotions');
    await page.getByTestId('promotions').getByRole('button').first().click();
    await page.getByTestId('promotion-detail').waitFor();
    expect(page.url()).toMatch(/#\d+$/);
    await shot(page, 'promotion');
    await page.goBack();
    await page.getByTestId('promotions').waitFor();
    expect(page.url()).toMatch(/\/tr\/promotions$/);
  });

  it('time zone: the choice goes into the cookie `timezone`', async () => {
    await page.goto('/tr/timezone');
    await page.getByRole('searchbox').fill('new_york');
    await page.getByTestId('timezones').getByRole('button').first().click();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'timezone')?.value).toBe(encodeURIComponent('America/New_York'));
  });

  it('logout, then register checks the form in order and the username live', async () => {
    await page.goto('/tr/myAccount');
    await new AccountHub(page).logout().click();
    await page.waitForURL(/\/tr\/?$/);
    await page.goto('/tr/register');
    await page.getByTestId('register-form').waitFor();
    await page.locator('#reg-userName').fill('Mehmet!');
    await expect.poll(() => page.locator('#reg-userName').inputValue()).toBe('mehmet');
    await expect.poll(() => page.getByTestId('register-form').textContent(), { timeout: 10_000 }).toContain('Bu kullanıcı adı alınmış.');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByTestId('register-form').textContent()).toContain('Bu alan zorunludur.');
    expect(await page.locator('#reg-country').inputValue()).toBe('218');
    await shot(page, 'register');
  });

  it('languages: choosing English goes Home in English', async () => {
    await page.goto('/tr/languages');
    await page.getByTestId('languages').getByRole('button', { name: /English/ }).click();
    await page.waitForURL(/\/en\/?$/);
    expect(errors).toEqual([]);
  });
});
