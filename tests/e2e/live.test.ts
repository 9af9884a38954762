/**
 * Live betting in Chromium against the real server with the simulator (fast games, long
 * suspensions after goals, so moves and locks happen within seconds): LiveBets shows live matches
 * whose odds move, live MatchDetail shows the score header, live odds go on the slip, a
 * suspension locks them on the slip, and a live coupon is placed (or refused in the spec's shape).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { collectErrors, useAppUnderTest } from './app-under-test.ts';
import { LoginPopup, SlipPage } from './pages/app-pages.ts';
import { LiveBetsPage, LiveDetailPage } from './pages/live-pages.ts';

describe('live betting in Chromium', () => {
  // 40 game seconds a second: a goal in some match every few seconds, 300 game seconds (7.5 s) suspended after it
  const app = useAppUnderTest('live', {
    FEED_LIVE_COUNT: '10', FEED_SEED: '7', FEED_SPEED: '40', FEED_SUSPEND_SEC: '300', FEED_ID_BASE: '5000000',
  }, { timeout: 90_000 });

  it('moves live odds, locks a suspended slip pick and places a live coupon', async () => {
    const { context, page } = await app.newPhonePage();
    const errors = collectErrors(page);

    const live = new LiveBetsPage(page);
    await live.open();
    expect(await live.rows().count()).toBeGreaterThan(2);
    expect(await live.tabs().count()).toBeGreaterThan(1);
    // odds move: arrows appear on the rows as the feed reprices
    await expect.poll(() => live.moved().count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'live-bets.png') });

    // a search that matches nothing says so
    await live.search().fill('zzzzqq');
    await live.noResults().waitFor({ timeout: 10_000 });
    await live.search().fill('');
    await live.rows().first().waitFor();

    // live MatchDetail: score header and open market groups, back to LiveBets
    await live.rows().first().locator('a.live-teams').click();
    const detail = new LiveDetailPage(page);
    await detail.header().waitFor({ timeout: 15_000 });
    expect(await detail.score().textContent()).toMatch(/\d+ : \d+/);
    await page.screenshot({ path: join(SCREENSHOTS, 'live-detail.png') });
    await detail.back().click();
    await live.rows().first().waitFor();

    // three live picks from the most recently started matches (furthest from their end)
    let picked = 0;
    for (let attempt = 0; attempt < 60 && picked < 3; attempt++) {
      const rows = live.rows();
      const n = await rows.count();
      for (let i = n - 1; i >= 0 && picked < 3; i--) {
        const row = rows.nth(i);
        if (await row.locator('[aria-pressed=true]').count()) continue;
        const odd = live.openOdds(row).first();
        if (!(await odd.count())) continue;
        await odd.click().catch(() => undefined);
        // the tap goes through the worker: the button turns pressed a moment later (rows may reorder meanwhile)
        if (await row.locator('[data-testid=odd][aria-pressed=true]').first().waitFor({ timeout: 3_000 }).then(() => true, () => false)) picked++;
      }
      if (picked < 3) await page.waitForTimeout(500);
    }
    expect(picked).toBeGreaterThan(0);
    await page.getByTestId('coupon-bar').click();
    const slip = new SlipPage(page);
    await slip.entries().first().waitFor();

    // a goal suspends its match: the pick on the slip turns locked, then opens again
    await expect.poll(() => page.locator('[data-testid=slip-entry][data-locked=true]').count(), { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'live-slip-locked.png') });

    await slip.keepCreatable();
    await slip.create().click();
    const login = new LoginPopup(page);
    await login.dialog().waitFor();
    await login.logIn('demo', 'demo1234');

    // place when nothing is locked (a locked slip is refused before sending: thereAreLockedMatches)
    let outcome = '';
    for (let attempt = 0; attempt < 20 && !outcome; attempt++) {
      await expect.poll(() => page.locator('[data-testid=slip-entry][data-locked=true]').count(), { timeout: 30_000, interval: 100 }).toBe(0);
      if (!(await slip.entries().count())) break;
      await slip.keepCreatable();
      // the last attempt's notice goes first: its final status must not pass for this attempt's
      if (await slip.notice().count()) {
        await slip.notice().getByRole('button').click().catch(() => undefined);
        await slip.notice().waitFor({ state: 'detached', timeout: 5_000 });
      }
      await slip.create().click();
      // 5 is the live coupon still being placed (its delay): wait for its final status
      const statusNow = async () => (await slip.notice().getAttribute('data-status', { timeout: 1000 }).catch(() => null)) ?? '';
      await expect.poll(statusNow, { timeout: 45_000 }).toMatch(/^[1-4]$/);
      if ((await statusNow()) === '5') await expect.poll(statusNow, { timeout: 45_000 }).toMatch(/^[1-4]$/);
      const status = await statusNow();
      const text = (await slip.notice().textContent()) ?? '';
      // 3: the slip was locked between the check and the tap; try again
      if (status !== '3') outcome = `${status}:${text}`;
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'live-coupon.png') });
    // success, or (while createCoupon does not price live tips) a refusal in the spec's words
    expect(outcome).toMatch(/^(1:Tebrikler|[24]:.+)/);
    if (outcome.startsWith('1:')) await page.getByTestId('last-coupon').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
