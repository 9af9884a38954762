/**
 * What the journey suites share: calls as the page's player (the browser context's cookie), the
 * demo login, and picks of matches far enough ahead to cancel.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { BetSlip, SlipHome } from './pages/betslip-pages.ts';

interface ListMatch { id: number; matchDate: string; odds: Array<{ oddstype: number; special: string; outcomes: Array<{ outcomeid: number; odd: number }> }> }
export interface Pick { mid: number; special: string; odd: number }

/** A call of the API with the context's cookie. */
export async function api<T = Record<string, unknown>>(page: Page, call: string, data: unknown): Promise<T> {
  const r = await page.request.post(`/api/${call}`, { data: data as Record<string, unknown> });
  return (await r.json()) as T;
}

/** Logs the page's context in as the demo player. */
export async function logInDemo(page: Page): Promise<void> {
  const login = await api<{ status: boolean }>(page, 'login', { userName: 'demo', password: 'demo1234' });
  expect(login.status).toBe(true);
}

/** Home-win picks of football matches more than an hour ahead (the cancel window is open). */
export async function picksAhead(page: Page, n: number): Promise<Pick[]> {
  const list = await api<{ data: { results: ListMatch[] } }>(page, 'matches', { sportId: 1, limit: 60 });
  const picks = list.data.results
    .filter((m) => Date.parse(m.matchDate) > Date.now() + 3_600_000)
    .map((m) => {
      const g = m.odds.find((x) => x.oddstype === 1);
      const o = g?.outcomes.find((x) => x.outcomeid === 1);
      return g && o ? { mid: m.id, special: g.special, odd: o.odd } : null;
    })
    .filter((x): x is Pick => x !== null);
  expect(picks.length).toBeGreaterThanOrEqual(n);
  return picks.slice(0, n);
}

/** Places a single (one pick) or combined coupon through the API and returns its ticket id. */
export async function placeCoupon(page: Page, picks: Pick[], stake: number): Promise<number> {
  const tips = picks.map((o) => ({ mid: o.mid, oddTypeId: 1, ttype: 'N', odd: o.odd, banko: false, ktip: { outcomeid: 1, special: o.special } }));
  const r = await api<{ status: boolean; ticketId: number; msg: string }>(page, 'createCoupon', {
    ticketType: picks.length === 1 ? 'TK' : 'KK', oddChangeOk: true, systemTickets: [], totalStake: stake, ticketStake: stake, tips,
  });
  expect(r.status, r.msg).toBe(true);
  return r.ticketId;
}

/** An amount as the app shows it in a language ('10,00 TL' in Turkish, '10.00 TL' in English). */
export const shownMoney = (minor: number, lang: string): string =>
  `${new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)} TL`;

/** Home, one open odd of the first row that has one, then the slip with a stake typed. */
export async function slipWithOnePick(page: Page, lang: string, stake: string): Promise<BetSlip> {
  const home = new SlipHome(page);
  const slip = new BetSlip(page);
  await home.open(lang);
  const [row] = await home.rowsWithOpenOdds(1);
  await home.pick(home.openOdds(row!).first());
  await slip.open(lang);
  await slip.stake().fill(stake);
  return slip;
}
