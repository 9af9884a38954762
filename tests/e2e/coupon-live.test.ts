/**
 * A live match in a coupon follows the feed (betting-core.md section 4): the CouponDetail page
 * is a feed page, subscribes the coupon's live matches, and its line's minute and score move with
 * the pushes, without a reload. Chromium against the real server and its simulated feed.
 */
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from './app-under-test.ts';
import { BetSlip } from './pages/betslip-pages.ts';
import { CouponDetailPageModel } from './pages/coupons-pages.ts';
import { LoginPopup } from './pages/app-pages.ts';
import { LiveBetsPage } from './pages/live-pages.ts';

const SHOT = process.env.COUPON_LIVE_SHOT ?? '/tmp/couponfix-live-line.png';

describe('a live coupon line in Chromium', () => {
  const app = useAppUnderTest('coupon-live', { FEED_LIVE_COUNT: '6', FEED_SEED: '11', FEED_SPEED: '30', FEED_ID_BASE: '7000000' }, { page: 'errors', timeout: 90_000 });

  it('moves the minute of a live line while the detail stays open', async () => {
    const { page } = app;
    const live = new LiveBetsPage(page);
    await live.open();
    // football: its line shows a running minute
    await live.tabs().filter({ hasText: /Futbol/ }).first().click();
    // a live pick from the most recently started match
    let picked = false;
    for (let attempt = 0; attempt < 60 && !picked; attempt++) {
      const rows = live.rows();
      for (let i = (await rows.count()) - 1; i >= 0 && !picked; i--) {
        const row = rows.nth(i);
        const odd = live.openOdds(row).first();
        if (!(await odd.count())) continue;
        await odd.click().catch(() => undefined);
        // the tap goes through the worker: the button turns pressed a moment later
        picked = await row.locator('[data-testid=odd][aria-pressed=true]').first().waitFor({ timeout: 3_000 }).then(() => true, () => false);
      }
      if (!picked) await page.waitForTimeout(300);
    }
    expect(picked).toBe(true);
    const slip = new BetSlip(page);
    await slip.open();
    await slip.quickStake('10').click();
    await slip.create().click();
    await new LoginPopup(page).logIn('demo', 'demo1234');
    let ticketId = 0;
    for (let attempt = 0; attempt < 10 && !ticketId; attempt++) {
      await slip.create().waitFor();
      const r = await slip.place();
      ticketId = r.status ? r.ticketId : 0;
      // an odd that moved or a goal's suspension: accept and try again
      if (!ticketId) await page.waitForTimeout(1_000);
    }
    expect(ticketId).toBeGreaterThan(0);

    const detail = new CouponDetailPageModel(page);
    await detail.open(ticketId);
    const time = page.getByTestId('cl-live-time').first();
    await time.waitFor({ timeout: 30_000 });
    await page.getByTestId('cl-live-score').first().waitFor({ timeout: 30_000 });
    const first = await time.textContent();
    // the minute (or the status) changes by the feed's pushes alone
    await expect.poll(() => time.textContent(), { timeout: 60_000, interval: 250 }).not.toBe(first);
    await page.screenshot({ path: SHOT });
    expect(app.errors).toEqual([]);
  }, 150_000);
});
