/**
 * Coupon history in Chromium against the real server: coupons placed through the API
 * with the demo login's cookie, then the list and its filters, a row expanded, the detail, cancel
 * with the refund in the balance, sell, the print popup, the public share page, and the history
 * read with the network off after one online visit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { phone, SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { CouponDetailPageModel, CouponListPage, CouponSharePageModel } from './pages/coupons-pages.ts';

interface Odd { mid: number; special: string; odd: number; date: number }
interface ListMatch { id: number; matchDate: string; odds: Array<{ oddstype: number; special: string; outcomes: Array<{ outcomeid: number; odd: number }> }> }

interface BrowserGlobals {
  navigator: { serviceWorker: { ready: Promise<unknown> } };
  caches: { keys(): Promise<string[]>; open(name: string): Promise<{ match(url: string, opts: { ignoreSearch: boolean }): Promise<unknown> }> };
}

async function api<T = Record<string, unknown>>(page: Page, call: string, data: unknown): Promise<T> {
  const r = await page.request.post(`/api/${call}`, { data: data as Record<string, unknown> });
  return (await r.json()) as T;
}

const credit = async (page: Page) => (await api<{ userCredit: number }>(page, 'userdata', {})).userCredit;

describe('coupon history in Chromium', () => {
  const app = useAppUnderTest('coupons', {}, { page: 'plain' });
  const ids = { cancel: 0, sell: 0, combined: 0 };
  let userId = 0;

  beforeAll(async () => {
    const { page } = app;
    page.on('pageerror', (e) => console.error(`[coupons] page error: ${e.message}`));
    await page.goto('/tr/');
    // The demo login's cookie goes into the browser context (page.request shares it).
    const login = await api<{ status: boolean }>(page, 'login', { userName: 'demo', password: 'demo1234' });
    expect(login.status).toBe(true);
    userId = (await api<{ userId: number }>(page, 'userdata', {})).userId;

    const list = await api<{ data: { results: ListMatch[] } }>(page, 'matches', { sportId: 1, limit: 40 });
    // Matches far enough ahead that the cancel window is open.
    const odds: Odd[] = list.data.results
      .filter((m) => Date.parse(m.matchDate) > Date.now() + 3_600_000)
      .map((m) => {
        const g = m.odds.find((x) => x.oddstype === 1);
        const o = g?.outcomes.find((x) => x.outcomeid === 1);
        return g && o ? { mid: m.id, special: g.special, odd: o.odd, date: Date.parse(m.matchDate) } : null;
      })
      .filter((x): x is Odd => x !== null);
    expect(odds.length).toBeGreaterThanOrEqual(4);
    const tip = (o: Odd) => ({ mid: o.mid, oddTypeId: 1, ttype: 'N', odd: o.odd, banko: false, ktip: { outcomeid: 1, special: o.special } });
    const place = async (tips: Odd[], stake: number) => {
      const r = await api<{ status: boolean; ticketId: number; msg: string }>(page, 'createCoupon', {
        ticketType: tips.length === 1 ? 'TK' : 'KK', oddChangeOk: true, systemTickets: [], totalStake: stake, ticketStake: stake, tips: tips.map(tip),
      });
      expect(r.status, r.msg).toBe(true);
      return r.ticketId;
    };
    ids.combined = await place([odds[2]!, odds[3]!], 500);
    ids.cancel = await place([odds[0]!], 1_000);
    ids.sell = await place([odds[1]!], 2_000);
  }, 90_000);

  it('lists the coupons, filters them and expands a row to its matches', async () => {
    const list = new CouponListPage(app.page);
    await list.open();
    await expect.poll(() => list.cards().count(), { timeout: 15_000 }).toBe(3);
    expect(await app.page.getByTestId('open-coupons-badge').textContent()).toBe('3');
    await app.page.screenshot({ path: join(SCREENSHOTS, 'coupons-list.png') });

    await list.type().selectOption('0');
    await expect.poll(() => list.cards().count()).toBe(1);
    expect(await list.cards().first().textContent()).toContain(`#${ids.combined}`);
    await list.type().selectOption('');
    await list.status().selectOption('1');
    await list.empty().waitFor();
    await list.status().selectOption('');
    await expect.poll(() => list.cards().count()).toBe(3);

    await list.card(ids.combined).getByTestId('coupon-expand').click();
    await expect.poll(() => list.card(ids.combined).getByTestId('coupon-line').count(), { timeout: 15_000 }).toBe(2);
    await list.card(ids.combined).getByTestId('coupon-line').last().scrollIntoViewIfNeeded();
    await app.page.screenshot({ path: join(SCREENSHOTS, 'coupons-expanded.png') });
  }, 60_000);

  it('opens a detail and cancels it: status cancelled and the stake back in the balance', async () => {
    const before = await credit(app.page);
    const list = new CouponListPage(app.page);
    await list.card(ids.cancel).getByTestId('coupon-open').click();
    const detail = new CouponDetailPageModel(app.page);
    await detail.root().waitFor();
    expect(await detail.number().textContent()).toBe(String(ids.cancel));
    expect(await detail.lines().count()).toBe(1);
    expect(await app.page.getByTestId('cd-payment').textContent()).toBe('-');
    await app.page.screenshot({ path: join(SCREENSHOTS, 'coupon-detail.png') });
    await detail.cancel().click();
    await detail.cancelYes().click();
    await expect.poll(() => detail.status().getAttribute('data-tone'), { timeout: 15_000 }).toBe('lost');
    expect(await detail.status().textContent()).toMatch(/İptal|Cancelled/);
    expect(await credit(app.page)).toBe(before + 1_000);
    // The top bar shows the refunded balance (demo opened with 1,000.00 and staked 35.00 in all).
    const shown = new Intl.NumberFormat('tr', { minimumFractionDigits: 2 }).format((before + 1_000) / 100);
    await expect.poll(async () => app.page.getByTestId('balance').textContent(), { timeout: 15_000 }).toContain(shown);
  }, 60_000);

  it('sells another coupon at the confirmed amount', async () => {
    const before = await credit(app.page);
    const detail = new CouponDetailPageModel(app.page);
    await detail.open(ids.sell);
    await detail.sell().click();
    await detail.sellConfirm().waitFor();
    await app.page.screenshot({ path: join(SCREENSHOTS, 'coupon-sell-confirm.png') });
    await detail.sellConfirm().click();
    await expect.poll(() => detail.status().getAttribute('data-tone'), { timeout: 15_000 }).toBe('won');
    expect(await detail.status().textContent()).toMatch(/Satıldı|Sold/);
    const after = await credit(app.page);
    expect(after).toBeGreaterThan(before);
    expect(after - before).toBeLessThanOrEqual(2_000);
  }, 60_000);

  it('opens the 80 mm receipt in a popup and renders the public share page', async () => {
    const detail = new CouponDetailPageModel(app.page);
    await detail.open(ids.combined);
    const [popup] = await Promise.all([app.page.waitForEvent('popup'), detail.print().click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain(`/ekol/user/printer/tr/${ids.combined}?timezone=Europe%2FIstanbul`);
    expect(await popup.getByTestId('receipt-number').textContent()).toBe(String(ids.combined));
    await popup.screenshot({ path: join(SCREENSHOTS, 'coupon-receipt.png') });
    await popup.close();

    const visitor = await phone(app.browser, app.server.url);
    const share = await visitor.newPage();
    // The sequential id with the owner's id (the old link) shows nothing; the owner's token shows the coupon.
    await share.goto(`/tr/couponShare/${ids.combined}?userId=${userId}`);
    await share.getByTestId('share-not-found').waitFor({ timeout: 20_000 });
    const { token } = await api<{ token: string }>(app.page, 'couponShareToken', { ticketId: ids.combined });
    await share.goto(`/tr/couponShare/${token}`);
    const model = new CouponSharePageModel(share);
    await model.root().waitFor({ timeout: 20_000 });
    expect(await model.lines().count()).toBe(2);
    expect(await share.textContent('body')).not.toContain('demo');
    await share.screenshot({ path: join(SCREENSHOTS, 'coupon-share.png') });
    // Re-create: the shared picks go onto the visitor's slip.
    await share.getByTestId('share-recreate').click();
    await share.waitForURL(/\/tr\/betslip/, { timeout: 20_000 });
    await expect.poll(() => share.getByTestId('slip-entry').count(), { timeout: 20_000 }).toBe(2);
    await visitor.close();
  }, 60_000);

  it('reads the history and a detail with the network off after one online visit', async () => {
    const list = new CouponListPage(app.page);
    await list.open();
    await expect.poll(() => list.cards().count()).toBe(3);
    await new CouponDetailPageModel(app.page).open(ids.combined);
    // The service worker installs in the background (slowly on a busy machine): wait, bounded.
    await expect.poll(() => app.page.evaluate(async () => {
      const ready = (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.ready.then(() => true);
      return Promise.race([ready, new Promise<boolean>((r) => setTimeout(() => r(false), 3_000))]);
    }), { timeout: 45_000 }).toBe(true);
    await expect.poll(() => app.page.evaluate(async () => {
      const { caches } = globalThis as unknown as BrowserGlobals;
      for (const name of await caches.keys()) if (await (await caches.open(name)).match('/index.html', { ignoreSearch: true })) return true;
      return false;
    }), { timeout: 45_000 }).toBe(true);

    await app.context.setOffline(true);
    try {
      await app.page.goto('/tr/coupons');
      await list.offline().waitFor({ timeout: 20_000 });
      await expect.poll(() => list.cards().count()).toBe(3);
      // Filters work on the kept set.
      await list.status().selectOption('-2');
      await expect.poll(() => list.cards().count()).toBe(1);
      await list.status().selectOption('');
      await app.page.screenshot({ path: join(SCREENSHOTS, 'coupons-offline.png') });
      await list.card(ids.combined).getByTestId('coupon-open').click();
      const detail = new CouponDetailPageModel(app.page);
      await detail.root().waitFor();
      expect(await detail.lines().count()).toBe(2);
      await detail.actionsOffline().waitFor();
      expect(await detail.sell().isDisabled()).toBe(true);
      await app.page.screenshot({ path: join(SCREENSHOTS, 'coupon-detail-offline.png') });
    } catch (err) {
      await app.page.screenshot({ path: join(SCREENSHOTS, 'coupons-offline-failure.png') }).catch(() => undefined);
      throw err;
    } finally {
      await app.context.setOffline(false);
    }
  }, 120_000);
});
