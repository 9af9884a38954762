/**
 * 'All dates shown in the chosen time zone' (account-platform.md section 2): with the cookie
 * `timezone` set, the kick-off times the UI itself formats (match rows) follow that zone, not the
 * device's; and a technical failure notice carries its title 'İşlem Sırasında Hata !'.
 */
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from './app-under-test.ts';

/** HH:mm of an instant in a zone, as the test expects it (computed here, independently of the app). */
const hhmm = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

describe('dates in the chosen time zone', () => {
  const app = useAppUnderTest('timezone-dates', {}, { timeout: 180_000 });

  async function firstKickoff(zone: string): Promise<{ iso: string; text: string }> {
    const { context, page } = await app.newPhonePage();
    await context.addCookies([{ name: 'timezone', value: encodeURIComponent(zone), url: app.server.url }]);
    await page.goto('/tr/');
    const time = page.getByTestId('match-row').first().locator('time');
    await time.waitFor();
    const out = { iso: (await time.getAttribute('datetime'))!, text: (await time.textContent())! };
    await context.close();
    return out;
  }

  it('match rows show the kick-off in the cookie zone', async () => {
    // UTC+9 and UTC-5/-4: the same instant is on another clock time in each, whatever the device zone.
    // (Not zones 24 h apart: their clocks and relative days would read the same.)
    const east = await firstKickoff('Asia/Tokyo');
    const west = await firstKickoff('America/New_York');
    expect(east.iso).toBe(west.iso);
    expect(east.text).toContain(hhmm(east.iso, 'Asia/Tokyo'));
    expect(west.text).toContain(hhmm(west.iso, 'America/New_York'));
    expect(east.text).not.toBe(west.text);
  });

  it('a technical failure notice shows its Turkish title', async () => {
    const { context, page } = await app.newPhonePage();
    await page.goto('/tr/firstlogin');
    // The server's reply to an unexpected error (server/http/app.ts), for this one login.
    await page.route('**/api/login', (route) => route.fulfill({
      status: 500, contentType: 'application/json',
      body: JSON.stringify({ status: false, msg: 'Teknik bir arıza nedeniyle işleminiz gerçekleştirilemedi.', error: 'technical' }),
    }));
    await page.locator('#login-user').first().fill('demo');
    await page.locator('#login-pass').first().fill('demo1234');
    await page.getByTestId('login-submit').first().click();
    await expect.poll(() => page.getByTestId('notice-title').textContent()).toBe('İşlem Sırasında Hata !');
    expect(await page.getByTestId('notice').textContent()).toContain('Teknik bir arıza nedeniyle işleminiz gerçekleştirilemedi.');
    await page.screenshot({ path: '/tmp/zonefix-technical-notice.png' });
    await context.close();
  });
});
