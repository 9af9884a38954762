import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { PGlite, types } from '@electric-sql/pglite';
import pg from 'pg';
import { launch, phone, SCREENSHOTS } from './browser.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { CouponsPage, HomePage, LoginPopup, SlipPage } from './pages/app-pages.ts';
import { pgAvailable, createTestDatabase } from './pg-database.ts';
import { assertBuilt, collectErrors } from './app-under-test.ts';

const OPENING_CREDIT = 100_000;
const STAKE = 1_000;

interface Placed { ticketId: number; odd: number }
interface DbCheck { coupons: Array<{ id: number; total_stake: number; tips: number; odd: number }>; ledger: Array<{ amount: number; balance_after: number; kind: string }>; balance: number }

/** The first vertical path in a real browser: Home, odd, slip, login popup, coupon, Coupons list. */
async function playFirstPath(browser: Browser, url: string, shots: string): Promise<Placed> {
  const context = await phone(browser, url);
  const page = await context.newPage();
  const errors = collectErrors(page, null);
  page.on('console', (m) => { if (m.type() === 'error') console.error(`[${shots}] console: ${m.text()}`); });
  page.on('response', (r) => { if (r.status() >= 500) console.error(`[${shots}] ${r.status()} ${r.url()}`); });

  const home = new HomePage(page);
  await home.open();
  expect(await home.rows().count()).toBeGreaterThan(5);
  await page.screenshot({ path: join(SCREENSHOTS, `${shots}-home.png`) });

  const { odd } = await home.firstOpenOdd();
  const price = Number(await odd.locator('.price').textContent());
  await odd.click();
  await expect.poll(() => odd.getAttribute('aria-pressed')).toBe('true');
  await home.couponBar().waitFor();
  expect(await home.couponBar().textContent()).toContain('1');

  await home.couponBar().click();
  const slip = new SlipPage(page);
  await slip.entries().first().waitFor();
  expect(await slip.entries().count()).toBe(1);
  await slip.stake().fill('10');
  await expect.poll(async () => page.getByTestId('coupon-type').textContent()).toMatch(/Tekli|Single/);
  await page.screenshot({ path: join(SCREENSHOTS, `${shots}-slip.png`) });

  // A visitor who presses create gets the login popup.
  await slip.create().click();
  const login = new LoginPopup(page);
  await login.dialog().waitFor();
  await page.screenshot({ path: join(SCREENSHOTS, `${shots}-login.png`) });
  await login.logIn('demo', 'demo1234');

  await slip.create().click();
  await expect.poll(() => slip.notice().textContent(), { timeout: 15_000 }).toContain('Tebrikler! Kupon Başarılı Bir Şekilde Oluşturuldu.');
  await page.getByTestId('last-coupon').waitFor();
  const ticketId = Number((await page.getByTestId('last-coupon').textContent())!.replace(/\D/g, ''));
  expect(ticketId).toBeGreaterThan(0);

  await page.goto(`/tr/coupons`);
  const coupons = new CouponsPage(page);
  await coupons.cards().first().waitFor();
  expect(await coupons.cards().first().textContent()).toContain(`#${ticketId}`);
  expect(await page.getByTestId('balance').textContent()).toContain('990');
  await page.screenshot({ path: join(SCREENSHOTS, `${shots}-coupons.png`) });

  expect(errors).toEqual([]);
  await context.close();
  return { ticketId, odd: Math.round(price * 1000) };
}

function expectPlaced(check: DbCheck, placed: Placed) {
  expect(check.coupons).toHaveLength(1);
  expect(check.coupons[0]).toMatchObject({ id: placed.ticketId, total_stake: STAKE, tips: 1, odd: placed.odd });
  expect(check.ledger.map((l) => l.kind)).toEqual(['deposit', 'bet']);
  expect(check.ledger[1]).toMatchObject({ amount: -STAKE, balance_after: OPENING_CREDIT - STAKE });
  expect(check.balance).toBe(OPENING_CREDIT - STAKE);
}

const CHECK_SQL = {
  coupons: `select c.id, c.total_stake, (select count(*)::int from coupon_tips t where t.coupon_id = c.id) as tips,
                   (select t.odd from coupon_tips t where t.coupon_id = c.id limit 1) as odd
              from coupons c join users u on u.id = c.user_id where u.username = 'demo'`,
  ledger: `select l.amount, l.balance_after, l.kind from ledger l join users u on u.id = l.user_id where u.username = 'demo' order by l.id`,
  balance: `select w.balance from wallets w join users u on u.id = w.user_id where u.username = 'demo'`,
};

describe('first vertical path in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    assertBuilt();
    browser = await launch();
  });
  afterAll(async () => { await browser?.close(); });

  it('places a single coupon on the embedded PGlite database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bet-e2e-'));
    let server: RunningServer | undefined = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      const placed = await playFirstPath(browser, server.url, 'pglite');
      await server.stop();
      server = undefined;
      // The server has stopped, so its data folder can be opened to look at what it wrote.
      const db = await PGlite.create(dataDir, { parsers: { [types.INT8]: Number } });
      const rows = async <T>(sql: string) => (await db.query<T>(sql)).rows;
      expectPlaced({
        coupons: await rows(CHECK_SQL.coupons),
        ledger: await rows(CHECK_SQL.ledger),
        balance: (await rows<{ balance: number }>(CHECK_SQL.balance))[0]!.balance,
      }, placed);
      await db.close();
    } finally {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('places a single coupon on PostgreSQL', async (ctx) => {
    if (!(await pgAvailable())) { ctx.skip(); return; }
    const database = await createTestDatabase();
    const server = await startServer({ DATABASE_URL: database.url });
    try {
      const placed = await playFirstPath(browser, server.url, 'postgres');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const rows = async <T>(sql: string) => (await client.query(sql)).rows.map((r: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]))) as T[];
      expectPlaced({
        coupons: await rows(CHECK_SQL.coupons),
        ledger: await rows(CHECK_SQL.ledger),
        balance: (await rows<{ balance: number }>(CHECK_SQL.balance))[0]!.balance,
      }, placed);
      await client.end();
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 120_000);
});
