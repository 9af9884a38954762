/**
 * The live score header of a tennis match in Chromium against the real server and simulator:
 * sets, games per set and the point score of the current game (0/15/30/40/A), patched as points
 * are played. Also a Home screenshot (every sport's upcoming group).
 */
import { describe, expect, it } from 'vitest';
import { collectErrors, useAppUnderTest } from './app-under-test.ts';

const SHOTS = process.env.LIVE_SHOTS ?? '/tmp';
const POINT = '(0|15|30|40|A|\\d+)';

describe('live tennis game score in Chromium', () => {
  const app = useAppUnderTest('live-game-score', { FEED_LIVE_COUNT: '20', FEED_SEED: '7', FEED_SPEED: '20', FEED_ID_BASE: '7000000' }, { timeout: 90_000 });

  it('shows sets, games and the point score of a live tennis match, and follows the points', async () => {
    const { context, page } = await app.newPhonePage();
    const errors = collectErrors(page);
    await page.goto('/tr/livebets?sid=5');
    const rows = page.getByTestId('live-row');
    await rows.first().waitFor({ timeout: 30_000 });
    await rows.first().locator('a.live-teams').click();
    const header = page.getByTestId('score-header');
    await header.waitFor({ timeout: 15_000 });
    const game = page.getByTestId('game-score');
    await game.waitFor({ timeout: 15_000 });
    expect(await game.textContent()).toMatch(new RegExp(`${POINT} - ${POINT}$`));
    const first = await game.locator('strong').textContent();
    // at 20x a point is played every 1 to 3 s: the header follows the feed
    await expect.poll(() => game.locator('strong').textContent(), { timeout: 30_000 }).not.toBe(first);
    await page.screenshot({ path: `${SHOTS}/homefix-tennis.png` });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('Home lists upcoming matches of several sports', async () => {
    const { context, page } = await app.newPhonePage();
    await page.goto('/tr');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/homefix-home.png`, fullPage: true });
    await context.close();
  }, 60_000);
});
