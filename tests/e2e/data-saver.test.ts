/**
 * Data saver, in Chromium: with the player's choice in Settings (logged in), Home loads no image at
 * all (no banner, no team logo, nothing fetched ahead: not even a lazy image near the screen), the
 * server's HTML carries no banner either, and the choice is remembered across a reload. The site's
 * settings are answered with team logos on (the worker's /api/settings), so that the logos are
 * there to leave out. Smaller pages (workers/core/sports/sports-api.test.ts), the once-a-second
 * odds of off-screen live rows (workers/core/feed/offscreen-throttle.test.ts) and the remembered
 * choice in the worker (workers/core/content/data-saver.test.ts) have their own tests.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useAppUnderTest } from './app-under-test.ts';

/** The images a page asks for, from now on. */
function images(page: Page): string[] {
  const list: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'image') list.push(new URL(r.url()).pathname); });
  return list;
}

/** Site settings with team logos on (served from the app's own /logos path). */
async function logosOn(context: BrowserContext): Promise<void> {
  await context.route('**/api/settings', async (route) => {
    const reply = await route.fetch();
    const body = await reply.json() as { settings: Record<string, unknown> };
    body.settings.team_logos = 1;
    body.settings.logo_host = '/logos';
    await route.fulfill({ response: reply, json: body });
  });
}

describe('data saver', () => {
  const app = useAppUnderTest('data-saver');

  it('leaves banners, team logos and every image out of Home once chosen, and remembers the choice', async () => {
    const { context, page } = await app.newPhonePage();
    await logosOn(context);
    // Settings is a logged-in page: the demo player logs in first (the session cookie is the context's).
    expect((await page.request.post('/api/login', { data: { userName: 'demo', password: 'demo1234' } })).ok()).toBe(true);
    const before = images(page);
    await page.goto('/tr/');
    await page.getByTestId('home-banners-top').waitFor();
    await page.getByTestId('match-row').first().waitFor();
    await page.waitForTimeout(1_000);
    // Without data saver: the banners, and the team logos the settings ask for.
    expect(before.some((p) => p.startsWith('/banners/'))).toBe(true);
    expect(before.some((p) => p.startsWith('/logos/'))).toBe(true);

    await page.goto('/tr/settings');
    const box = page.getByTestId('data-saver').getByRole('checkbox');
    await box.check();
    await expect.poll(() => context.cookies().then((c) => c.find((x) => x.name === 'dataSaver')?.value)).toBe('1');

    // A fresh load of Home: the HTML has no banner, and no image at all is asked for.
    const html = await (await page.request.get('/tr/')).text();
    expect(html).not.toContain('<img');
    const after = images(page);
    await page.goto('/tr/');
    await page.getByTestId('match-row').first().waitFor();
    await page.waitForTimeout(2_000);
    expect(after, `images asked for under data saver: ${after.join(', ')}`).toEqual([]);
    expect(await page.locator('.banner-carousel img, .team-logo').count()).toBe(0);

    // Remembered: a reload still has it on, in Settings too.
    await page.reload();
    await page.getByTestId('match-row').first().waitFor();
    expect(await page.locator('.team-logo').count()).toBe(0);
    await page.goto('/tr/settings');
    await expect.poll(() => page.getByTestId('data-saver').getByRole('checkbox').isChecked()).toBe(true);
    await context.close();
  });
});
