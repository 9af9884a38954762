/**
 * The money-risk steps of a demanding player's journey, in Chromium at 390x844 against the real
 * server, in Turkish and English: the app stays when the network goes at once on the first visit;
 * the place button names the stake; the cancel question is answered yes or no; a moved cash-out
 * amount is marked before it is confirmed; a cancelled coupon's receipt says it is not valid.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { CouponDetailPageModel } from './pages/coupons-pages.ts';
import { api, logInDemo, slipWithOnePick, picksAhead, placeCoupon, shownMoney, type Pick } from './journey-pages.ts';

interface BrowserGlobals { navigator: { serviceWorker: { ready: Promise<unknown> } } }

const LANGS = ['tr', 'en'] as const;

describe('the journey\'s money steps in Chromium', () => {
  const app = useAppUnderTest('journey-money', {}, { page: 'errors' });
  let picks: Pick[] = [];

  beforeAll(async () => {
    await app.page.goto('/tr/');
    await logInDemo(app.page);
    picks = await picksAhead(app.page, 6);
  }, 60_000);

  it.each(LANGS)('%s: first visit, network gone at once: every tab of the tab bar opens inside the app, with the offline banner', async (lang) => {
    const { context, page } = await app.newPhonePage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The page's own HTTP cache left out (as on a phone that evicted it): what the app opens offline
    // comes from the service worker's precache, or from nowhere.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`/${lang}/`);
    await page.getByTestId('match-row').first().waitFor();
    // The worker is installed and active: the precache holds the app. No reload before going offline.
    await page.evaluate(async () => { await (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.ready; });
    await context.setOffline(true);
    const tabs = page.locator('.tabbar .tab');
    expect(await tabs.count()).toBe(5);
    const inApp = async (what: string) => {
      await page.waitForTimeout(1_000);
      expect(page.url(), what).toMatch(new RegExp(`^${app.server.url}/${lang}`));
      await page.locator('.offline-banner').first().waitFor({ timeout: 5_000 });
    };
    // Sports, Live, Coupons (a visitor's goes Home), Home, Sports: inside the app with the banner.
    for (const i of [2, 1, 3, 0, 2]) {
      await tabs.nth(i).click();
      await inApp(`tab ${i}`);
      await page.locator('.tabbar').waitFor({ timeout: 5_000 });
    }
    // Account: a visitor's is the login screen (no tab bar there, as the spec says), and back.
    await tabs.nth(4).click();
    await inApp('account');
    await page.locator('#login-user, [name=userName], input').first().waitFor({ timeout: 5_000 });
    await page.goBack();
    await inApp('back');
    await page.locator('.tabbar').waitFor({ timeout: 5_000 });
    await page.screenshot({ path: join(SCREENSHOTS, `journey-offline-tabs-${lang}.png`) });
    await context.close();
    expect(errors).toEqual([]);
  });

  it.each(LANGS)('%s: the place button shows the stake the player pays, not the payout', async (lang) => {
    const slip = await slipWithOnePick(app.page, lang, '10');
    await expect.poll(() => slip.totalStake().textContent()).toBe(shownMoney(1_000, lang));
    const label = (await slip.create().textContent()) ?? '';
    expect(label).toContain(shownMoney(1_000, lang));
    expect(label).not.toContain((await slip.maxPayout().textContent()) ?? '-');
    await app.page.screenshot({ path: join(SCREENSHOTS, `journey-place-stake-${lang}.png`) });
    await app.page.getByTestId('delete-all').click();
  });

  it.each(LANGS)('%s: cancelling asks a question answered yes or no, never an outcome\'s words', async (lang) => {
    const id = await placeCoupon(app.page, [picks[lang === 'tr' ? 0 : 1]!], 500);
    const detail = new CouponDetailPageModel(app.page);
    await detail.open(id, lang);
    await detail.cancel().click();
    const ask = app.page.locator('.cd-ask');
    await ask.waitFor();
    const buttons = await ask.getByRole('button').allTextContents();
    // The answers name what they do (as the transfer request's), in the question's sense of yes and no.
    expect(buttons).toEqual(lang === 'tr' ? ['Evet, iptal et', 'Hayır, kalsın'] : ['Yes, cancel', 'No, keep it']);
    await app.page.screenshot({ path: join(SCREENSHOTS, `journey-cancel-ask-${lang}.png`) });
    await ask.getByRole('button').last().click();
  });

  it.each(LANGS)('%s: a cash-out amount that moved before the confirmation is marked, old and new', async (lang) => {
    const id = await placeCoupon(app.page, [picks[lang === 'tr' ? 2 : 3]!], 1_000);
    // The price moves between the player's reading and the server's: the first detail the app reads
    // offers 0.31 more than the server will pay (as a live price that moved would).
    let first = true;
    await app.page.route('**/api/getCouponDetail', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { sellType?: { amount?: number } };
      if (first && body.sellType?.amount) { first = false; body.sellType.amount += 31; }
      await route.fulfill({ response, json: body });
    });
    try {
      const detail = new CouponDetailPageModel(app.page);
      await detail.open(id, lang);
      await detail.sell().click();
      const read = (await detail.sellConfirm().textContent()) ?? '';
      expect(await app.page.getByTestId('sell-moved').count()).toBe(0);
      await detail.sellConfirm().click();
      const moved = app.page.getByTestId('sell-moved');
      await moved.waitFor({ timeout: 15_000 });
      const real = (await api<{ sellType: { amount: number } }>(app.page, 'getCouponDetail', { ticketId: id })).sellType.amount;
      expect(read).toContain(shownMoney(real + 31, lang));
      expect(await moved.locator('s').textContent()).toBe(shownMoney(real + 31, lang));
      expect(await moved.locator('b').textContent()).toBe(shownMoney(real, lang));
      expect(await moved.getAttribute('data-move')).toBe('down');
      expect(await detail.sellConfirm().textContent()).toContain(shownMoney(real, lang));
      await app.page.screenshot({ path: join(SCREENSHOTS, `journey-sell-moved-${lang}.png`) });
      const before = (await api<{ userCredit: number }>(app.page, 'userdata', {})).userCredit;
      await detail.sellConfirm().click();
      await expect.poll(() => detail.status().getAttribute('data-tone'), { timeout: 15_000 }).toBe('won');
      expect((await api<{ userCredit: number }>(app.page, 'userdata', {})).userCredit - before).toBe(real);
    } finally {
      await app.page.unroute('**/api/getCouponDetail');
    }
  });

  it.each(LANGS)('%s: the receipt of a cancelled coupon says so, names its kind in words and formats money as the app', async (lang) => {
    const id = await placeCoupon(app.page, [picks[4]!, picks[5]!].slice(0, lang === 'tr' ? 2 : 1), 2_500);
    const cancelled = await api<{ status: boolean; msg: string }>(app.page, 'cancelCoupon', { ticketId: id });
    expect(cancelled.status, cancelled.msg).toBe(true);
    const detail = new CouponDetailPageModel(app.page);
    await detail.open(id, lang);
    const [popup] = await Promise.all([app.page.waitForEvent('popup'), detail.print().click()]);
    await popup.waitForLoadState();
    expect(await popup.getByTestId('receipt-state').textContent()).toBe(lang === 'tr' ? 'İPTAL EDİLDİ · GEÇERSİZ' : 'CANCELLED · NOT VALID');
    expect(await popup.getByTestId('receipt-type').textContent()).toBe(lang === 'tr' ? 'Kombine · 2 maç' : 'Single · 1 selection');
    expect(await popup.textContent('body')).toContain(shownMoney(2_500, lang));
    await popup.screenshot({ path: join(SCREENSHOTS, `journey-receipt-cancelled-${lang}.png`), fullPage: true });
    await popup.close();
  });

  it('had no uncaught errors', () => {
    expect(app.errors).toEqual([]);
  });
});
