import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import type { Page } from 'playwright-core';
import { BetSlip, SlipHome } from './pages/betslip-pages.ts';
import { CouponDetailPageModel } from './pages/coupons-pages.ts';

async function api<T = Record<string, unknown>>(page: Page, call: string, data: unknown): Promise<T> {
  const r = await page.request.post(`/api/${call}`, { data: data as Record<string, unknown> });
  return (await r.json()) as T;
}
interface ListMatch { id: number; matchDate: string; odds: Array<{ oddstype: number; special: string; outcomes: Array<{ outcomeid: number; odd: number }> }> }

// The slip's odds-change choice, partial and automatic cash out from the coupon detail, and a
// shared bet opened in a second browser, in Chromium at 390x844 against the real server.
describe('cash out and the slip in Chromium', () => {
  const app = useAppUnderTest('cashout', {}, { page: 'errors' });

  it('the odds-change choice: the site default, then the player’s choice kept on the device', async () => {
    const home = new SlipHome(app.page);
    const slip = new BetSlip(app.page);
    await home.open();
    const [row] = await home.rowsWithOpenOdds(1);
    await home.pick(home.openOdds(row!).first());
    await slip.open();
    const choice = app.page.getByTestId('odds-change');
    await choice.waitFor();
    // The site's default (odds_change_default 'any') until the player picks one.
    expect(await app.page.getByTestId('odds-change-any').isChecked()).toBe(true);
    // Keyboard: the group is one tab stop, arrows move the choice.
    await app.page.getByTestId('odds-change-any').focus();
    await app.page.keyboard.press('ArrowLeft');
    await expect.poll(() => app.page.getByTestId('odds-change-higher').isChecked()).toBe(true);
    await choice.scrollIntoViewIfNeeded();
    await app.page.screenshot({ path: join(SCREENSHOTS, 'cashout-odds-change.png') });
    await app.page.reload();
    await choice.waitFor();
    await expect.poll(() => app.page.getByTestId('odds-change-higher').isChecked()).toBe(true);
    expect(app.errors).toEqual([]);
  });

  it('partial cash out from the coupon detail, then an auto rule set on the rest', async () => {
    const { page } = app;
    await page.goto('/tr/');
    expect((await api<{ status: boolean }>(page, 'login', { userName: 'demo', password: 'demo1234' })).status).toBe(true);
    const list = await api<{ data: { results: ListMatch[] } }>(page, 'matches', { sportId: 1, limit: 40 });
    const m = list.data.results.find((x) => Date.parse(x.matchDate) > Date.now() + 3_600_000 && x.odds.some((g) => g.oddstype === 1))!;
    const g = m.odds.find((x) => x.oddstype === 1)!;
    const placed = await api<{ status: boolean; ticketId: number; msg: string }>(page, 'createCoupon', {
      ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: 5_000, ticketStake: 5_000,
      tips: [{ mid: m.id, oddTypeId: 1, ttype: 'N', odd: g.outcomes[0]!.odd, banko: false, ktip: { outcomeid: 1, special: g.special } }],
    });
    expect(placed.status, placed.msg).toBe(true);
    const credit = async () => (await api<{ userCredit: number }>(page, 'userdata', {})).userCredit;
    const before = await credit();

    const detail = new CouponDetailPageModel(page);
    await detail.open(placed.ticketId);
    const slider = page.getByTestId('part-slider');
    await slider.waitFor();
    await slider.fill('1500');
    await expect.poll(() => page.getByTestId('part-rest').textContent()).toMatch(/\d/);
    await page.getByTestId('cash-out-part').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'cashout-part-slider.png') });
    await page.getByTestId('part-sell').click();
    await page.getByTestId('part-sell-confirm').click();
    await page.getByTestId('cash-out-history').waitFor({ timeout: 15_000 });
    expect(await credit()).toBe(before + 1_500);
    // Still waiting, with the stake reduced; no cancel once a part was sold.
    expect(await detail.status().getAttribute('data-tone')).toBe('waiting');
    expect(await page.getByTestId('coupon-cancel').count()).toBe(0);
    await page.getByTestId('cash-out-history').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'cashout-part-history.png') });

    // An auto rule on the rest: above the offer now, then shown armed with change and remove.
    const d = await api<{ sellType: { amount: number } }>(page, 'getCouponDetail', { ticketId: placed.ticketId });
    await page.getByTestId('auto-sell-target').fill(((d.sellType.amount + 1_000) / 100).toFixed(2));
    await page.getByTestId('auto-sell-save').click();
    await page.getByTestId('auto-sell-armed').waitFor({ timeout: 15_000 });
    await page.getByTestId('auto-sell').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'cashout-auto-armed.png') });
    expect(app.errors).toEqual([]);
  }, 90_000);
});
