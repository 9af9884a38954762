/**
 * Hub88's games in Chromium: the real server configured for Hub88 (its keys made here) against
 * the local stand-in of Hub88's Operator API (tests/server/hub88-stub.ts). The leader syncs the game
 * list at start; a player finds the studios and their games in the lobbies, with the tiles proxied
 * from Hub88's thumbnails, and opens one inside the game frame at the URL Hub88 answered; the team
 * finds the Hub88 tab of the casino screen, syncs the list and grants free rounds with a
 * confirmation. Screenshots at 390x844 and the back office at 1280x800 in
 * tests/e2e/screenshots/casino-hub88-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { CasinoLobby } from './pages/casino-pages.ts';
import { adminDesk } from './pages/backoffice-pages.ts';
import { rsaPair, startHub88Stub, type Hub88Stub } from '../server/hub88-stub.ts';

const SHOTS = process.env.SCREENSHOT_DIR ?? SCREENSHOTS;
const CLOSE_POPUPS = { content: "sessionStorage.setItem('popupsClosed', '1')" };
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `casino-hub88-${name}.png`) });

describe('Hub88 games in Chromium', () => {
  const hub88 = rsaPair();
  const operator = rsaPair();
  let stub: Hub88Stub | undefined;
  // filled before the server starts (this hook runs before useAppUnderTest's)
  const env: Record<string, string> = { FEED_LIVE_COUNT: '2', HUB88_OPERATOR_ID: '77', HUB88_PRIVATE_KEY: operator.privateKey, HUB88_PUBLIC_KEY: hub88.publicKey };
  beforeAll(async () => {
    stub = await startHub88Stub({ operatorPublicKey: operator.publicKey, operatorId: 77 });
    env.HUB88_API_URL = stub.url;
    // the stand-in serves its game pages over plain HTTP on loopback
    env.HUB88_FRAME_ORIGINS = stub.url;
  });
  afterAll(async () => { await stub?.close(); });
  const app = useAppUnderTest('hub88', env, { page: 'errors' });

  it('the lobby lists the studios and games of Hub88 with their tiles; a player opens one in the frame', async () => {
    const { page } = app;
    await app.context.addInitScript(CLOSE_POPUPS);
    await page.goto('/tr/firstlogin');
    await page.locator('#login-user').fill('ayse');
    await page.locator('#login-pass').fill('ayse1234');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('balance').waitFor();
    const lobby = new CasinoLobby(page);
    // the leader's first sync runs at start
    await expect.poll(async () => {
      await page.goto('/tr/casino');
      await lobby.screen('casino').waitFor();
      return lobby.providers().allTextContents();
    }, { timeout: 60_000 }).toContain('Aurora Studios');
    await lobby.providers().filter({ hasText: 'Aurora Studios' }).click();
    await expect.poll(() => lobby.tiles().allTextContents(), { timeout: 15_000 }).toEqual(expect.arrayContaining(['Golden Lotus', 'Viking Storm', 'Sugar Cascade']));
    expect(await lobby.tiles().allTextContents()).not.toContain('Crystal Caves');
    // the tiles are our proxy of Hub88's thumbnails, drawn
    const img = lobby.tile('Golden Lotus').locator('img');
    await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth), { timeout: 15_000 }).toBe(300);
    expect(await img.getAttribute('src')).toMatch(/^\/casino\/thumb\/hub88\/\d+$/);
    // the studio's chip at the top, its tiles below
    await page.getByTestId('provider-strip').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await shot(page, 'lobby');

    await lobby.tile('Golden Lotus').click();
    await lobby.frame().waitFor();
    await expect.poll(() => lobby.game().locator('body').textContent(), { timeout: 15_000 }).toContain('Golden Lotus');
    const src = await lobby.frame().locator('iframe').getAttribute('src');
    expect(src).toMatch(new RegExp(`^${stub!.url}/play/aur_goldenlotus\\?currency=TRY&t=`));
    const sent = stub!.calls.filter((c) => c.path.endsWith('/game/url')).at(-1)!.body;
    expect(sent).toMatchObject({ platform: 'GPL_MOBILE', lang: 'tr', currency: 'TRY', country: 'TR', game_code: 'aur_goldenlotus' });
    await shot(page, 'game');
    await lobby.close().click();
    await lobby.frame().waitFor({ state: 'detached' });

    await page.goto('/tr/livecasino');
    await lobby.screen('livecasino').waitFor();
    await expect.poll(() => lobby.tiles().allTextContents(), { timeout: 15_000 }).toEqual(expect.arrayContaining(['Lightning Roulette', 'Blackjack VIP']));
    await lobby.providers().filter({ hasText: 'Nebula Live' }).click();
    await expect.poll(() => lobby.tiles().count()).toBe(3);
    await page.getByTestId('provider-strip').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await shot(page, 'live');
    expect(app.errors).toEqual([]);
  });

  it('the team: the Hub88 tab (keys, wallet address, syncs), a sync now, free rounds granted with a confirmation', async () => {
    const { page, errors, bo, ctx } = await adminDesk(app.browser, app.server.url);
    try {
      await bo.open('casino', { tab: 'hub88' });
      const panel = page.locator('.bo-hub88');
      await expect.poll(() => panel.locator('.bo-summary').textContent(), { timeout: 15_000 }).toContain('/casino/hub88');
      expect(await panel.locator('.bo-badge-green').count()).toBe(2);
      await page.getByTestId('bo-hub88-sync').click();
      await expect.poll(() => page.locator('.bo-hub88 .bo-ok').textContent(), { timeout: 15_000 }).toBeTruthy();
      await expect.poll(() => bo.table('Oyun listesi eşitlemeleri').locator('tbody tr').count()).toBeGreaterThanOrEqual(2);

      await page.getByTestId('bo-hub88-free-player').fill('ayse');
      await page.getByTestId('bo-hub88-free-game').selectOption({ label: 'Golden Lotus (Aurora Studios)' });
      await expect.poll(() => page.getByTestId('bo-hub88-free-prepaid').locator('option').count(), { timeout: 15_000 }).toBe(3);
      await page.getByTestId('bo-hub88-free-prepaid').selectOption({ index: 1 });
      await page.getByTestId('bo-hub88-free-grant').click();
      await bo.dialog().waitFor();
      expect(await bo.dialog().textContent()).toContain('ayse');
      await shot(page, 'bo-grant-1280');
      await bo.confirmButton().click();
      await bo.dialog().waitFor({ state: 'detached' });
      const granted = bo.table('Verilen bedava turlar').locator('tbody tr');
      await expect.poll(() => granted.first().textContent(), { timeout: 15_000 }).toContain('ayse');
      expect(stub!.calls.filter((c) => c.path.endsWith('/freebet/rewards/create'))).toHaveLength(1);
      await page.evaluate('window.scrollTo(0, 0)');
      await shot(page, 'bo-1280');

      // the studios' games are managed on the product tabs like the demo ones
      await bo.open('casino', { tab: 'slots' });
      await expect.poll(() => bo.table('Oyunlar').locator('tbody tr').filter({ hasText: 'Aurora Studios' }).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
      // the tiles drawn before the picture (they load lazily)
      await page.waitForFunction("[...document.querySelectorAll('.bo-table img')].every((i) => i.complete && i.naturalWidth > 0)", undefined, { timeout: 15_000 });
      await shot(page, 'bo-slots-1280');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
