/**
 * The casino in Chromium: a visitor's tap on a Home game opens the login popup (its Demo
 * button the game in fun mode); a player opens each product from the casino tab bar, plays a slot
 * round and a live roulette round in the demo provider's page inside the game frame, and the
 * header's balance and Transactions follow.
 * The team's games management in the back office changes the lobby; real big wins fill the top
 * winners. Screenshots at 390x844 (and the back office at 1280x800) in tests/e2e/screenshots/casino-*.png.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { LoginPopup } from './pages/app-pages.ts';
import { CasinoLobby, DemoGame } from './pages/casino-pages.ts';
import { BackOffice, desk } from './pages/backoffice-pages.ts';
import { minorOf } from './pages/betslip-pages.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';
import { hmacSign, providerSecret } from '../../server/casino/signature.ts';

const SHOTS = process.env.SCREENSHOT_DIR ?? SCREENSHOTS;
/** Home's push pop-ups closed for the session (they would cover the screenshots); run in the page. */
const CLOSE_POPUPS = { content: "sessionStorage.setItem('popupsClosed', '1')" };
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `casino-${name}.png`) });

/** The header's credit as a number of minor units ('1.234,50 TL' -> 123450). */
async function headerCredit(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance').first().textContent()) ?? '';
  const m = /([\d.]+),(\d{2})/.exec(text);
  if (!m) throw new Error(`no credit in '${text}'`);
  return Number(m[1]!.replace(/\./g, '')) * 100 + Number(m[2]);
}

/** The provider page's balance ('2.500,00 TL' -> 250000). */
async function gameBalance(game: DemoGame): Promise<number> {
  await expect.poll(() => game.balance().textContent(), { timeout: 15_000 }).toMatch(/\d/);
  // The game shows its balance in the page's language ('2.500,00 TL'): two decimals, any separators.
  return minorOf(await game.balance().textContent());
}

describe('casino in Chromium', () => {
  const app = useAppUnderTest('casino', { FEED_LIVE_COUNT: '2' }, { page: 'errors' });

  it('a visitor is sent Home from a casino route, sees Home\'s casino lists and gets the login popup on a game', async () => {
    const { page } = app;
    await app.context.addInitScript(CLOSE_POPUPS);
    await page.goto('/tr/casino');
    await page.waitForURL((u) => u.pathname === '/tr' || u.pathname === '/tr/');
    const section = page.getByTestId('home-casino');
    // the lists load when the player scrolls near them (the end of Home, after the sport sections)
    await expect.poll(async () => {
      await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
      return section.getByTestId('game-tile').count();
    }, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('home-casino-live').scrollIntoViewIfNeeded();
    await shot(page, 'home-lists');
    // fun mode where the game offers it: no money, the provider says so
    const lobby = new CasinoLobby(page);
    await page.getByTestId('home-casino-slots').getByTestId('game-fun').first().click();
    await lobby.frame().waitFor();
    await expect.poll(() => lobby.game().locator('#mode').textContent(), { timeout: 15_000 }).toMatch(/Eğlence/);
    await shot(page, 'visitor-fun');
    await lobby.close().click();
    await lobby.frame().waitFor({ state: 'detached' });
    await section.getByTestId('game-tile').first().click();
    const popup = new LoginPopup(page);
    await popup.dialog().locator('#login-user').waitFor();
    expect(await popup.dialog().textContent()).toContain('Giriş');
    await shot(page, 'visitor-login-popup');
    // the same popup logs the player in; the casino opens for him then
    await popup.logIn('ayse', 'ayse1234');
    await page.getByTestId('balance').waitFor();
  });

  it('a player opens each product from the tab bar', async () => {
    const { page } = app;
    await page.goto('/tr/casino');
    const lobby = new CasinoLobby(page);
    await lobby.screen('casino').waitFor();
    expect(await lobby.tabs().allTextContents()).toEqual(['Slotlar', 'Canlı casino', 'Tombala', 'Sanal', 'TV oyunları']);
    await lobby.tiles().first().waitFor();
    await lobby.jackpots().waitFor();
    expect(await lobby.jackpots().locator('strong').first().textContent()).toMatch(/^[\d.]+,\d{4}$/);
    // 3 across at 390 px, the name under the image
    const boxes = await Promise.all((await lobby.tiles().all()).slice(0, 3).map((t) => t.boundingBox()));
    expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1);
    await shot(page, 'slots');
    // search: titles containing the text
    await lobby.search().fill('fru');
    await expect.poll(() => lobby.tiles().allTextContents(), { timeout: 10_000 }).toEqual(['Fruit Fiesta']);
    await lobby.search().fill('');

    for (const [product, tab] of [['livecasino', 'Canlı casino'], ['virtualgames', 'Sanal'], ['tvgames', 'TV oyunları']] as const) {
      await lobby.tabs().filter({ hasText: tab }).click();
      await page.waitForURL((u) => u.pathname === `/tr/${product}`);
      await lobby.screen(product).waitFor();
      await lobby.tiles().first().waitFor();
      await shot(page, product);
    }
    // /opencasino opens the game of its query at once; closing it goes to the product's lobby
    await page.goto('/tr/livecasino');
    const roulette = await lobby.tile('Aurora Rulet').getAttribute('data-game');
    await page.goto(`/tr/opencasino?id=${roulette}&mid=4`);
    await lobby.frame().waitFor();
    await lobby.close().click();
    await page.waitForURL((u) => u.pathname === '/tr/livecasino');
    // a game that cannot be opened: the server's message as an error notice (section 8)
    await page.goto('/tr/opencasino?id=999999&mid=4');
    const notice = page.getByTestId('notice');
    await expect.poll(() => notice.textContent(), { timeout: 10_000 }).toContain('Oyun bulunamadı');
    expect(await notice.getAttribute('data-status')).toBe('2');
    await page.getByTestId('opencasino-back').waitFor();
    await shot(page, 'open-failure');

    await page.goto('/tr/casino');
    await lobby.tabs().filter({ hasText: 'Tombala' }).click();
    await lobby.screen('bingo').waitFor();
    await page.getByTestId('bingo-open').click();
    await lobby.frame().waitFor();
    await gameBalance(new DemoGame(lobby.game()));
    await shot(page, 'bingo-open');
    await lobby.close().click();
    await lobby.frame().waitFor({ state: 'detached' });
  });

  it('a slot round: the game runs in the frame, the balance and Transactions follow', async () => {
    const { page } = app;
    const lobby = new CasinoLobby(page);
    await page.goto('/tr/casino');
    await lobby.tile('Lucky Sevens').click();
    await lobby.frame().waitFor();
    const game = new DemoGame(lobby.game());
    const before = await gameBalance(game);
    expect(before).toBe(await headerCredit(page));
    await game.spin().click();
    await expect.poll(() => game.message().textContent(), { timeout: 15_000 }).toMatch(/Kazanç/);
    const after = await gameBalance(game);
    expect(after).not.toBe(before);
    await shot(page, 'slot-round');
    await lobby.close().click();
    await lobby.frame().waitFor({ state: 'detached' });
    // the header asks for the credit again when the game closes
    await expect.poll(() => headerCredit(page), { timeout: 10_000 }).toBe(after);
    await lobby.lastPlayed().first().waitFor();
    expect(await lobby.lastPlayed().first().textContent()).toContain('Lucky Sevens');
    await page.goto('/tr/transactions');
    // the round's bet (and its win, if any) are ledger rows of the slots product, newest first
    const rows = page.getByTestId('history-list').locator('li');
    await rows.first().waitFor();
    expect(await rows.first().textContent()).toMatch(/slot/i);
    await shot(page, 'transactions');
  });

  it('a roulette round on the live table: bet in the window, result, settled balance', async () => {
    const { page } = app;
    const lobby = new CasinoLobby(page);
    await page.goto('/tr/livecasino');
    await lobby.tile('Aurora Rulet').click();
    await lobby.frame().waitFor();
    const game = new DemoGame(lobby.game());
    const before = await gameBalance(game);
    await game.pick('Kırmızı').click();
    // the table runs on a timer: wait for the bet window
    await expect.poll(() => game.place().isEnabled(), { timeout: 40_000 }).toBe(true);
    await game.place().click();
    await expect.poll(() => game.message().textContent(), { timeout: 10_000 }).toMatch(/Bahis alındı/);
    const staked = await gameBalance(game);
    expect(staked).toBeLessThan(before);
    await shot(page, 'roulette-bet');
    await expect.poll(() => game.message().textContent(), { timeout: 45_000 }).toMatch(/Sonuç/);
    await shot(page, 'roulette-result');
    // settled a moment after the result
    await page.waitForTimeout(2_500);
    const settled = await gameBalance(game);
    await lobby.close().click();
    await expect.poll(() => headerCredit(page), { timeout: 10_000 }).toBe(settled);
    expect(app.errors).toEqual([]);
  }, 150_000);

  it('back office: the team disables a game and moves another first, the lobby follows; big wins fill the top winners', async () => {
    const ctx = await desk(app.browser, app.server.url);
    const page = await ctx.newPage();
    const bo = new BackOffice(page);
    await bo.loginWithCode('admin', 'admin1234', () => otpNow(DEMO_TOTP.admin, Date.now()));
    await bo.open('casino');
    const games = bo.table('Oyunlar');
    await page.getByTestId('bo-casino-game-gem-rush').waitFor();
    expect(await games.locator('tbody tr').count()).toBe(3);
    const saved = (call: string) => page.waitForResponse((r) => r.url().endsWith(`/api/bo/${call}`));
    let done = saved('setCasinoGame');
    await page.getByTestId('bo-casino-game-gem-rush').click();
    expect(await (await done).json()).toMatchObject({ status: true });
    const order = page.getByRole('textbox', { name: 'Lucky Sevens sırası' });
    done = saved('setCasinoGame');
    await order.fill('0');
    await order.press('Enter');
    expect(await (await done).json()).toMatchObject({ status: true });
    await expect.poll(() => games.locator('tbody tr').first().textContent()).toContain('Lucky Sevens');
    await page.screenshot({ path: join(SHOTS, 'casino-bo-games-1280.png') });
    await page.getByTestId('bo-casino-tab-limits').click();
    await page.getByTestId('bo-casino-limit-bayi1').waitFor();
    await page.screenshot({ path: join(SHOTS, 'casino-bo-limits-1280.png') });

    // two big wins of a player, sent by the provider through the signed wallet API
    const phone = await app.newPhonePage();
    const api = phone.context.request;
    expect((await (await api.post('/api/login', { data: { userName: 'demo', password: 'demo1234' } })).json()).status).toBe(true);
    const list = await (await api.post('/api/getAllCasinos', { data: { lang: 'tr', masterServiceId: 5 } })).json() as { items: Array<{ serviceId: number; title: string }> };
    const fruit = list.items.find((g) => g.title === 'Fruit Fiesta')!;
    const opened = await (await api.post('/api/openslot', { data: { lang: 'tr', serviceId: fruit.serviceId, masterServiceId: 5 } })).json() as { content: { gameurl: string } };
    const token = new URL(opened.content.gameurl, 'http://x').searchParams.get('token')!;
    const game = 'fruit-fiesta';
    const secret = providerSecret('DEMO_PROVIDER_SECRET');
    const wallet = async (op: string, body: object) => {
      const raw = JSON.stringify({ request_uuid: `${op}-${Math.random()}`, token, game_code: game, currency: 'TRY', ...body });
      return (await (await api.post(`/casino/wallet/demo/${op}`, { data: raw, headers: { 'content-type': 'application/json', 'x-signature': hmacSign(secret, raw) } })).json()) as { status: string };
    };
    for (const [n, win] of [[1, 48_000], [2, 125_000]] as const) {
      expect((await wallet('bet', { transaction_uuid: `e2e-b${n}`, round: `e2e-r${n}`, amount: 1_000 })).status).toBe('RS_OK');
      expect((await wallet('win', { transaction_uuid: `e2e-w${n}`, round: `e2e-r${n}`, round_closed: true, amount: win })).status).toBe('RS_OK');
    }
    // the lobby: Lucky Sevens first, Gem Rush gone; the top winners biggest first
    await phone.context.addInitScript(CLOSE_POPUPS);
    await phone.page.goto('/tr/casino');
    const lobby = new CasinoLobby(phone.page);
    await expect.poll(() => lobby.tiles().allTextContents(), { timeout: 15_000 }).toEqual(['Lucky Sevens', 'Fruit Fiesta']);
    const top = phone.page.getByTestId('top-winners');
    await top.locator('li').first().waitFor();
    expect(await top.locator('li').first().textContent()).toContain('1.250,00');
    await phone.page.mouse.move(195, 500);
    for (let i = 0; i < 6; i++) { await phone.page.mouse.wheel(0, 800); await phone.page.waitForTimeout(150); }
    await phone.page.screenshot({ path: join(SHOTS, 'casino-top-winners.png') });
    await phone.page.evaluate('window.scrollTo(0, 0)');
    await phone.page.getByTestId('winners').scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: join(SHOTS, 'casino-winners.png') });
    await phone.context.close();
    // put the catalogue back for the other tests
    await page.getByTestId('bo-casino-tab-slots').click();
    done = saved('setCasinoGame');
    await page.getByTestId('bo-casino-game-gem-rush').click();
    await done;
    await ctx.close();
  }, 120_000);

  it('a long game list is drawn 40 at a time in rows of 115 px, with only the rows near the view in the page', async () => {
    const { context, page } = await app.newPhonePage();
    await context.addInitScript(CLOSE_POPUPS);
    // 200 games from the server (the demo catalogue has three slots)
    await context.route('**/api/getAllCasinos', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { masterServiceId: number };
      const items = Array.from({ length: 200 }, (_, i) => ({
        serviceId: 1000 + i, masterServiceId: body.masterServiceId, topServiceId: 1, topServiceId2: 0, title: `Game ${i + 1}`,
        logo: '/casino/gem-rush.svg', extras: '', openLobby: 0, fun: 1, rtp: 9600, limits: [],
      }));
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ status: true, items }) });
    });
    await page.goto('/tr/');
    await page.getByRole('button', { name: 'Giriş Yap' }).first().click();
    await new LoginPopup(page).logIn('mehmet', 'mehmet1234');
    await page.getByTestId('balance').waitFor();
    await page.goto('/tr/casino');
    const grid = page.getByTestId('game-grid');
    await grid.getByTestId('game-tile').first().waitFor();
    expect(await grid.getAttribute('data-drawn')).toBe('40');
    expect((await grid.boundingBox())!.height).toBe(Math.ceil(40 / 3) * 115);
    for (let i = 0; i < 14; i++) { await page.mouse.wheel(0, 1500); await page.waitForTimeout(200); }
    await expect.poll(() => grid.getAttribute('data-drawn'), { timeout: 10_000 }).toBe('200');
    const inPage = await grid.getByTestId('game-tile').count();
    expect(inPage).toBeLessThan(40);
    expect(await grid.getByTestId('game-tile').last().textContent()).toBe('Game 200');
    await context.close();
  });
});
