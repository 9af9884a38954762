import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { BetSlip, SlipHome } from './pages/betslip-pages.ts';

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
});
