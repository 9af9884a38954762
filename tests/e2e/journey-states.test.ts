/**
 * The confusing states of a demanding player's journey, in Chromium at 390x844 against the real
 * server, in Turkish and English: a sold and a cancelled coupon say so (win cell, lines, payment);
 * transactions speak the player's words, never ledger codes; outcome words, dates and tip counts
 * in the player's language; offline, the place button waits for the connection.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from './browser.ts';
import { useAppUnderTest } from './app-under-test.ts';
import { CouponDetailPageModel } from './pages/coupons-pages.ts';
import { api, logInDemo, slipWithOnePick, picksAhead, placeCoupon, shownMoney, type Pick } from './journey-pages.ts';

const LANGS = ['tr', 'en'] as const;
const WORDS = {
  tr: { sold: 'Satıldı', refunded: 'İade edildi', waiting: 'Bekliyor', cancelled: 'İptal', over: ['Üst', 'Alt'], one: '1 maç' },
  en: { sold: 'Sold', refunded: 'Refunded', waiting: 'Waiting', cancelled: 'Cancelled', over: ['Over', 'Under'], one: '1 selection' },
};

interface TotalPick { mid: number; special: string; odd: number; outcomeid: number }

/** An over/under pick (market 18, Total) of a match more than an hour ahead. */
async function totalPick(page: Page): Promise<TotalPick> {
  const list = await api<{ data: { results: Array<{ id: number; matchDate: string; odds: Array<{ oddstype: number; special: string; outcomes: Array<{ outcomeid: number; odd: number }> }> }> } }>(
    page, 'matches', { sportId: 1, limit: 60 });
  for (const m of list.data.results) {
    if (Date.parse(m.matchDate) < Date.now() + 3_600_000) continue;
    const g = m.odds.find((x) => x.oddstype === 18 && x.outcomes.length > 0);
    if (g) return { mid: m.id, special: g.special, odd: g.outcomes[0]!.odd, outcomeid: g.outcomes[0]!.outcomeid };
  }
  throw new Error('no Total market ahead');
}

describe('the journey\'s confusing states in Chromium', () => {
  const app = useAppUnderTest('journey-states', {}, { page: 'errors' });
  let picks: Pick[] = [];
  const ids = { sold: 0, cancelled: 0, total: 0 };

  beforeAll(async () => {
    await app.page.goto('/tr/');
    await logInDemo(app.page);
    picks = await picksAhead(app.page, 3);
    ids.sold = await placeCoupon(app.page, [picks[0]!], 1_000);
    ids.cancelled = await placeCoupon(app.page, [picks[1]!], 2_500);
    const sellOffer = await api<{ sellType: { amount: number } }>(app.page, 'getCouponDetail', { ticketId: ids.sold });
    const sold = await api<{ status: boolean; msg: string }>(app.page, 'sellCoupon', { ticketId: ids.sold, amount: sellOffer.sellType.amount });
    expect(sold.status, sold.msg).toBe(true);
    const cancelled = await api<{ status: boolean; msg: string }>(app.page, 'cancelCoupon', { ticketId: ids.cancelled });
    expect(cancelled.status, cancelled.msg).toBe(true);
    const t = await totalPick(app.page);
    const r = await api<{ status: boolean; ticketId: number; msg: string }>(app.page, 'createCoupon', {
      ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: 500, ticketStake: 500,
      tips: [{ mid: t.mid, oddTypeId: 18, ttype: 'N', odd: t.odd, banko: false, ktip: { outcomeid: t.outcomeid, special: t.special } }],
    });
    expect(r.status, r.msg).toBe(true);
    ids.total = r.ticketId;
  }, 90_000);

  it.each(LANGS)('%s: a sold and a cancelled coupon say so: win cell, lines and the refunded payment', async (lang) => {
    const w = WORDS[lang];
    const detail = new CouponDetailPageModel(app.page);
    await detail.open(ids.sold, lang);
    expect(await app.page.locator('.cd-summary .win').textContent()).toBe(w.sold);
    expect(await detail.lines().locator('.cl-state').allTextContents()).toEqual([w.sold]);
    await detail.open(ids.cancelled, lang);
    expect(await app.page.locator('.cd-summary .win').textContent()).toBe(w.refunded);
    expect(await detail.lines().locator('.cl-state').allTextContents()).toEqual([w.cancelled]);
    expect(await app.page.getByTestId('cd-payment').textContent()).toBe(shownMoney(2_500, lang));
    await app.page.screenshot({ path: join(SCREENSHOTS, `journey-cancelled-detail-${lang}.png`) });
  });

  it.each(LANGS)('%s: outcome words, dates and the tip count in the player\'s language', async (lang) => {
    const w = WORDS[lang];
    const detail = new CouponDetailPageModel(app.page);
    await detail.open(ids.total, lang);
    expect(w.over).toContain(await detail.lines().first().getByTestId('cl-pick').textContent());
    const summary = (await app.page.locator('.cd-summary').textContent()) ?? '';
    expect(summary).toContain(`(${w.one})`);
    // Day first in both (28.11.2026 in Turkish, 28/11/2026 in English), never the US order.
    const date = (await app.page.locator('.cd-summary dd').nth(1).textContent()) ?? '';
    const [day, month] = date.split(/[./]/).map(Number);
    const now = new Date();
    expect([day, month]).toEqual([Number(now.toLocaleString('en-GB', { timeZone: 'Europe/Istanbul', day: 'numeric' })), now.getUTCMonth() + 1]);
    expect(date).toMatch(lang === 'tr' ? /^\d{2}\.\d{2}\.\d{4}/ : /^\d{2}\/\d{2}\/\d{4}/);
  });

  it.each(LANGS)('%s: transactions name products and movements in words, never codes', async (lang) => {
    await app.page.goto(`/${lang}/transactions`);
    const list = app.page.getByTestId('history-list');
    await list.waitFor({ timeout: 20_000 });
    const text = (await list.textContent()) ?? '';
    for (const code of ['sport', 'refund', 'sell', 'bet', '->', ' / ']) expect(text, code).not.toContain(code);
    const kinds = await app.page.getByTestId('ledger-kind').allTextContents();
    expect(kinds).toContain(lang === 'tr' ? 'İade' : 'Refund');
    expect(kinds).toContain(lang === 'tr' ? 'Satıldı' : 'Sold');
    expect(kinds).toContain(lang === 'tr' ? 'Bahis yapıldı' : 'Bet placed');
    await app.page.screenshot({ path: join(SCREENSHOTS, `journey-transactions-${lang}.png`) });
  });

  it.each(LANGS)('%s: offline, the place button waits for the connection and says why', async (lang) => {
    const slip = await slipWithOnePick(app.page, lang, '10');
    await expect.poll(() => slip.create().isEnabled()).toBe(true);
    await app.context.setOffline(true);
    try {
      await app.page.getByTestId('slip-offline').waitFor({ timeout: 5_000 });
      expect(await slip.create().isDisabled()).toBe(true);
      await app.page.screenshot({ path: join(SCREENSHOTS, `journey-slip-offline-${lang}.png`) });
    } finally {
      await app.context.setOffline(false);
    }
    await expect.poll(() => slip.create().isEnabled()).toBe(true);
    await app.page.getByTestId('delete-all').click();
  });

  it('had no uncaught errors', () => {
    expect(app.errors).toEqual([]);
  });
});
