/**
 * The trader's liability grid in Chromium: a player's single shows on the Liability screen with
 * its stake and payout, and a second coupon placed while the screen is open appears without a
 * reload (the back-office socket /ws/bo). Screenshot at 1280x800.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { adminDesk, demoPlayerOn1x2 } from './pages/backoffice-pages.ts';

describe('back office: liability', () => {
  const app = useAppUnderTest('bo-liability', {}, { timeout: 180_000 });

  it('shows a market with open bets and follows a new coupon over the socket', async () => {
    const phone = await app.newPhonePage();
    const { matchId, single } = await demoPlayerOn1x2(phone.context.request);
    const bet = async (outcomeid: number, stake: number) => expect((await single(outcomeid, stake)).status).toBe(true);
    await bet(1, 12_300);

    const { ctx, page, errors, bo } = await adminDesk(app.browser, app.server.url);
    await bo.open('liability', { match: String(matchId) });
    const grid = bo.table(/^Risk$/);
    await grid.getByText('123,00', { exact: false }).first().waitFor();
    await page.getByRole('status').filter({ hasText: 'Canlı güncelleme açık' }).waitFor();
    // a coupon on the other outcome while the screen is open: the market's stakes follow without a reload
    await bet(2, 4_500);
    await grid.getByText('168,00', { exact: false }).first().waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-liability-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
    await phone.context.close();
  }, 120_000);
});
