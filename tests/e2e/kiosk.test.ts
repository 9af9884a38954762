/**
 * Kiosk mode in Chromium at 1080x1920 (issue 15): the demo terminal's attract screen and home, cash
 * in with the demo button, a slip staked on the on-screen keypad, the receipt printed at once with
 * its Code 128 barcode read back from the screenshot (zxing-wasm, its WASM from node_modules), a
 * keyboard-wedge scan of the ticket code, cash out as a voucher redeemed by a wedge scan, a phone's
 * booking code loaded at the kiosk, the public ticket check page, and the idle warning and reset
 * in virtual time. Screenshots go to tests/e2e/screenshots/kiosk-*.png.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { SlipHome, minorOf } from './pages/betslip-pages.ts';
import { BackOffice, desk as bo } from './pages/backoffice-pages.ts';

prepareZXingModule({ overrides: { wasmBinary: readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm').buffer as ArrayBuffer }, fireImmediately: true });

const app = useAppUnderTest('kiosk', {}, { timeout: 120_000 });

async function kioskContext(): Promise<BrowserContext> {
  return app.browser.newContext({
    baseURL: app.server.url, viewport: { width: 1080, height: 1920 }, hasTouch: true, locale: 'tr-TR', timezoneId: 'Europe/Istanbul',
    colorScheme: 'dark', reducedMotion: 'reduce',
  });
}
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/kiosk-${name}.png` });
/** What a keyboard-wedge scanner does: types the code fast and presses Enter. */
async function wedge(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

describe('kiosk mode at 1080x1920', () => {
  it('sells, prints, scans, pays out a voucher and loads a booking code', async () => {
    const ctx = await kioskContext();
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    // Pairing: the shop's dealer reads a code in the back office; the kiosk takes it on its keys.
    const desk = await bo(app.browser, app.server.url);
    const boPage = await desk.newPage();
    const office = new BackOffice(boPage);
    await office.login('altbayi1', 'altbayi1234');
    await boPage.goto('/tr/bo/retail');
    const terminalRow = boPage.locator('tbody tr').filter({ hasText: 'T-101' });
    await terminalRow.getByTestId('bo-pairing').click();
    const pairingText = await boPage.getByTestId('bo-pairing-code').locator('b').innerText();
    await page.goto('/tr/kiosk');
    await page.getByTestId('kiosk-pairing').waitFor();
    await shot(page, 'pairing');
    for (const ch of pairingText.replace(/-/g, '')) await page.locator(`.code-keys [data-key="${ch}"]`).click();
    await page.getByTestId('kiosk-pair-ok').click();
    await page.getByTestId('kiosk-home').waitFor();
    // Every target of the kiosk home is at least 64 px high.
    for (const b of await page.locator('.kiosk-page button, .kiosk-page a').all()) {
      const box = await b.boundingBox();
      if (box) expect(box.height, await b.innerText()).toBeGreaterThanOrEqual(64);
    }
    await expect.poll(() => page.getByTestId('kiosk-credit').innerText()).toMatch(/\d/);
    const before = minorOf(await page.getByTestId('kiosk-credit').innerText());
    await page.getByTestId('kiosk-cash-5000').click();
    await expect.poll(async () => minorOf(await page.getByTestId('kiosk-credit').innerText())).toBe(before + 5_000);
    await shot(page, 'home');

    // A slip: one odd, a stake typed on the keypad, placed; the receipt opens and prints at once.
    const home = new SlipHome(page);
    await page.getByTestId('kiosk-bet').click();
    await home.rows().first().waitFor();
    const [row] = await home.rowsWithOpenOdds(1);
    await home.pick(home.openOdds(row!).first());
    await page.goto('/tr/betslip');
    await page.getByTestId('custom-stake').click();
    await page.getByTestId('keypad-display').waitFor();
    for (const k of ['2', '5']) await page.locator(`.keypad-key[data-key="${k}"]`).click();
    await page.getByTestId('keypad-ok').click();
    await shot(page, 'slip');
    const popup = ctx.waitForEvent('page');
    await page.getByTestId('create-coupon').click();
    const receipt = await popup;
    await receipt.getByTestId('receipt-code').waitFor();
    const printed = (await receipt.getByTestId('receipt-code').innerText()).trim();
    expect(printed).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/);
    await receipt.setViewportSize({ width: 380, height: 1100 });
    const png = await receipt.screenshot({ path: `${SCREENSHOTS}/kiosk-receipt.png`, fullPage: true });
    const read = await readBarcodes(new Blob([new Uint8Array(png)]), { formats: ['Code128', 'QRCode'] });
    const code = printed.replace(/-/g, '');
    expect(read.map((r) => `${r.format}:${r.text}`).sort()).toEqual([`Code128:${code}`, `QRCode:${code}`]);
    await receipt.close();

    // The wedge scan of the ticket at the kiosk.
    await page.goto('/tr/kiosk');
    await page.getByTestId('kiosk-ticket').click();
    await page.getByTestId('kiosk-code-input').waitFor();
    await wedge(page, code);
    await expect.poll(() => page.getByTestId('ticket-status').innerText()).toBe('Bekliyor');
    await shot(page, 'ticket');

    // Cash out: the voucher prints; a wedge scan of it puts the credit back.
    await page.getByTestId('kiosk-back').click();
    const voucherPopup = ctx.waitForEvent('page');
    await page.getByTestId('kiosk-cashout').click();
    const voucher = await voucherPopup;
    const voucherCode = (await voucher.getByTestId('receipt-number').innerText()).replace(/-/g, '');
    await voucher.close();
    await expect.poll(() => page.getByTestId('kiosk-credit').innerText()).toMatch(/^0,00/);
    await page.getByTestId('kiosk-voucher').click();
    await page.getByTestId('kiosk-code-input').waitFor();
    await wedge(page, voucherCode);
    await page.getByTestId('kiosk-paid').waitFor();
    await expect.poll(() => page.getByTestId('kiosk-credit').innerText()).not.toMatch(/^0,00/);
    await shot(page, 'voucher');
    // A second redemption is refused and names when and where.
    await wedge(page, voucherCode);
    await expect.poll(() => page.getByTestId('kiosk-error').innerText()).toMatch(/T-101 tarafından ödendi/);

    // A phone saves a booking code; the kiosk loads it on the on-screen keys.
    const phone = await app.newPhonePage();
    const phoneHome = new SlipHome(phone.page);
    await phoneHome.open();
    const rows = await phoneHome.rowsWithOpenOdds(1);
    await phoneHome.pick(phoneHome.openOdds(rows[1]!).first());
    const saved = await phone.page.request.post('/api/saveBooking', {
      data: { ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: 1000, ticketStake: 1000, tips: await slipTips(phone.page) },
    });
    const { code: bookingCode } = (await saved.json()) as { code: string };
    await phone.context.close();
    await page.getByTestId('kiosk-back').click();
    await page.getByTestId('kiosk-booking').click();
    for (const ch of bookingCode) await page.locator(`.code-keys [data-key="${ch}"]`).click();
    await page.getByTestId('kiosk-code-ok').click();
    await page.getByTestId('kiosk-booking-loaded').waitFor();
    await shot(page, 'booking');
    // The shop report of the day shows the kiosk's cash in (its reconciliation is tested on the server).
    await boPage.reload();
    await boPage.getByTestId('bo-pairing').first().waitFor();
    const reportRow = boPage.locator('tbody tr').filter({ hasText: 'T-101' });
    expect(await reportRow.locator('td').nth(7).innerText()).toMatch(/50,00/);
    await boPage.screenshot({ path: `${SCREENSHOTS}/kiosk-bo-shop-report.png` });
    await desk.close();
    await ctx.close();
  }, 180_000);

  it('warns after 60 s without a touch and returns to the attract screen with an empty slip after 90 s', async () => {
    const ctx = await kioskContext();
    const page = await ctx.newPage();
    await page.clock.install();
    await page.request.post('/api/login', { data: { userName: 'terminal2', password: 'terminal1234' } });
    await page.goto('/tr/kiosk');
    await page.getByTestId('kiosk-home').waitFor();
    // The kiosk layer (lazy) has started its idle timer.
    await page.getByTestId('kiosk-layer').waitFor({ state: 'attached' });
    await page.clock.runFor(62_000);
    await page.getByTestId('kiosk-idle').waitFor();
    await shot(page, 'idle');
    await page.clock.runFor(30_000);
    await page.getByTestId('kiosk-attract').waitFor();
    expect(await page.getByTestId('kiosk-idle').count()).toBe(0);
    await shot(page, 'attract');
    await page.getByTestId('kiosk-attract').click();
    await page.getByTestId('kiosk-home').waitFor();
    await ctx.close();
  }, 60_000);

  it('the public ticket check page answers a typed code without login', async () => {
    const { page, context } = await app.newPhonePage();
    await page.goto('/tr/ticketCheck');
    await page.getByTestId('ticket-check-input').fill('AAAA-AAAA-AAAA-AA');
    await page.getByTestId('ticket-check-ok').click();
    await page.getByTestId('ticket-error').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/kiosk-public-check.png` });
    await context.close();
  });
});

/** The slip's tips as the worker keeps them (IndexedDB), in createCoupon's shape (browser code as text: no DOM types here). */
function slipTips(page: Page): Promise<unknown[]> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('betting-core');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('slip', 'readonly').objectStore('slip').getAll();
      all.onsuccess = () => resolve(all.result.map((e) => ({
        mid: e.selection.matchId, oddTypeId: e.selection.oddsType, ttype: 'N', odd: e.selection.odd,
        ktip: { outcomeid: e.selection.outcomeId, special: e.selection.special },
      })));
    };
  })`);
}
