import type { APIRequestContext, Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { collectErrors } from '../app-under-test.ts';
import { DEMO_TOTP } from '../../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../../server/backoffice/session.ts';

/** A back-office desk: a desktop (1280x800) or tablet (768x1024) context, dark, in Turkish. */
export function desk(browser: Browser, baseURL: string, size: { width: number; height: number } = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: size, locale: 'tr-TR', timezoneId: 'Europe/Istanbul', colorScheme: 'dark', reducedMotion: 'reduce' });
}

/**
 * The demo admin at a desk (1280x800), logged in with the authenticator code: the context, its
 * page, the page's errors (server errors and uncaught exceptions) and the back-office model.
 */
export async function adminDesk(browser: Browser, baseURL: string): Promise<{ ctx: BrowserContext; page: Page; errors: string[]; bo: BackOffice }> {
  const ctx = await desk(browser, baseURL);
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  const bo = new BackOffice(page);
  await bo.loginWithCode('admin', 'admin1234', () => otpNow(DEMO_TOTP.admin, Date.now()));
  return { ctx, page, errors, bo };
}

/** The back office (/tr/bo) as an operator uses it: login, menu, tables, dialogs. */
export class BackOffice {
  constructor(readonly page: Page) {}
  readonly nav = () => this.page.getByRole('navigation', { name: 'Yönetim menüsü' });
  readonly title = () => this.page.locator('.bo-title');
  /** The topmost open dialog. */
  readonly dialog = () => this.page.locator('dialog[open]').last();
  readonly table = (name: string | RegExp) => this.page.getByRole('table', { name });
  readonly status = () => this.page.locator('.bo-ok');

  async login(userName: string, password: string) {
    await this.page.goto('/tr/bo');
    await this.page.locator('input[name=userName]').fill(userName);
    await this.page.locator('input[name=password]').fill(password);
    await this.page.getByRole('button', { name: 'Giriş yap' }).click();
    // The top bar (the menu is a drawer on a tablet).
    await this.page.locator('.bo-top').waitFor();
  }
  /** Logs an admin or operator in with an authenticator code, up to the menu. */
  async loginWithCode(userName: string, password: string, code: () => Promise<string>) {
    await this.page.goto('/tr/bo');
    await this.page.locator('input[name=userName]').fill(userName);
    await this.page.locator('input[name=password]').fill(password);
    await this.page.getByRole('button', { name: 'Giriş yap' }).click();
    await this.page.locator('input[name=otp]').fill(await code());
    await this.page.getByRole('button', { name: 'Kodu onayla' }).click();
    await this.nav().waitFor();
  }
  /** Opens an area by its menu path, with optional URL filters. */
  async open(path: string, search: Record<string, string> = {}) {
    const q = new URLSearchParams(search).toString();
    await this.page.goto(`/tr/bo/${path}${q ? `?${q}` : ''}`);
    await this.title().waitFor();
  }
  /** The confirm button of the open confirmation dialog (Cancel and Close are never it). */
  readonly confirmButton = () => this.page.locator('dialog[open] .bo-dialog-actions button[type=submit]').last();
  /** Presses the confirm button of the open confirmation dialog and returns the call's reply. */
  async confirm(call: string): Promise<Record<string, unknown>> {
    const reply: Promise<Response> = this.page.waitForResponse((r) => r.url().endsWith(`/api/bo/${call}`));
    await this.confirmButton().click();
    return (await (await reply).json()) as Record<string, unknown>;
  }
  /** Creates a player from the Users screen; its detail dialog stays open. */
  async createPlayer(userName: string, password: string) {
    await this.open('users');
    await this.page.getByRole('button', { name: 'Yeni kullanıcı' }).click();
    await this.dialog().locator('input[name=userName]').fill(userName);
    await this.dialog().locator('input[name=password]').fill(password);
    const created = await this.confirm('createUser');
    if (created.status !== true) throw new Error(`createUser: ${JSON.stringify(created)}`);
    await this.dialog().locator('h2').first().filter({ hasText: userName }).waitFor();
  }
  /** The body rows of a table that contain a text. */
  row(table: Locator, text: string | RegExp): Locator {
    return table.locator('tbody tr').filter({ hasText: text });
  }
}

interface Listed { id: number; odds: Array<{ oddstype: number; special: string; outcomes: Array<{ outcomeid: number; odd: number }> }> }

/**
 * The demo player logged in through the API of a context (as the app does), with the first
 * upcoming football match that has a 1X2 market and a way to place a single on it.
 */
export async function demoPlayerOn1x2(api: APIRequestContext): Promise<{ matchId: number; single: (outcomeid: number, stake: number) => Promise<{ status: boolean; ticketId: number }> }> {
  if (!(await (await api.post('/api/login', { data: { userName: 'demo', password: 'demo1234' } })).json()).status) throw new Error('demo login failed');
  const listed = (await (await api.post('/api/matches', { data: { sportId: 1, limit: 20 } })).json()) as { data: { results: Listed[] } };
  const match = listed.data.results.find((m) => m.odds.some((g) => g.oddstype === 1))!;
  const g = match.odds.find((x) => x.oddstype === 1)!;
  const single = async (outcomeid: number, stake: number) => {
    const odd = g.outcomes.find((o) => o.outcomeid === outcomeid)!.odd;
    return (await (await api.post('/api/createCoupon', {
      data: { ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: stake, ticketStake: stake, tips: [{ mid: match.id, oddTypeId: 1, ttype: 'N', odd, banko: false, ktip: { outcomeid, special: g.special } }] },
    })).json()) as { status: boolean; ticketId: number };
  };
  return { matchId: match.id, single };
}
