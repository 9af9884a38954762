/**
 * Languages in Chromium: the catalog of a language is its own chunk, fetched when the
 * language is chosen and not before; Persian mirrors the whole layout while odds, scores and
 * amounts keep reading left to right; Kurdish Sorani (iq) is right to left and Kurmanji (kr) left
 * to right; the odds format of Settings is remembered and applied to lists, the slip and coupons.
 * Screenshots at 390x844 in /tmp/shots/lang (Home, BetSlip and Coupons in fa).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useAppUnderTest, STATIC } from './app-under-test.ts';
import { SlipHome, BetSlip } from './pages/betslip-pages.ts';
import { CouponListPage } from './pages/coupons-pages.ts';
import { BackOffice, desk } from './pages/backoffice-pages.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';

const SHOTS = process.env.LANG_SHOTS ?? '/tmp/shots/lang';
mkdirSync(SHOTS, { recursive: true });

interface ListMatch { id: number; matchDate: string; odds: Array<{ oddstype: number; special: string; outcomes: Array<{ outcomeid: number; odd: number }> }> }

async function api<T = Record<string, unknown>>(page: Page, call: string, data: unknown): Promise<T> {
  const r = await page.request.post(`/api/${call}`, { data: data as Record<string, unknown> });
  return (await r.json()) as T;
}

/** The catalog chunks (lingui .po compiled, one per language and area) a page fetched. */
function catalogRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => { const m = /\/assets\/(messages-[\w-]+\.js)$/.exec(r.url()); if (m) seen.push(m[1]!); });
  return seen;
}

const dirOf = (page: Page) => page.evaluate('[document.documentElement.dir, document.documentElement.lang]') as Promise<[string, string]>;

describe('languages in Chromium', () => {
  const app = useAppUnderTest('languages', {}, { page: 'errors' });

  beforeAll(async () => {
    // A coupon of the demo player for the Coupons screenshots (page.request shares the browser's cookie).
    const { page } = app;
    await page.goto('/tr/');
    expect((await api<{ status: boolean }>(page, 'login', { userName: 'demo', password: 'demo1234' })).status).toBe(true);
    const list = await api<{ data: { results: ListMatch[] } }>(page, 'matches', { sportId: 1, limit: 40 });
    const picks = list.data.results.filter((m) => Date.parse(m.matchDate) > Date.now() + 3_600_000).slice(0, 2).map((m) => {
      const g = m.odds.find((x) => x.oddstype === 1)!;
      return { mid: m.id, oddTypeId: 1, ttype: 'N', odd: g.outcomes.find((x) => x.outcomeid === 1)!.odd, banko: false, ktip: { outcomeid: 1, special: g.special } };
    });
    const r = await api<{ status: boolean; msg: string }>(page, 'createCoupon', { ticketType: 'KK', oddChangeOk: true, systemTickets: [], totalStake: 1_250, ticketStake: 1_250, tips: picks });
    expect(r.status, r.msg).toBe(true);
  }, 90_000);

  it('keeps every catalog out of the first JavaScript and fetches one chunk per language chosen', async () => {
    const html = readFileSync(join(STATIC, 'index.html'), 'utf8');
    expect(html).not.toMatch(/messages-[\w-]+\.js/);
    const { context, page } = await app.newPhonePage();
    const got = catalogRequests(page);
    await new SlipHome(page).open('tr');
    // Turkish: the player's catalog only (the back office's words load with the back office).
    const unique = () => [...new Set(got)];
    expect(unique(), got.join()).toHaveLength(1);
    expect(await dirOf(page)).toEqual(['ltr', 'tr']);

    // Not precached either: the service worker keeps the catalog of the language in use (workers/sw.ts).
    await page.evaluate('navigator.serviceWorker.ready');
    const kept = () => page.evaluate(`caches.open('catalogs').then((c) => c.keys()).then((ks) => ks.map((r) => new URL(r.url).pathname.slice(8)))`) as Promise<string[]>;
    await expect.poll(kept, { timeout: 20_000 }).toEqual([got[0]]);

    await page.goto('/tr/languages');
    const list = page.getByTestId('languages');
    await list.waitFor();
    // The languages call: the site offers all 17, each in its own name.
    expect(await list.getByRole('button').count()).toBe(17);
    await expect.poll(() => list.getByRole('button', { name: /Deutsch/ }).count()).toBe(1);
    await list.getByRole('button', { name: /Deutsch/ }).click();
    await page.waitForURL(/\/de\/?$/);
    await expect.poll(() => dirOf(page)).toEqual(['ltr', 'de']);
    // German: its own chunk, fetched now.
    expect(unique(), got.join()).toHaveLength(2);
    await page.goto('/de/languages');
    await page.getByTestId('languages').getByRole('button', { name: /فارسی/ }).click();
    await expect.poll(() => dirOf(page)).toEqual(['rtl', 'fa']);
    expect(unique()).toHaveLength(3);
    await context.close();
  }, 60_000);

  it('offers the languages the back office ticks (general settings), in their own names', async () => {
    const ctx = await desk(app.browser, app.server.url);
    const page = await ctx.newPage();
    const bo = new BackOffice(page);
    await bo.loginWithCode('admin', 'admin1234', () => otpNow(DEMO_TOTP.admin, Date.now()));
    await bo.open('settings-general');
    const boxes = page.getByTestId('bo-languages');
    await boxes.scrollIntoViewIfNeeded();
    expect(await boxes.getByRole('checkbox').count()).toBe(17);
    for (const code of ['aa', 'cw', 'kr']) await boxes.locator(`input[name="languages.${code}"]`).uncheck();
    await page.screenshot({ path: join(SHOTS, 'bo-settings-languages-1280.png') });
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/bo/saveSiteSettings'));
    await page.getByRole('button', { name: 'Kaydet' }).click();
    expect(await (await saved).json()).toMatchObject({ status: true, changed: ['languages'] });

    const phone = await app.newPhonePage();
    await phone.page.goto('/tr/languages');
    const list = phone.page.getByTestId('languages');
    await expect.poll(() => list.getByRole('button').count(), { timeout: 15_000 }).toBe(14);
    expect(await list.getByRole('button', { name: /Papiamentu/ }).count()).toBe(0);
    expect(await list.textContent()).toContain('Türkçe');
    await phone.page.screenshot({ path: join(SHOTS, 'tr-languages-offered.png') });
    await phone.context.close();

    for (const code of ['aa', 'cw', 'kr']) await boxes.locator(`input[name="languages.${code}"]`).check();
    const again = page.waitForResponse((r) => r.url().endsWith('/api/bo/saveSiteSettings'));
    await page.getByRole('button', { name: 'Kaydet' }).click();
    expect(await (await again).json()).toMatchObject({ status: true });
    await ctx.close();
  }, 90_000);

  it('reads Kurdish Sorani (iq) right to left and Kurmanji (kr) left to right', async () => {
    const { context, page } = await app.newPhonePage();
    // The served HTML carries the language and direction, so the first frame is already mirrored.
    expect(await (await page.request.get('/iq/')).text()).toContain('<html lang="ckb" dir="rtl">');
    expect(await (await page.request.get('/kr/')).text()).toContain('<html lang="kmr" dir="ltr">');
    await new SlipHome(page).open('iq');
    expect(await dirOf(page)).toEqual(['rtl', 'ckb']);
    await page.screenshot({ path: join(SHOTS, 'iq-home.png') });
    await new SlipHome(page).open('kr');
    expect(await dirOf(page)).toEqual(['ltr', 'kmr']);
    await new SlipHome(page).open('cw');
    expect(await dirOf(page)).toEqual(['ltr', 'pap']);
    await context.close();
  }, 60_000);

  it('mirrors Home, BetSlip and Coupons in Persian with figures left to right', async () => {
    const { page } = app;
    const home = new SlipHome(page);
    await home.open('fa');
    expect(await dirOf(page)).toEqual(['rtl', 'fa']);
    // Mirrored: the first tab (Home) sits at the right edge, the last (Account) at the left.
    const first = (await page.locator('.tab').first().boundingBox())!;
    const last = (await page.locator('.tab').last().boundingBox())!;
    expect(first.x).toBeGreaterThan(last.x);
    // The brand mark is not mirrored: BET stays left of PWA.
    const bet = (await page.locator('.topbar .logo span').first().boundingBox())!;
    const pwa = (await page.locator('.topbar .logo b').first().boundingBox())!;
    expect(bet.x).toBeLessThan(pwa.x);
    const [row] = await home.rowsWithOpenOdds(2);
    await home.pick(home.openOdds(row!).first());
    // An odd's price is an isolated left-to-right run inside the right-to-left row.
    const price = home.openOdds(row!).first().locator('.price');
    expect(await price.evaluate((e) => (globalThis as unknown as { getComputedStyle(el: unknown): { direction: string } }).getComputedStyle(e).direction)).toBe('ltr');
    await page.screenshot({ path: join(SHOTS, 'fa-home.png') });

    const slip = new BetSlip(page);
    await slip.open('fa');
    await slip.entries().first().waitFor();
    await slip.quickStake('10').first().click().catch(() => undefined);
    await page.screenshot({ path: join(SHOTS, 'fa-betslip.png') });
    // Amounts carry their own left-to-right isolates (LRI ... PDI) in a right-to-left language.
    expect(await slip.maxPayout().textContent()).toMatch(/^\u2066.*\u2069$/);

    const coupons = new CouponListPage(page);
    await coupons.open('fa');
    await expect.poll(() => coupons.cards().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'fa-coupons.png') });
  }, 90_000);

  it('shows odds in the format chosen in Settings, remembered, in lists, the slip and coupons', async () => {
    const { page } = app;
    const prices = (scope: string) => page.locator(`${scope} [data-testid=odd]:not([disabled]) .price`).allTextContents();
    await page.goto('/en/settings');
    await page.getByTestId('odds-style').getByRole('radio', { name: /Fractional/ }).check();
    await page.screenshot({ path: join(SHOTS, 'en-settings-odds.png') });
    const home = new SlipHome(page);
    await home.open('en');
    await expect.poll(async () => (await prices('[data-testid=match-row]')).slice(0, 6).every((p) => /^\d+\/\d+/.test(p)), { timeout: 15_000 }).toBe(true);

    await page.goto('/en/settings');
    await page.getByTestId('odds-style').getByRole('radio', { name: /American/ }).check();
    // Remembered on the device: a reload keeps it.
    await home.open('en');
    await page.reload();
    await home.rows().first().waitFor();
    await expect.poll(async () => (await prices('[data-testid=match-row]')).slice(0, 6).every((p) => /^\u200E?[+-]\d+/.test(p)), { timeout: 15_000 }).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'en-home-american.png') });

    const slip = new BetSlip(page);
    await slip.open('en');
    await slip.entries().first().waitFor();
    expect(await slip.entries().first().textContent()).toMatch(/[+-]\d{3}/);

    const coupons = new CouponListPage(page);
    await coupons.open('en');
    await expect.poll(() => coupons.cards().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await coupons.cards().first().textContent()) ?? '').toMatch(/[+-]\d{3}/);
    await page.screenshot({ path: join(SHOTS, 'en-coupons-american.png') });

    // Decimal again for whoever runs next.
    await page.goto('/en/settings');
    await page.getByTestId('odds-style').getByRole('radio', { name: /Decimal/ }).check();
    expect(app.errors).toEqual([]);
  }, 90_000);
});
