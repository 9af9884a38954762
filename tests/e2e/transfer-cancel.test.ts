/**
 * Transfer request history in Chromium: a waiting withdrawal has a cancel button; the player
 * confirms, the request shows canceled and the reserved amount is back on the balance.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { AccountHub, LoginPageModel } from './pages/account-pages.ts';

const SHOTS = process.env.SCREENSHOT_DIR ?? SCREENSHOTS;

describe('transfer request cancel in Chromium', () => {
  const app = useAppUnderTest('cancel', { FEED_LIVE_COUNT: '4' }, { page: 'plain' });

  it('cancels a waiting withdrawal after confirmation and gives the amount back', async () => {
    const login = new LoginPageModel(app.page);
    await app.page.goto('/tr/firstlogin?nextUrl=%2Ftr%2FmyAccount');
    await login.fill('mehmet', 'mehmet1234');
    await login.submit().click();
    await app.page.waitForURL(/\/tr\/myAccount$/);
    // A withdrawal of 200.00 through the API from the page (same origin, the session cookie).
    const status = await app.page.evaluate(async () => {
      const r = await fetch('/api/setTransferReq', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payId: 5, payCatId: 4, amount: 20_000, transferType: '1', values: [
          { name: 'amount', value: '200' }, { name: 'firstName', value: 'Mehmet' }, { name: 'lastName', value: 'Demir' },
          { name: 'iban', value: 'TR330006100519786457841326' }, { name: 'bankName', value: 'Ziraat' }] }),
      });
      return (await r.json() as { status: boolean }).status;
    });
    expect(status).toBe(true);
    await app.page.goto('/tr/transferRequest');
    await app.page.getByTestId('history-list').waitFor();
    await app.page.getByTestId('request-cancel').click();
    await app.page.getByTestId('request-cancel-yes').waitFor();
    await app.page.screenshot({ path: join(SHOTS, 'accounts-transfer-cancel.png') });
    await app.page.getByTestId('request-cancel-yes').click();
    await expect.poll(() => app.page.getByTestId('request-cancel').count()).toBe(0);
    expect(await app.page.locator('.hist-status').first().getAttribute('data-status')).toBe('2');
    const hub = new AccountHub(app.page);
    await expect.poll(async () => (await hub.balance().textContent()) ?? '').toContain('500,00');
    await app.page.screenshot({ path: join(SHOTS, 'accounts-transfer-canceled.png') });
  });
});
