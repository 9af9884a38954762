/**
 * The operator's catalogue and trading end to end: in the back office (1280x800) the
 * admin creates a league, then a fixture in it by hand with two markets and their prices; a player
 * on the phone (390x844) picks the home win on the match's page; the admin changes the draw's price
 * and the open match page follows, then the home price and the player's open slip follows (both
 * without a reload, on the feed's own path); the player bets at
 * the new price; the admin enters the result on the results screen and the coupon is paid: its
 * status is won and the balance moved by the stake out and the payout in. Screenshots checked.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { collectErrors, useAppUnderTest } from './app-under-test.ts';
import { BackOffice, desk } from './pages/backoffice-pages.ts';
import { MatchDetailPage } from './pages/prematch-pages.ts';
import { BetSlip } from './pages/betslip-pages.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';

/** A datetime-local value in Istanbul time (UTC+3 all year), as the desk's browser reads it. */
const istanbulLocal = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 16);

describe('back office: catalogue, trading and a hand-made fixture paid out', () => {
  const app = useAppUnderTest('bo-catalogue', {}, { timeout: 180_000 });

  it('league and fixture made in the back office, a player bets on it, the price moves on the open slip, the result pays the coupon', async () => {
    const ctx = await desk(app.browser, app.server.url);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const bo = new BackOffice(page);
    await bo.loginWithCode('admin', 'admin1234', () => otpNow(DEMO_TOTP.admin, Date.now()));

    // 1. A league, on the catalogue screen of the catalogue team (helper 'cat').
    const leagueName = `E2E Ligi ${Date.now() % 100_000}`;
    await bo.open('catalogue', { tab: 'league' });
    await page.getByRole('button', { name: 'Yeni lig' }).click();
    const dialog = bo.dialog();
    await dialog.locator('input[name=name]').fill(leagueName);
    await dialog.locator('select[name=sportId]').selectOption('1');
    const countries = dialog.locator('select[name=categoryId] option:not([value=""])');
    await countries.first().waitFor({ state: 'attached' });
    await dialog.locator('select[name=categoryId]').selectOption((await countries.first().getAttribute('value'))!);
    const league = await bo.confirm('catalogueSaveLeague');
    expect(league, JSON.stringify(league)).toMatchObject({ status: true });
    const leagueId = league.id as number;

    // 2. A fixture in it, made by hand on the trading screen, with 1X2 and over/under 2.5.
    await bo.nav().getByRole('link', { name: 'Maçlar ve oranlar' }).click();
    const form = page.getByRole('form', { name: 'Yeni maç' });
    await form.locator(`select[name=league] option[value="${leagueId}"]`).waitFor({ state: 'attached' });
    await form.locator('select[name=league]').selectOption(String(leagueId));
    const teams = form.locator('select[name=home] option:not([value=""])');
    const home = await teams.nth(0).getAttribute('value');
    const homeName = (await teams.nth(0).textContent())!;
    await form.locator('select[name=home]').selectOption(home!);
    const away = form.locator('select[name=away] option:not([value=""])').first();
    const awayName = (await away.textContent())!;
    await form.locator('select[name=away]').selectOption((await away.getAttribute('value'))!);
    await form.locator('input[name=date]').fill(istanbulLocal(Date.now() + 3 * 3_600_000));
    const createdReply = page.waitForResponse((r) => r.url().endsWith('/api/bo/createFixture'));
    await form.getByRole('button', { name: 'Maç oluştur' }).click();
    const created = (await (await createdReply).json()) as { status: boolean; id: number };
    expect(created, JSON.stringify(created)).toMatchObject({ status: true });
    const matchId = created.id;

    const panel = page.getByRole('region', { name: `Maç ${matchId}` });
    const market = panel.getByRole('form', { name: 'Market aç' });
    const open = async (oddsType: string, prices: Record<string, string>, special?: string) => {
      await market.locator('select[name=oddsType]').selectOption(oddsType);
      if (special) await market.locator('input[name=special]').fill(special);
      for (const [outcome, price] of Object.entries(prices)) await market.locator(`input[name=price-${outcome}]`).fill(price);
      const reply = page.waitForResponse((r) => r.url().endsWith('/api/bo/openMarket'));
      await market.getByRole('button', { name: 'Marketi aç' }).click();
      expect(await (await reply).json()).toMatchObject({ status: true });
    };
    await open('1', { 1: '2.10', 2: '3.30', 3: '3.40' });
    await open('18', { 12: '1.85', 13: '1.95' }, '2.5');
    await panel.getByRole('group').nth(1).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-trading-fixture-1280.png') });

    // 3. The player opens the match on the phone and picks the home win at 2.10.
    const phone = await app.newPhonePage();
    const phoneErrors = collectErrors(phone.page);
    const api = phone.context.request;
    expect((await (await api.post('/api/login', { data: { userName: 'demo', password: 'demo1234' } })).json()).status).toBe(true);
    const credit = async () => ((await (await api.post('/api/userdata', { data: {} })).json()) as { userCredit: number }).userCredit;
    const before = await credit();
    await phone.page.goto(`/tr/matchdetail/${matchId}`);
    const detail = new MatchDetailPage(phone.page);
    await detail.markets().first().waitFor();
    expect(await phone.page.textContent('body')).toContain(homeName.trim());
    const homeOdd = detail.firstOpenOdd();
    expect(await homeOdd.textContent()).toContain('2.10');
    await homeOdd.click();
    await homeOdd.and(phone.page.locator('[aria-pressed="true"]')).waitFor();

    // The admin moves the draw to 3.45: the open match page follows on the feed, no reload.
    const homeCard = panel.getByRole('group').first();
    const drawReply = page.waitForResponse((r) => r.url().endsWith('/api/bo/setPrice'));
    await homeCard.locator('input').nth(1).fill('3.45');
    await homeCard.getByRole('button', { name: 'Uygula' }).nth(1).click();
    expect(await (await drawReply).json()).toMatchObject({ status: true });
    const drawOdd = detail.markets().first().getByTestId('odd').nth(1);
    await expect.poll(async () => drawOdd.textContent(), { timeout: 10_000 }).toContain('3.45');
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'bo-trading-detail-moved-390.png') });
    const slip = new BetSlip(phone.page);
    await slip.open();
    await slip.entries().first().waitFor();
    expect(await slip.entries().first().textContent()).toContain('2.10');

    // 4. The admin moves the home price to 2.25: the open slip follows on the feed, no reload.
    const priceReply = page.waitForResponse((r) => r.url().endsWith('/api/bo/setPrice'));
    await homeCard.locator('input').first().fill('2.25');
    await homeCard.getByRole('button', { name: 'Uygula' }).first().click();
    expect(await (await priceReply).json()).toMatchObject({ status: true });
    await expect.poll(async () => slip.entries().first().textContent(), { timeout: 10_000 }).toContain('2.25');
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'bo-trading-slip-moved-390.png') });

    // 5. The player bets 10.00 at the new price.
    await slip.quickStake('10').click();
    const placed = await slip.place();
    expect(placed, JSON.stringify(placed)).toMatchObject({ status: true });
    await slip.success().waitFor();
    expect(await credit()).toBe(before - 1_000);

    // 6. The admin enters the result (2:0, half time 1:0): the preview lists the coupon as won; saving pays it.
    await bo.nav().getByRole('link', { name: 'Sonuçlar' }).click();
    await page.locator('input[name=matchId]').fill(String(matchId));
    for (const [name, v] of [['ft-h', '2'], ['ft-a', '0'], ['ht-h', '1'], ['ht-a', '0']]) await page.locator(`input[name=${name}]`).fill(v!);
    await page.getByRole('button', { name: 'Sonuçlandırmayı önizle' }).click();
    const previewed = bo.row(bo.table('Bu sonuçla sonuçlanan kuponlar'), String(placed.ticketId));
    await previewed.waitFor();
    expect(await previewed.textContent()).toContain('Kazandı');
    // The match is hours away: the admin overrides the result time with a reason (audited).
    await page.locator('input[name=overrideReason]').fill('e2e: the match is played in the test');
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-trading-result-1280.png') });
    expect(await bo.confirm('saveResult')).toMatchObject({ status: true, added: true });

    // 7. The coupon is won and paid: 10.00 at 2.25 pays 22.50.
    const coupon = async () => ((await (await ctx.request.post('/api/bo/couponDetail', { data: { couponId: placed.ticketId } })).json()) as { coupon?: { status: number } });
    await expect.poll(async () => (await coupon()).coupon?.status, { timeout: 10_000 }).toBe(1);
    expect(await credit()).toBe(before - 1_000 + 2_250);
    await phone.page.goto(`/tr/CouponDetail/${placed.ticketId}`);
    await phone.page.getByTestId('cd-status').waitFor();
    expect(await phone.page.getByTestId('cd-status').textContent()).toMatch(/Kazan/);
    expect(await phone.page.textContent('body')).toContain(awayName.trim());
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'bo-trading-coupon-won-390.png') });

    // 8. Live betting settings: a denied range of live betting, listed in its canonical form.
    await bo.nav().getByRole('link', { name: 'Canlı bahis ayarları' }).click();
    const rules = page.getByRole('region', { name: 'Canlı bahis IP izinleri' });
    await rules.locator('input[name=cidr]').fill('203.0.113.7/24');
    await rules.locator('input[name=note]').fill('E2E');
    const added = page.waitForResponse((r) => r.url().endsWith('/api/bo/addIpRule'));
    await rules.getByRole('button', { name: 'Kural ekle' }).click();
    expect(await (await added).json()).toMatchObject({ status: true });
    await bo.row(bo.table('IP izinleri'), '203.0.113.0/24').waitFor();
    expect(await bo.row(bo.table('IP izinleri'), '203.0.113.0/24').textContent()).toContain('Engelle');
    await page.screenshot({ path: join(SCREENSHOTS, 'bo-live-settings-1280.png') });

    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await phone.context.close();
    await ctx.close();
  }, 180_000);
});
