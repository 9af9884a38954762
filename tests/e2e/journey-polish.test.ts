/**
 * The polish of a demanding player's journey, in Chromium at 390x844 against the real server, in
 * Turkish and English: language codes written as codes (no Turkish dotted I), the stake field with
 * the language's decimal mark like the totals beside it.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { shownMoney, slipWithOnePick } from './journey-pages.ts';

const LANGS = ['tr', 'en'] as const;

describe('the journey\'s polish in Chromium', () => {
  const app = useAppUnderTest('journey-polish', {}, { page: 'errors' });

  it.each(LANGS)('%s: the languages list writes each code as a code: IT, CKB, KMR, never İT or KR', async (lang) => {
    await app.page.goto(`/${lang}/languages`);
    const codes = app.page.getByTestId('lang-code');
    await codes.first().waitFor({ timeout: 20_000 });
    const shown = (await app.page.locator('[data-testid=languages] small').allInnerTexts()).join(' ');
    expect(shown).not.toMatch(/İ/);
    const byLang = async (l: string) => app.page.locator(`button[data-lang=${l}] [data-testid=lang-code]`).innerText();
    expect([await byLang('it'), await byLang('iq'), await byLang('kr'), await byLang('tr')]).toEqual(['IT', 'CKB', 'KMR', 'TR']);
    await app.page.screenshot({ path: join(SCREENSHOTS, `journey-languages-${lang}.png`) });
  });

  it.each(LANGS)('%s: the stake field reads with the language\'s decimal mark, as the totals do', async (lang) => {
    const slip = await slipWithOnePick(app.page, lang, '10');
    await slip.stake().blur();
    await expect.poll(() => slip.stake().inputValue()).toBe(lang === 'tr' ? '10,00' : '10.00');
    expect(await slip.totalStake().textContent()).toBe(shownMoney(1_000, lang));
    // Typed with the language's mark, read as the same amount.
    await slip.stake().fill(lang === 'tr' ? '12,50' : '12.50');
    await expect.poll(() => slip.totalStake().textContent()).toBe(shownMoney(1_250, lang));
    await app.page.getByTestId('delete-all').click();
  });

  it.each(LANGS)('%s: a push pop-up is said once a session: gone after the next page, not back on Home', async (lang) => {
    const { context, page } = await app.newPhonePage();
    await page.goto(`/${lang}/`);
    await page.getByTestId('match-row').first().waitFor();
    const popup = page.getByTestId('push-popup');
    await popup.waitFor({ timeout: 20_000 });
    await page.locator('.tabbar .tab').nth(2).click();
    await page.waitForURL(new RegExp(`/${lang}/allsports`));
    await page.waitForTimeout(1_500);
    expect(await popup.count()).toBe(0);
    await page.locator('.tabbar .tab').nth(0).click();
    await page.getByTestId('match-row').first().waitFor();
    await page.waitForTimeout(1_500);
    expect(await popup.count()).toBe(0);
    await context.close();
  });

  it('had no uncaught errors', () => {
    expect(app.errors).toEqual([]);
  });
});
