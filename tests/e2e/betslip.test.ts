import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { LoginPopup } from './pages/app-pages.ts';
import { BetSlip, CouponBarModel, SlipHome, minorOf } from './pages/betslip-pages.ts';

// The slip in Chromium against the real server (PGlite): KK, CK and SK with a banker placed from the
// UI, the figures shown checked against the server's reply and the balance, the keypad rules,
// delete all and re-create after success.
const OPENING_CREDIT = 100_000; // demo: 1,000.00 TL

describe('betslip in Chromium', () => {
  const app = useAppUnderTest('betslip', {}, { page: 'errors' });
  const { errors } = app;

  it('places KK, CK and a 2/3 system with a banker; figures equal the reply and the balance', async () => {
    const home = new SlipHome(app.page);
    const bar = new CouponBarModel(app.page);
    const slip = new BetSlip(app.page);
    let spent = 0;

    // KK: one odd of three matches, from Home through the coupon bar.
    await home.open();
    const rows = await home.rowsWithOpenOdds(2);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const r of rows.slice(0, 3)) await home.pick(home.openOdds(r).first());
    await expect.poll(() => bar.link().textContent()).toContain('3');
    await bar.toggle().click();
    await bar.panel().waitFor();
    expect(await bar.panel().getByTestId('slip-entry').count()).toBe(3);
    await app.page.screenshot({ path: join(SCREENSHOTS, 'betslip-bar.png') });
    await bar.toggle().click();
    await bar.link().click();
    await slip.entries().nth(2).waitFor();

    // The keypad: the first key replaces, 5 characters, one decimal mark, two decimals, backspace;
    // the stake reads with the Turkish decimal comma, like the totals beside it.
    await slip.openKeypad();
    expect(await slip.keypadText()).toBe('10,00');
    await app.page.screenshot({ path: join(SCREENSHOTS, 'betslip-keypad.png') });
    await slip.press('7');
    await expect.poll(() => slip.keypadText()).toBe('7');
    await slip.press('1', '2', '3', '4', '5');
    await expect.poll(() => slip.keypadText()).toBe('71234');
    await slip.press('back', 'back', 'back', '.', '5', '0', '9');
    await expect.poll(() => slip.keypadText()).toBe('71,50');
    await slip.press('back', 'back', 'back', 'back', 'back', '1', '2', '.', '5');
    await expect.poll(() => slip.keypadText()).toBe('12,5');
    expect(await app.page.locator('.keypad-key[data-key="."]').textContent()).toBe(',');
    await app.page.getByTestId('keypad-ok').click();
    await expect.poll(() => slip.stake().inputValue()).toBe('12,50');
    await expect.poll(() => slip.totalStake().textContent()).toContain('12,50');
    await slip.quickStake('10').click();
    await expect.poll(() => slip.stake().inputValue()).toBe('10,00');
    await expect.poll(() => slip.couponType().textContent()).toMatch(/Kombine|Combined/);

    // A visitor is asked to log in first.
    await slip.create().click();
    await new LoginPopup(app.page).logIn('demo', 'demo1234');
    await slip.balance().waitFor();
    expect(minorOf(await slip.balance().textContent())).toBe(OPENING_CREDIT);

    const kk = await placeAndCheck(slip, 0);
    spent += kk.totalStake;
    await expect.poll(async () => minorOf(await slip.balance().textContent())).toBe(OPENING_CREDIT - spent);

    // Re-create puts the three selections back; delete all empties the slip.
    await app.page.getByTestId('recreate').click();
    await expect.poll(() => slip.entries().count()).toBe(3);
    await slip.deleteAll().click();
    await expect.poll(() => slip.entries().count()).toBe(0);
    await app.page.getByTestId('quit').click();
    await home.rows().first().waitFor();
    expect(await bar.link().count()).toBe(0);

    // CK: 1 and X of one match.
    const ckRow = rows[3]!;
    await home.pick(home.openOdds(ckRow).nth(0));
    await home.pick(home.openOdds(ckRow).nth(1));
    await bar.link().click();
    await slip.entries().nth(1).waitFor();
    await expect.poll(() => slip.couponType().textContent()).toMatch(/Çoklu|Multiple/);
    expect(await slip.combinations().textContent()).toBe('2');
    const ck = await placeAndCheck(slip, 2);
    spent += ck.totalStake;
    await expect.poll(async () => minorOf(await slip.balance().textContent())).toBe(OPENING_CREDIT - spent);
    await app.page.getByTestId('quit').click();

    // SK: four matches, system 2 and one banker = 2 of the 3 free picks with the banker in each.
    await home.rows().first().waitFor();
    for (const r of rows.slice(4, 8)) await home.pick(home.openOdds(r).first());
    await bar.link().click();
    await slip.entries().nth(3).waitFor();
    await slip.chooseSystem(2);
    await app.page.getByTestId('system-done').click();
    await expect.poll(() => slip.couponType().textContent()).toMatch(/Sistem|System/);
    expect(await slip.combinations().textContent()).toBe('6');
    await slip.banko(0).click();
    await expect.poll(() => slip.banko(0).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => slip.combinations().textContent()).toBe('3');
    // Two bankers of four leave 2 free picks: a third is refused by the banko rule.
    await slip.banko(1).click();
    await expect.poll(() => slip.banko(2).isDisabled()).toBe(true);
    await slip.banko(1).click();
    await expect.poll(() => app.page.getByTestId('system-chosen').textContent()).toBe('2/3');
    await app.page.getByTestId('system-open').click();
    await app.page.getByTestId('system-options').waitFor();
    await app.page.screenshot({ path: join(SCREENSHOTS, 'betslip-system.png') });
    await app.page.getByTestId('system-done').click();
    await app.page.screenshot({ path: join(SCREENSHOTS, 'betslip-slip.png') });
    const sk = await placeAndCheck(slip, 1);
    expect(sk.totalStake).toBe(3 * 1000);
    spent += sk.totalStake;
    await expect.poll(async () => minorOf(await slip.balance().textContent())).toBe(OPENING_CREDIT - spent);
    await app.page.screenshot({ path: join(SCREENSHOTS, 'betslip-success.png') });
    // Share: no Web Share in this Chromium, so the link is copied and shown.
    await app.page.getByTestId('share').click();
    // The link names the coupon by its random token, not its sequential id.
    await expect.poll(() => app.page.getByTestId('share-link').inputValue()).toMatch(new RegExp(`^${app.server.url}/tr/couponShare/[A-Za-z0-9_-]{22}$`));

    expect(errors).toEqual([]);
  }, 120_000);
});

/** Places the slip and checks that what the slip showed equals the server's reply. */
async function placeAndCheck(slip: BetSlip, couponType: number) {
  const shownStake = minorOf(await slip.totalStake().textContent());
  const shownPayout = minorOf(await slip.maxPayout().textContent());
  const reply = await slip.place();
  expect(reply).toMatchObject({ status: true, couponType, totalStake: shownStake, maxPayout: shownPayout });
  await expect.poll(() => slip.notice().textContent(), { timeout: 15_000 }).toContain('Tebrikler');
  await slip.success().waitFor();
  expect(minorOf(await slip.page.getByTestId('last-coupon').textContent())).toBe(reply.ticketId);
  expect(minorOf(await slip.page.getByTestId('placed-total-stake').textContent())).toBe(reply.totalStake);
  expect(minorOf(await slip.page.getByTestId('placed-max-payout').textContent())).toBe(reply.maxPayout);
  expect(await slip.entries().count()).toBe(0);
  return reply;
}
