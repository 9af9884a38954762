/**
 * The ticket liability's gaps on both drivers: migration 193 moves the wins of tickets
 * settled before migration 192 (still in the till) into the liability, the till never below zero
 * and a shortfall recorded; the leader's job writes an expired ticket's win off to the shop once,
 * even when two processes run it at once, shown in the shop and Z reports as unclaimed; a ticket's
 * market and outcome names follow the request's language (ticketCheck and the receipt).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { settleMatch } from '../../server/settlement/settle-match.ts';
import { writeOffExpired } from '../../server/retail/liability.ts';
import { postLedger } from '../../server/wallet/ledger.ts';
import { RETAIL_SETTINGS, type ShopReportRow } from '../../domain/retail/calls.ts';
import { drivers, ledgerViolations, pickOf, snapshot, tipOf, useFootballMatches, useHarness, type Pick } from './harness.ts';
import { boLogin, boMoney, branch, create, json } from './bo-helpers.ts';

const DRIVERS = await drivers();
const MIGRATION_193 = readFileSync(new URL('../../server/db/migrations/193_ticket_liability_backfill.sql', import.meta.url), 'utf8');
type Body = { status: boolean; msg?: string; error?: string; [k: string]: unknown };

describe.each(DRIVERS)('retail ticket liability on %s', (driver) => {
  const h = useHarness(driver);
  const takeMatch = useFootballMatches(h, 8);
  let admin = '';
  let operatorId = 0;
  let ip = 0;
  const call = (name: string, payload: unknown, cookie?: string) => h.call(name, payload, { cookie, remoteAddress: `10.7.${(ip >> 8) & 255}.${++ip & 255}` });

  beforeAll(async () => {
    const { ensureDemoAdmin } = await import('../../server/content/demo-seed.ts');
    await ensureDemoAdmin(h.db);
    admin = await boLogin(h, 'admin', 'admin1234');
    operatorId = await create(h, admin, 'bo/createDealer', { role: 'operator', userName: `opl${driver}${Date.now() % 100000}` });
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: operatorId, amount: 10_000_000 }, admin)).status).toBe(true);
  });

  async function shop(tag: string) {
    const b = await branch(h, admin, operatorId, tag);
    return { ...b, kiosk: await h.login(b.names.terminal, 'pass1234'), dealer: await h.login(b.names.sub, 'pass1234') };
  }
  async function sell(p: Pick, stake: number, kiosk: string, lang = 'tr'): Promise<{ id: number; code: string; html: string }> {
    const r = await h.call('createCoupon', { lang, ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: stake, ticketStake: stake, tips: [tipOf(p)] }, { cookie: kiosk });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json<{ ticketId: number }>().ticketId;
    const html = (await h.app.inject({ method: 'GET', url: `/ekol/user/printer/${lang}/${id}`, headers: { cookie: kiosk } })).body;
    return { id, code: /data-testid="receipt-code">([0-9A-Z-]+)</.exec(html)?.[1] ?? '', html };
  }
  /** Settles a ticket won the way settlement did before migration 192: the win stays in the till. */
  async function oldWin(terminalId: number, couponId: number, win: number) {
    await h.db.tx(async (q) => {
      await q.query('update coupons set status = 1, income = $2 where id = $1', [couponId, win]);
      await postLedger(q, { userId: terminalId, amount: win, kind: 'win', refType: 'coupon', refId: couponId });
    });
  }
  const owed = async (couponId: number) =>
    Number((await h.db.query<{ n: string }>('select coalesce(sum(amount), 0)::text as n from retail_liability where coupon_id = $1', [couponId]))[0]!.n);
  const holds = async (couponId: number) =>
    (await h.db.query<{ amount: number }>(`select amount::int as amount from ledger where kind = 'ticketHold' and ref_id = $1 order by id`, [couponId])).map((r) => r.amount);
  const range = { from: '2020-01-01', to: '2030-12-31' };

  it('migration 193 moves wins settled before the liability out of the till, once; a till that spent them records the shortfall, never a negative balance', async () => {
    const a = await shop('m');
    const t1 = await sell(pickOf(takeMatch()), 1_000, a.kiosk);
    const t2 = await sell(pickOf(takeMatch()), 1_000, a.kiosk);
    await oldWin(a.terminal, t1.id, 3_000);
    await oldWin(a.terminal, t2.id, 4_000);
    const till = (await snapshot(h.db, a.terminal)).balance; // 50,000 - 2,000 + 7,000
    expect(till).toBe(55_000);
    // A second shop whose till was spent below its old win: 10,000 owed, 2,500 left.
    const b = await shop('n');
    const t3 = await sell(pickOf(takeMatch()), 1_000, b.kiosk);
    await oldWin(b.terminal, t3.id, 10_000);
    await h.db.tx((q) => postLedger(q, { userId: b.terminal, amount: -(59_000 - 2_500), kind: 'withdraw', refType: 'voucher', refId: null }));
    expect((await snapshot(h.db, b.terminal)).balance).toBe(2_500);

    // Unexpired (the migration compares with the database's clock).
    await h.db.query(`update retail_tickets set expires_at = now() + interval '30 days' where coupon_id in ($1, $2, $3)`, [t1.id, t2.id, t3.id]);
    await h.db.exec(MIGRATION_193);
    expect((await snapshot(h.db, a.terminal)).balance).toBe(till - 7_000);
    expect([await owed(t1.id), await owed(t2.id)]).toEqual([3_000, 4_000]);
    expect([await holds(t1.id), await holds(t2.id)]).toEqual([[-3_000], [-4_000]]);
    expect((await snapshot(h.db, b.terminal)).balance).toBe(0);
    expect(await owed(t3.id)).toBe(10_000);
    expect(await holds(t3.id)).toEqual([-2_500]);
    const [sf] = await h.db.query<{ owed: number; held: number; shortfall: number }>(
      'select owed::int as owed, held::int as held, shortfall::int as shortfall from retail_liability_shortfall where coupon_id = $1', [t3.id]);
    expect(sf).toEqual({ owed: 10_000, held: 2_500, shortfall: 7_500 });
    // Again: nothing moves.
    await h.db.exec(MIGRATION_193);
    expect((await snapshot(h.db, a.terminal)).balance).toBe(till - 7_000);
    expect(await holds(t1.id)).toEqual([-3_000]);
    expect(await owed(t3.id)).toBe(10_000);
    expect(await ledgerViolations(h.db)).toEqual([]);
    // The next customer cannot stake the old wins: the credit is the till less nothing owed.
    expect((await call('kioskCredit', {}, a.kiosk)).json<{ credit: number }>().credit).toBe(till - 7_000);
    const stake = await h.call('createCoupon', { ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: 1_000, ticketStake: 1_000, tips: [tipOf(pickOf(takeMatch()))] }, { cookie: b.kiosk });
    expect(stake.statusCode).toBe(422);
    // The holders are paid from the liability (the shortfall's too), the tills untouched.
    expect((await call('redeemTicket', { code: t1.code }, a.dealer)).statusCode).toBe(200);
    expect((await call('redeemTicket', { code: t3.code }, b.dealer)).statusCode).toBe(200);
    expect(await owed(t1.id)).toBe(0);
    expect((await snapshot(h.db, b.terminal)).balance).toBe(0);
    const rows = (await call('bo/shopReport', range, b.dealer)).json<{ results: ShopReportRow[] }>().results;
    expect(rows[0]).toMatchObject({ terminalId: b.terminal, shortfall: 7_500, liability: 0 });
  });

  it('an expired unpaid win is written off to the shop once under two processes, audited, in the reports as unclaimed; a later redemption is refused', async () => {
    const s = await shop('x');
    const p = pickOf(takeMatch());
    const t = await sell(p, 2_000, s.kiosk);
    await settleMatch(h.db, p.mid, { ft: { h: 1, a: 0 }, ht: { h: 0, a: 0 } }, h.clock.now);
    const payout = Math.floor(2_000 * p.odd / 1_000);
    expect(await owed(t.id)).toBe(payout);
    const till = (await snapshot(h.db, s.terminal)).balance;
    const shopBefore = (await snapshot(h.db, s.sub)).balance;
    // Not yet expired: nothing written off.
    expect(await writeOffExpired(h.db, h.clock.now)).toBe(0);
    h.clock.now = p.matchDate + (RETAIL_SETTINGS.ticketExpiryDays + 1) * 86_400_000;
    const done = await Promise.all([writeOffExpired(h.db, h.clock.now), writeOffExpired(h.db, h.clock.now)]);
    expect(done[0]! + done[1]!).toBe(1);
    const [n] = await h.db.query<{ n: number }>(`select count(*)::int as n from retail_liability where coupon_id = $1 and kind = 'expire'`, [t.id]);
    expect(n!.n).toBe(1);
    expect(await writeOffExpired(h.db, h.clock.now)).toBe(0);
    expect(await owed(t.id)).toBe(0);
    expect((await snapshot(h.db, s.terminal)).balance).toBe(till);
    expect((await snapshot(h.db, s.sub)).balance).toBe(shopBefore + payout);
    const led = await h.db.query<{ amount: number }>(`select amount::int as amount from ledger where user_id = $1 and kind = 'ticketUnclaimed' and ref_id = $2`, [s.sub, t.id]);
    expect(led.map((l) => l.amount)).toEqual([payout]);
    const [a] = await h.db.query<{ n: number }>(`select count(*)::int as n from audit_log where action = 'ticketUnclaimed' and object_id = $1`, [String(t.id)]);
    expect(a!.n).toBe(1);
    expect(await ledgerViolations(h.db)).toEqual([]);
    const again = await call('redeemTicket', { code: t.code }, await h.login(s.names.terminal, 'pass1234'));
    expect(again.json<Body>().error).toBe('ticketExpired');
    const dealer = await h.login(s.names.sub, 'pass1234');
    const rows = (await call('bo/shopReport', range, dealer)).json<{ results: ShopReportRow[] }>().results;
    expect(rows[0]).toMatchObject({ terminalId: s.terminal, unclaimed: payout, liability: 0, overShort: 0 });
    expect(rows[0]!.liabilityIn - rows[0]!.liabilityPaid - rows[0]!.unclaimed).toBe(0);
    const day = new Date(h.clock.now).toISOString().slice(0, 10);
    const z = await h.app.inject({ method: 'GET', url: `/ekol/retail/z/en/${day}?terminalId=${s.terminal}`, headers: { cookie: dealer } });
    expect(z.statusCode, z.body).toBe(200);
    expect(z.body).toMatch(new RegExp(`data-testid="z-unclaimed"><span>Unclaimed \\(expired\\)</span><b>${(payout / 100).toFixed(2)} TL</b>`));
  });

  it('a correction of a written-off ticket takes the unclaimed win back from the shop, not from the till (settlement and set back to waiting)', async () => {
    const s = await shop('w');
    const p = pickOf(takeMatch());
    const t = await sell(p, 2_000, s.kiosk);
    await settleMatch(h.db, p.mid, { ft: { h: 1, a: 0 }, ht: { h: 0, a: 0 } }, h.clock.now);
    const payout = Math.floor(2_000 * p.odd / 1_000);
    const start = h.clock.now;
    h.clock.now = p.matchDate + (RETAIL_SETTINGS.ticketExpiryDays + 1) * 86_400_000;
    expect(await writeOffExpired(h.db, h.clock.now)).toBe(1);
    h.clock.now = start;
    const till = (await snapshot(h.db, s.terminal)).balance;
    const shopBal = (await snapshot(h.db, s.sub)).balance;
    // The result corrected: the win the shop received goes back and is reversed; the till is unchanged.
    await settleMatch(h.db, p.mid, { ft: { h: 0, a: 1 }, ht: { h: 0, a: 0 } }, h.clock.now);
    expect((await snapshot(h.db, s.terminal)).balance).toBe(till);
    expect((await snapshot(h.db, s.sub)).balance).toBe(shopBal - payout);
    expect(await owed(t.id)).toBe(0);
    // Won again, expired again: written off to the shop a second time, then set back to waiting.
    await settleMatch(h.db, p.mid, { ft: { h: 1, a: 0 }, ht: { h: 0, a: 0 } }, h.clock.now);
    h.clock.now = p.matchDate + (RETAIL_SETTINGS.ticketExpiryDays + 1) * 86_400_000;
    expect(await writeOffExpired(h.db, h.clock.now)).toBe(1);
    h.clock.now = start;
    expect((await snapshot(h.db, s.sub)).balance).toBe(shopBal);
    const r = await call('bo/setCouponWaiting', { couponId: t.id }, await boLogin(h, 'admin', 'admin1234'));
    expect(r.json<Body>().status, r.body).toBe(true);
    expect((await snapshot(h.db, s.terminal)).balance).toBe(till);
    expect((await snapshot(h.db, s.sub)).balance).toBe(shopBal - payout);
    expect(await owed(t.id)).toBe(0);
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it('ticketCheck and the receipt name the market and outcome in the request\'s language', async () => {
    const s = await shop('l');
    const p = pickOf(takeMatch());
    const t = await sell(p, 500, s.kiosk, 'tr');
    // The default catalogue names markets in English only: Turkish is the app's own translation.
    const tr = 'Maç Sonucu: 1';
    const en = 'Match result: 1';
    const pick = async (lang: string) => (await call('ticketCheck', { lang, code: t.code })).json<{ ticket: { lines: { pick: string }[] } }>().ticket.lines[0]!.pick;
    expect(await pick('tr')).toBe(tr);
    expect(await pick('en')).toBe(en);
    const esc = (x: string) => x.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    expect(t.html).toContain(`<span>${esc(tr)}</span>`);
    const enReceipt = (await h.app.inject({ method: 'GET', url: `/ekol/user/printer/en/${t.id}`, headers: { cookie: s.kiosk } })).body;
    expect(enReceipt).toContain(`<span>${esc(en)}</span>`);
  });
});
