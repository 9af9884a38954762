/**
 * A shop terminal's failed print in Chromium against the real server (betting-core.md
 * section 4 Print: 'a print error shows an alert and, on a terminal, cancels the coupon'). Only
 * the receipt page is intercepted (answered 500, or left alone); the server and its cancel rule
 * are real. A player's failed print only alerts. Also the colours of a void match line.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { useAppUnderTest } from './app-under-test.ts';
import { CouponDetailPageModel } from './pages/coupons-pages.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';

interface Odd { mid: number; special: string; odd: number }
interface ListMatch { id: number; matchDate: string; odds: Array<{ oddstype: number; special: string; outcomes: Array<{ outcomeid: number; odd: number }> }> }

const SHOTS = '/tmp';

/** The little of the DOM the colour check uses (the tests compile without the DOM library). */
interface BrowserDom {
  document: { createElement(tag: string): { style: { color: string }; remove(): void }; body: { append(node: unknown): void } };
  getComputedStyle(node: unknown): { color: string };
}

async function api<T = Record<string, unknown>>(page: Page, call: string, data: unknown): Promise<T> {
  const r = await page.request.post(`/api/${call}`, { data: data as Record<string, unknown> });
  return (await r.json()) as T;
}
const credit = async (page: Page) => (await api<{ userCredit: number }>(page, 'userdata', {})).userCredit;

/** A 500 for the receipt page only: the printer server failed. */
const failPrint = (context: BrowserContext) => context.route('**/ekol/user/printer/**', (route) =>
  route.fulfill({ status: 500, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Error</title><p>printer service failed</p>' }));

describe('kiosk print failure in Chromium', () => {
  const app = useAppUnderTest('kiosk', {}, { timeout: 180_000 });
  let odds: Odd[] = [];

  /** A phone context logged in as `user`, on the Home page. */
  async function session(user: string, password: string): Promise<{ context: BrowserContext; page: Page; dialogs: string[] }> {
    const { context, page } = await app.newPhonePage();
    page.on('pageerror', (e) => console.error(`[kiosk] page error: ${e.message}`));
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.accept(); });
    await page.goto('/tr/');
    const login = await api<{ status: boolean }>(page, 'login', { userName: user, password });
    expect(login.status).toBe(true);
    return { context, page, dialogs };
  }
  async function place(page: Page, tips: Odd[], stake: number): Promise<number> {
    const r = await api<{ status: boolean; ticketId: number; msg: string }>(page, 'createCoupon', {
      ticketType: tips.length === 1 ? 'TK' : 'KK', oddChangeOk: true, systemTickets: [], totalStake: stake, ticketStake: stake,
      tips: tips.map((o) => ({ mid: o.mid, oddTypeId: 1, ttype: 'N', odd: o.odd, banko: false, ktip: { outcomeid: 1, special: o.special } })),
    });
    expect(r.status, r.msg).toBe(true);
    return r.ticketId;
  }

  beforeAll(async () => {
    const r = await fetch(`${app.server.url}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sportId: 1, limit: 40 }) });
    const list = (await r.json()) as { data: { results: ListMatch[] } };
    odds = list.data.results
      .filter((m) => Date.parse(m.matchDate) > Date.now() + 3_600_000)
      .flatMap((m) => {
        const g = m.odds.find((x) => x.oddstype === 1);
        const o = g?.outcomes.find((x) => x.outcomeid === 1);
        return g && o ? [{ mid: m.id, special: g.special, odd: o.odd }] : [];
      });
    expect(odds.length).toBeGreaterThanOrEqual(5);
  }, 180_000);

  it('on the terminal: the receipt prints, and when the printer page fails the coupon is cancelled with an alert', async () => {
    const { context, page, dialogs } = await session('kiosk', 'kiosk1234');
    const me = await api<{ userType: string; terminalNo: string }>(page, 'userdata', {});
    expect(me).toMatchObject({ userType: 'T', terminalNo: 'T-001' });
    const detail = new CouponDetailPageModel(page);

    // A receipt that prints: nothing is cancelled.
    const printed = await place(page, [odds[0]!], 1_000);
    await detail.open(printed);
    const [popup] = await Promise.all([page.waitForEvent('popup'), detail.print().click()]);
    await popup.waitForLoadState();
    expect(await popup.getByTestId('receipt-number').textContent()).toBe(String(printed));
    await page.waitForTimeout(1_500);
    expect(dialogs).toEqual([]);
    expect((await api<{ coupon: { result: { status: number } } }>(page, 'getCouponDetail', { ticketId: printed })).coupon.result.status).toBe(0);
    await popup.close();

    // The printer page fails: alert, the coupon cancelled, the stake back.
    const failing = await place(page, [odds[1]!], 2_500);
    const before = await credit(page);
    await failPrint(context);
    await detail.open(failing);
    await Promise.all([page.waitForEvent('popup'), detail.print().click()]);
    await expect.poll(() => dialogs.length, { timeout: 20_000 }).toBe(1);
    // (Its words are the catalog's: the state below is what counts.)
    await expect.poll(() => detail.status().getAttribute('data-tone'), { timeout: 15_000 }).toBe('lost');
    expect(await detail.status().textContent()).toMatch(/İptal|Cancelled/);
    expect(await credit(page)).toBe(before + 2_500);
    await page.screenshot({ path: join(SHOTS, 'lifecycle-kiosk-cancelled.png') });

    // A wrong id: the print page is the server's 404, not a receipt; nothing of the kiosk's is touched.
    await context.unroute('**/ekol/user/printer/**');
    const other = await place(page, [odds[2]!], 1_000);
    await context.route('**/ekol/user/printer/**', (route) => route.continue({ url: route.request().url().replace(`/${other}?`, '/999999999?') }));
    await detail.open(other);
    await Promise.all([page.waitForEvent('popup'), detail.print().click()]);
    await expect.poll(() => dialogs.length, { timeout: 20_000 }).toBe(2);
    // The page was not this coupon's receipt: its print failed, so it is cancelled too.
    await expect.poll(() => detail.status().getAttribute('data-tone'), { timeout: 15_000 }).toBe('lost');
    await context.close();
  }, 120_000);

  it("on a player's phone a failed print only alerts; the coupon stands", async () => {
    const { context, page, dialogs } = await session('demo', 'demo1234');
    const id = await place(page, [odds[3]!], 1_000);
    const before = await credit(page);
    await failPrint(context);
    const detail = new CouponDetailPageModel(page);
    await detail.open(id);
    await Promise.all([page.waitForEvent('popup'), detail.print().click()]);
    await expect.poll(() => dialogs.length, { timeout: 20_000 }).toBe(1);
    await page.waitForTimeout(500);
    expect(await detail.status().getAttribute('data-tone')).toBe('waiting');
    expect(await credit(page)).toBe(before);
    await context.close();
  }, 60_000);

  it('a void match line is neutral, not green', async () => {
    const { context, page } = await session('demo', 'demo1234');
    const id = await place(page, [odds[4]!, odds[5] ?? odds[0]!], 500);
    // The back office voids one match (admin, results entry).
    const admin = await app.browser.newContext({ baseURL: app.server.url });
    const otp = await otpNow(DEMO_TOTP.admin, Date.now());
    const login = await admin.request.post('/api/bo/login', { data: { userName: 'admin', password: 'admin1234', otp } });
    expect((await login.json()) as { status: boolean }).toMatchObject({ status: true });
    const entered = await admin.request.post('/api/bo/saveResult', { data: { matchId: odds[4]!.mid, result: { ft: { h: 0, a: 0 }, ht: { h: 0, a: 0 }, status: 'cancelled' } } });
    expect((await entered.json()) as { status: boolean }).toMatchObject({ status: true });
    await admin.close();
    const detail = new CouponDetailPageModel(page);
    await detail.open(id);
    const voided = page.locator('[data-testid="coupon-line"][data-state="void"]');
    await expect.poll(() => voided.count(), { timeout: 15_000 }).toBe(1);
    // Its state word is in the neutral text colour, not the colour of a win.
    const colours = await voided.locator('.cl-state').evaluate((el) => {
      const g = globalThis as unknown as BrowserDom;
      const probe = (v: string) => {
        const s = g.document.createElement('span');
        s.style.color = `var(${v})`;
        g.document.body.append(s);
        const c = g.getComputedStyle(s).color;
        s.remove();
        return c;
      };
      return { line: g.getComputedStyle(el).color, won: probe('--up'), neutral: probe('--text-2') };
    });
    expect(colours.line).toBe(colours.neutral);
    expect(colours.line).not.toBe(colours.won);
    await page.locator('[data-testid="coupon-line"][data-state="void"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'lifecycle-void-line.png') });
    await context.close();
  }, 60_000);
});
