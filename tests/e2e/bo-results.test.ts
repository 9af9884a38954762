/**
 * Result entry in the back office: a player bets on a match, the admin types its result
 * on the results screen, the preview lists the player's coupon as won, the confirm saves it and
 * the coupon is paid; a correction shows the stored result and reverses the payout.
 * Screenshots at 1280x800.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { collectErrors, useAppUnderTest } from './app-under-test.ts';
import { BackOffice, demoPlayerOn1x2, desk } from './pages/backoffice-pages.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';

describe('back office: results', () => {
  const app = useAppUnderTest('bo-results', {}, { timeout: 180_000 });

  it('the admin enters a result after its preview, the coupon is paid, a correction reverses it', async () => {
    // The player bets 10 TL on the home win of an upcoming match (through the API, as the app does).
    const phone = await app.newPhonePage();
    const { matchId, single } = await demoPlayerOn1x2(phone.context.request);
    const match = { id: matchId };
    const placed = await single(1, 1_000);
    expect(placed.status).toBe(true);

    const ctx = await desk(app.browser, app.server.url);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const bo = new BackOffice(page);
    await bo.loginWithCode('admin', 'admin1234', () => otpNow(DEMO_TOTP.admin, Date.now()));
    await bo.nav().getByRole('link', { name: 'Sonuçlar' }).click();
    await page.locator('input[name=matchId]').fill(String(match.id));
    const enter = async (ft: [number, number], ht: [number, number]) => {
      await page.locator('input[name=ft-h]').fill(String(ft[0]));
      await page.locator('input[name=ft-a]').fill(String(ft[1]));
      await page.locator('input[name=ht-h]').fill(String(ht[0]));
      await page.locator('input[name=ht-a]').fill(String(ht[1]));
      await page.getByRole('button', { name: 'Sonuçlandırmayı önizle' }).click();
      await bo.confirmButton().waitFor();
      // The match has not been played: the admin saves early with a reason (kept in the log).
      await page.locator('input[name=overrideReason]').fill('e2e: the match is played in the test');
    };
    await page.locator('input[name=corners-h]').fill('7');
    await page.locator('input[name=corners-a]').fill('3');
    // The match has a cards market: once the screen knows the match's markets, it asks for cards too.
    await page.locator('input[name=cards-h]').fill('2');
    await page.locator('input[name=cards-a]').fill('1');
    await page.locator('input[name=goals]').fill('h12 h70');
    await enter([2, 0], [1, 0]);
    const previewed = bo.row(bo.table('Bu sonuçla sonuçlanan kuponlar'), String(placed.ticketId));
    await previewed.waitFor();
    expect(await previewed.textContent()).toContain('Kazandı');
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-results-preview-1280.png') });
    const saved = await bo.confirm('saveResult');
    // The demo's own coupons on the match are settled too.
    expect(saved).toMatchObject({ status: true, added: true });
    expect(saved.changed as number).toBeGreaterThanOrEqual(1);
    expect(saved.paid as number).toBeGreaterThan(0);
    await page.locator('.bo-ok').waitFor();

    const detail = async () => (await (await ctx.request.post('/api/bo/couponDetail', { data: { couponId: placed.ticketId } })).json()) as { coupon: { status: number } };
    expect((await detail()).coupon.status).toBe(1);

    // A correction: the preview names the stored result and the tip as lost; saving reverses the payout.
    await enter([0, 1], [0, 0]);
    expect(await bo.dialog().textContent()).toContain('Kayıtlı sonuç: 2:0');
    expect(await bo.row(bo.table('Bu sonuçla sonuçlanan kuponlar'), String(placed.ticketId)).textContent()).toContain('Kaybetti');
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-results-correction-1280.png') });
    const corrected = await bo.confirm('saveResult');
    expect(corrected).toMatchObject({ status: true, added: true, version: 2 });
    expect((await detail()).coupon.status).toBe(-1);
    expect(errors).toEqual([]);
    await ctx.close();
    await phone.context.close();
  }, 120_000);
});
