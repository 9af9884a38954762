/**
 * Transfer request history in Chromium: a waiting withdrawal has a cancel button; the player
 * confirms, the request shows canceled and the reserved amount is back on the balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, phone, SCREENSHOTS } from './browser.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { AccountHub, LoginPageModel } from './pages/account-pages.ts';

const STATIC = process.env.STATIC_DIR ?? 'dist';
const SHOTS = process.env.SCREENSHOT_DIR ?? SCREENSHOTS;

describe('transfer request cancel in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(join(STATIC, 'index.html'))) throw new Error(`${STATIC}/ is missing: run \`npx vite build\` first`);
    dataDir = mkdtempSync(join(tmpdir(), 'bet-e2e-cancel-'));
    [browser, server] = await Promise.all([launch(), startServer({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', STATIC_DIR: STATIC, FEED_LIVE_COUNT: '4' })]);
    page = await (await phone(browser, server.url)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('cancels a waiting withdrawal after confirmation and gives the amount back', async () => {
    const login = new LoginPageModel(page);
    await page.goto('/tr/firstlogin?nextUrl=%2Ftr%2FmyAccount');
    await login.fill('mehmet', 'mehmet1234');
    await login.submit().click();
    await page.waitForURL(/\/tr\/myAccount$/);
    // A withdrawal of 200.00 through the API from the page (same origin, the session cookie).
    const status = await page.evaluate(async () => {
      const r = await fetch('/api/setTransferReq', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payId: 5, payCatId: 4, amount: 20_000, transferType: '1', values: [
          { name: 'amount', value: '200' }, { name: 'firstName', value: 'Mehmet' }, { name: 'lastName', value: 'Demir' },
          { name: 'iban', value: 'TR330006100519786457841326' }, { name: 'bankName', value: 'Ziraat' }] }),
      });
      return (await r.json() as { status: boolean }).status;
    });
    expect(status).toBe(true);
    await page.goto('/tr/transferRequest');
    await page.getByTestId('history-list').waitFor();
    await page.getByTestId('request-cancel').click();
    await page.getByTestId('request-cancel-yes').waitFor();
    await page.screenshot({ path: join(SHOTS, 'accounts-transfer-cancel.png') });
    await page.getByTestId('request-cancel-yes').click();
    await expect.poll(() => page.getByTestId('request-cancel').count()).toBe(0);
    expect(await page.locator('.hist-status').first().getAttribute('data-status')).toBe('2');
    const hub = new AccountHub(page);
    await expect.poll(async () => (await hub.balance().textContent()) ?? '').toContain('500,00');
    await page.screenshot({ path: join(SHOTS, 'accounts-transfer-canceled.png') });
  });
});
