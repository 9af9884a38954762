/**
 * Kiosk mode in Chromium at 1080x1920: the demo terminal's attract screen and home, cash
 * in with the demo button, a slip staked on the on-screen keypad, the receipt printed at once with
 * its Code 128 barcode read back from the screenshot (zxing-wasm, its WASM from node_modules), a
 * keyboard-wedge scan of the ticket code, cash out as a voucher redeemed by a wedge scan, a phone's
 * booking code saved on the phone's slip (its QR read back) and loaded at the kiosk, a winning ticket
 * scanned with the (filmed) camera and paid once as a voucher, the shop's Z report printed from the
 * back office, the public ticket check page (typed and camera), and the idle warning and reset
 * in virtual time. Screenshots go to tests/e2e/screenshots/kiosk-*.png.
 */
import { readFileSync } from 'node:fs';
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { SlipHome, minorOf } from './pages/betslip-pages.ts';
import { BackOffice, desk as bo } from './pages/backoffice-pages.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';

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
    const [tip] = (await slipTips(page)) as { mid: number; oddTypeId: number; ktip: { outcomeid: number } }[];
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

    // The match ends and the ticket wins (the admin enters the result in the back office).
    const admin = await bo(app.browser, app.server.url);
    await new BackOffice(await admin.newPage()).loginWithCode('admin', 'admin1234', () => otpNow(DEMO_TOTP.admin, Date.now()));
    const score = tip!.oddTypeId === 1 ? ({ 1: { h: 1, a: 0 }, 2: { h: 0, a: 0 }, 3: { h: 0, a: 1 } } as Record<number, { h: number; a: number }>)[tip!.ktip.outcomeid]! : null;
    expect(score, 'the first odd of a row is a 1X2 one').not.toBeNull();
    const result = await admin.request.post('/api/bo/saveResult', { data: { matchId: tip!.mid, result: { ft: score, ht: { h: 0, a: 0 } }, override: { reason: 'e2e: the match is played in the test' } }, headers: { 'idempotency-key': `kiosk-${tip!.mid}` } });
    expect((await result.json()) as { status: boolean }).toMatchObject({ status: true });
    await admin.close();

    // The camera scan (kiosk ticket check): the camera films the printed receipt; the reader and its
    // WASM load only now, from this server.
    const loaded: string[] = [];
    page.on('request', (r) => { if (/scan-engine|\.wasm/.test(r.url())) loaded.push(r.url()); });
    await page.getByTestId('kiosk-back').click();
    await page.getByTestId('kiosk-ticket').click();
    expect(loaded).toEqual([]);
    await filmImage(page, png);
    await page.getByTestId('kiosk-code-camera').click();
    await expect.poll(() => page.getByTestId('ticket-status').innerText(), { timeout: 30_000 }).toBe('Kazandı');
    expect(loaded.some((u) => u.startsWith(app.server.url) && u.endsWith('.wasm'))).toBe(true);
    expect(loaded.every((u) => u.startsWith(app.server.url))).toBe(true);
    expect(await page.getByTestId('camera-scan').count()).toBe(0);
    await shot(page, 'ticket-won');
    // The redemption: paid once as a printed voucher; a second scan names when and where it was paid.
    const payoutPopup = ctx.waitForEvent('page');
    await page.getByTestId('kiosk-pay').click();
    await page.getByTestId('kiosk-paid').waitFor();
    const payoutVoucher = await payoutPopup;
    await payoutVoucher.getByTestId('receipt-number').waitFor();
    await payoutVoucher.close();
    await shot(page, 'ticket-paid');
    await page.getByTestId('kiosk-back').click();
    await page.getByTestId('kiosk-ticket').click();
    await page.getByTestId('kiosk-code-input').waitFor();
    await wedge(page, code);
    await expect.poll(() => page.getByTestId('ticket-status').innerText()).toBe('Ödendi');
    await page.getByTestId('kiosk-back').click();
    await page.getByTestId('kiosk-voucher').click();
    await page.getByTestId('kiosk-code-input').waitFor();
    await wedge(page, code);
    await expect.poll(() => page.getByTestId('kiosk-error').innerText()).toMatch(/T-101 tarafından ödendi/);

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
    const rows = await phoneHome.rowsWithOpenOdds(2);
    await phoneHome.pick(phoneHome.openOdds(rows[1]!).first());
    await phone.page.goto('/tr/betslip');
    await phone.page.getByTestId('custom-stake').click();
    await phone.page.getByTestId('keypad-display').waitFor();
    for (const k of ['1', '0']) await phone.page.locator(`.keypad-key[data-key="${k}"]`).click();
    await phone.page.getByTestId('keypad-ok').click();
    await phone.page.getByTestId('save-booking').click();
    const bookingText = (await phone.page.getByTestId('booking-code').innerText()).trim();
    const bookingCode = bookingText.replace(/-/g, '');
    expect(bookingCode).toMatch(/^[0-9A-Z]{8}$/);
    // Its QR reads back as the code.
    const qr = await phone.page.locator('.booking-saved .qr-code').screenshot();
    expect((await readBarcodes(new Blob([new Uint8Array(qr)]), { formats: ['QRCode'] })).map((r) => r.text)).toEqual([bookingCode]);
    await phone.page.screenshot({ path: `${SCREENSHOTS}/kiosk-phone-booking.png` });
    await phone.context.close();
    await page.getByTestId('kiosk-back').click();
    await page.getByTestId('kiosk-booking').click();
    for (const ch of bookingCode) await page.locator(`.code-keys [data-key="${ch}"]`).click();
    await page.getByTestId('kiosk-code-ok').click();
    await page.getByTestId('kiosk-booking-loaded').waitFor();
    await shot(page, 'booking');
    // The kiosk's own day-close (Z) report prints from its home.
    await page.getByTestId('kiosk-back').click();
    const ownZ = ctx.waitForEvent('page');
    await page.getByTestId('kiosk-z').click();
    const kioskZ = await ownZ;
    await kioskZ.getByTestId('z-over-short').waitFor();
    expect(await kioskZ.getByTestId('z-sold').innerText()).toMatch(/Satılan fiş\s+[1-9]\d* · /);
    await kioskZ.close();
    // The shop report of the day shows the kiosk's cash in (its reconciliation is tested on the server).
    await boPage.reload();
    await boPage.getByTestId('bo-pairing').first().waitFor();
    const reportRow = boPage.locator('tbody tr').filter({ hasText: 'T-101' });
    expect(await reportRow.locator('td').nth(8).innerText()).toMatch(/50,00/);
    // The day-close (Z) report of the shop, from the back office, for the 80 mm printer.
    const zPopup = boPage.waitForEvent('popup');
    await boPage.getByTestId('bo-z-shop').first().click();
    const z = await zPopup;
    await z.getByTestId('z-over-short').waitFor();
    expect(await z.getByTestId('z-cash-in').first().innerText()).toMatch(/50\.00/);
    await z.setViewportSize({ width: 380, height: 1400 });
    await z.screenshot({ path: `${SCREENSHOTS}/kiosk-z-report.png`, fullPage: true });
    await z.close();
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

  it('the public ticket check page answers a typed code and a camera scan without login', async () => {
    const { page, context } = await app.newPhonePage();
    await page.goto('/tr/ticketCheck');
    await page.getByTestId('ticket-check-input').fill('AAAA-AAAA-AAAA-AA');
    await page.getByTestId('ticket-check-ok').click();
    await page.getByTestId('ticket-error').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/kiosk-public-check.png` });
    // The camera films a ticket's QR code (a code that does not exist): scanned, checked, refused.
    const checked = page.waitForRequest((r) => r.url().endsWith('/api/ticketCheck'));
    await filmImage(page, await bwipjs.toBuffer({ bcid: 'qrcode', text: 'BBBBBBBBBBBBBB', scale: 6, paddingwidth: 8, paddingheight: 8, backgroundcolor: 'FFFFFF' }));
    await page.getByTestId('ticket-check-camera').click();
    expect((await checked).postDataJSON()).toMatchObject({ code: 'BBBBBBBBBBBBBB' });
    await page.getByTestId('ticket-error').waitFor();
    await context.close();
  });
});

/**
 * A camera that films one image (a PNG): getUserMedia answers with a canvas stream drawing it, as a
 * phone held over a printed receipt would (browser code as text: no DOM types here).
 */
async function filmImage(page: Page, png: Buffer): Promise<void> {
  await page.evaluate(`(() => {
    const img = new Image();
    img.src = 'data:image/png;base64,${png.toString('base64')}';
    navigator.mediaDevices.getUserMedia = async () => {
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width; c.height = img.height;
      const g = c.getContext('2d');
      const draw = () => { g.fillStyle = '#fff'; g.fillRect(0, 0, c.width, c.height); g.drawImage(img, 0, 0); };
      draw();
      setInterval(draw, 100);
      return c.captureStream(10);
    };
  })()`);
}

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
