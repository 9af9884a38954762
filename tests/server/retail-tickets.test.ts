/**
 * Retail tickets and vouchers on both drivers: a terminal's receipt issues an
 * unguessable code, ticketCheck reads it without login (rate-limited), a win is paid once whatever
 * the concurrency (50 redemptions at once, ticket and voucher), a second redemption names when and
 * where the first was paid, the counter pays through bo/markCouponPaid's rule, expired tickets and
 * other shops are refused, reprints are counted and only the last ticket reprints; booking codes
 * are re-priced; the kiosk's cash in and out move its till through the ledger.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { settleMatch } from '../../server/settlement/settle-match.ts';
import { normalizeCode, TICKET_CODE_RANDOM, checkSymbol, newCode } from '../../domain/retail/codes.ts';
import { RETAIL_SETTINGS, type ShopReportRow } from '../../domain/retail/calls.ts';
import { drivers, ledgerViolations, pickOf, snapshot, tipOf, useFootballMatches, useHarness, type Pick } from './harness.ts';
import { boLogin, boMoney, branch, create, json, uname } from './bo-helpers.ts';

const DRIVERS = await drivers();
type Body = { status: boolean; msg?: string; error?: string; [k: string]: unknown };

describe('retail codes', () => {
  it('65 random bits and a Luhn mod 32 check symbol that catches a wrong or swapped symbol', () => {
    const code = newCode(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]), TICKET_CODE_RANDOM);
    expect(code).toHaveLength(14);
    expect(normalizeCode(code.toLowerCase().replace(/(.{4})/g, '$1-'), TICKET_CODE_RANDOM)).toBe(code);
    const swapped = code[1]! + code[0]! + code.slice(2);
    expect(normalizeCode(swapped, TICKET_CODE_RANDOM)).toBeNull();
    const typo = code.slice(0, 5) + (code[5] === 'A' ? 'B' : 'A') + code.slice(6);
    expect(normalizeCode(typo, TICKET_CODE_RANDOM)).toBeNull();
    // O and I/L are read as 0 and 1.
    expect(normalizeCode(`O1${checkSymbol('01')}`, 2)).toBe(`01${checkSymbol('01')}`);
  });
});

describe.each(DRIVERS)('retail tickets on %s', (driver) => {
  const h = useHarness(driver);
  const takeMatch = useFootballMatches(h, 12);
  let kiosk = '';
  let kiosk2 = '';
  let dealer = '';
  let otherDealer = '';
  let terminalId = 0;
  let shopName = '';
  let kioskName = '';
  let ip = 0;
  let admin = '';
  let operatorId = 0;
  /** A fresh address per call: the shared app's rate limit is per address. */
  const call = (name: string, payload: unknown, cookie?: string) => h.call(name, payload, { cookie, remoteAddress: `10.1.${(ip >> 8) & 255}.${++ip & 255}` });

  beforeAll(async () => {
    const { ensureDemoAdmin } = await import('../../server/content/demo-seed.ts');
    await ensureDemoAdmin(h.db);
    admin = await boLogin(h, 'admin', 'admin1234');
    operatorId = await create(h, admin, 'bo/createDealer', { role: 'operator', userName: uname('op') });
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: operatorId, amount: 10_000_000 }, admin)).status).toBe(true);
    // Two shops (sub-dealers), each with a kiosk.
    const a = await branch(h, admin, operatorId, 'a');
    const b = await branch(h, admin, operatorId, 'b');
    kiosk = await h.login(a.names.terminal, 'pass1234');
    kiosk2 = await h.login(b.names.terminal, 'pass1234');
    dealer = await h.login(a.names.sub, 'pass1234');
    otherDealer = await h.login(b.names.sub, 'pass1234');
    terminalId = a.terminal;
    shopName = a.names.sub;
    kioskName = a.names.terminal;
  });

  async function sell(p: Pick, stake = 1_000, at = kiosk): Promise<{ id: number; code: string; html: string }> {
    const r = await h.call('createCoupon', { ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: stake, ticketStake: stake, tips: [tipOf(p)] }, { cookie: at });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json<{ ticketId: number }>().ticketId;
    const html = (await h.app.inject({ method: 'GET', url: `/ekol/user/printer/tr/${id}`, headers: { cookie: at } })).body;
    const code = /data-testid="receipt-code">([0-9A-Z-]+)</.exec(html)?.[1] ?? '';
    return { id, code, html };
  }
  const owed = async (couponId: number) =>
    Number((await h.db.query<{ n: string }>('select coalesce(sum(amount), 0)::text as n from retail_liability where coupon_id = $1', [couponId]))[0]!.n);
  const win = (p: Pick) => settleMatch(h.db, p.mid, { ft: { h: 1, a: 0 }, ht: { h: 0, a: 0 } }, h.clock.now);

  it('prints the code as text, Code 128 and QR with expiry and a responsible-gambling line; ticketCheck reads it without login', async () => {
    const p = pickOf(takeMatch());
    const t = await sell(p);
    expect(normalizeCode(t.code, TICKET_CODE_RANDOM)).not.toBeNull();
    expect(t.html).toContain('data-testid="receipt-terminal">T-a<');
    expect(t.html).toContain('data-testid="receipt-expiry"');
    expect(t.html).toMatch(/<svg role="img" aria-label="[0-9A-Z]{14}"/);
    expect(t.html).toContain('18 yaş altına yasaktır');
    expect(t.html).not.toContain('receipt-duplicate');
    const before = await call('ticketCheck', { code: t.code });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<{ ticket: Record<string, unknown> }>().ticket).toMatchObject({ ticketId: t.id, status: 'waiting', paid: 0, payout: 0 });
    await win(p);
    const after = (await call('ticketCheck', { code: t.code.toLowerCase() })).json<{ ticket: { status: string; payout: number; lines: unknown[] } }>();
    expect(after.ticket).toMatchObject({ status: 'won', payout: Math.floor(1_000 * p.odd / 1_000) });
    expect(after.ticket.lines).toHaveLength(1);
    // A code with a wrong check symbol never reaches the database.
    const bad = await call('ticketCheck', { code: `${t.code.slice(0, -1)}${t.code.endsWith('0') ? '1' : '0'}` });
    expect(bad.statusCode).toBe(404);
    expect(bad.json<Body>().error).toBe('ticketNotFound');
  });

  it('counts reprints as DUPLICATE and reprints only the last ticket', async () => {
    const a = await sell(pickOf(takeMatch()));
    const again = (await h.app.inject({ method: 'GET', url: `/ekol/user/printer/tr/${a.id}`, headers: { cookie: kiosk } })).body;
    expect(again).toContain('data-testid="receipt-duplicate">KOPYA #1<');
    const b = await sell(pickOf(takeMatch()));
    const old = await h.app.inject({ method: 'GET', url: `/ekol/user/printer/tr/${a.id}`, headers: { cookie: kiosk } });
    expect(old.statusCode).toBe(409);
    expect(b.code).not.toBe(a.code);
    const [row] = await h.db.query<{ prints: number }>('select prints from retail_tickets where coupon_id = $1', [a.id]);
    expect(row!.prints).toBe(2);
  });

  it('pays a winning ticket once under 50 concurrent redemptions, as a voucher; the second names when and where', async () => {
    const p = pickOf(takeMatch());
    const t = await sell(p, 2_000);
    await win(p);
    const till = (await snapshot(h.db, terminalId)).balance;
    const rs = await Promise.all(Array.from({ length: 50 }, () => call('redeemTicket', { code: t.code }, kiosk)));
    const ok = rs.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    const payout = Math.floor(2_000 * p.odd / 1_000);
    const reply = ok[0]!.json<{ amount: number; voucher: { code: string; amount: number } }>();
    expect(reply).toMatchObject({ amount: payout, voucher: { amount: payout } });
    for (const r of rs.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json<Body>().msg).toMatch(/tarihinde T-a tarafından ödendi/);
    }
    // The win was paid from the ticket's liability: the till did not move, the liability is closed once.
    expect((await snapshot(h.db, terminalId)).balance).toBe(till);
    expect(await owed(t.id)).toBe(0);
    const [pays] = await h.db.query<{ n: number }>(`select count(*)::int as n from retail_liability where coupon_id = $1 and kind = 'pay'`, [t.id]);
    expect(pays!.n).toBe(1);
    const checked = (await call('ticketCheck', { code: t.code })).json<{ ticket: { status: string; paid: number; paidAt: string } }>().ticket;
    expect(checked).toMatchObject({ status: 'paid', paid: 1, paidAt: new Date(h.clock.now).toISOString() });

    // The voucher: 50 kiosks of the shop at once credit it once; a kiosk of another shop is refused.
    expect((await call('redeemTicket', { code: reply.voucher.code }, kiosk2)).json<Body>().error).toBe('otherShop');
    const vs = await Promise.all(Array.from({ length: 50 }, () => call('redeemTicket', { code: reply.voucher.code }, kiosk)));
    expect(vs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(vs.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect((await snapshot(h.db, terminalId)).balance).toBe(till + payout);
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it('a winning unpaid ticket is owed to its holder: out of the till, the next customer cannot stake it, a correction moves only the liability', async () => {
    const p = pickOf(takeMatch());
    const t = await sell(p, 2_000);
    // The customer leaves with the rest of the credit as a voucher: the till is empty.
    const out = (await call('cashOut', {}, kiosk)).json<{ voucher: { code: string } }>();
    expect(out.voucher.code).toBeTruthy();
    expect((await snapshot(h.db, terminalId)).balance).toBe(0);
    await win(p);
    const payout = Math.floor(2_000 * p.odd / 1_000);
    expect(await owed(t.id)).toBe(payout);
    expect((await snapshot(h.db, terminalId)).balance).toBe(0);
    expect((await call('kioskCredit', {}, kiosk)).json<{ credit: number }>().credit).toBe(0);
    // The next customer: no stake, no cash out from money owed to the ticket holder.
    const stake = await h.call('createCoupon', { ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: 1_000, ticketStake: 1_000, tips: [tipOf(pickOf(takeMatch()))] }, { cookie: kiosk });
    expect(stake.statusCode).toBe(422);
    expect(stake.json<Body>().error ?? stake.json<Body>().msg).toBeTruthy();
    expect((await call('cashOut', {}, kiosk)).json<Body>().error).toBe('nothingToCashOut');
    // A correction (the match lost after all, then won again) moves the liability, never the empty till.
    await settleMatch(h.db, p.mid, { ft: { h: 0, a: 1 }, ht: { h: 0, a: 0 } }, h.clock.now);
    expect(await owed(t.id)).toBe(0);
    expect((await snapshot(h.db, terminalId)).balance).toBe(0);
    await win(p);
    expect(await owed(t.id)).toBe(payout);
    const kinds = await h.db.query<{ kind: string; amount: number }>(`select kind, amount::int as amount from ledger where user_id = $1 and ref_type = 'coupon' and ref_id = $2 and kind <> 'bet' order by id`, [terminalId, t.id]);
    expect(kinds.map((k) => `${k.kind} ${k.amount}`)).toEqual([
      `win ${payout}`, `ticketHold ${-payout}`, `ticketRelease ${payout}`, `reversal ${-payout}`, `win ${payout}`, `ticketHold ${-payout}`,
    ]);
    // The holder is paid from the liability, once.
    const rs = await Promise.all(Array.from({ length: 50 }, () => call('redeemTicket', { code: t.code }, kiosk)));
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await owed(t.id)).toBe(0);
    expect((await snapshot(h.db, terminalId)).balance).toBe(0);
    expect(await ledgerViolations(h.db)).toEqual([]);
    // The cash-out voucher back into the till, for the next tests.
    expect((await call('redeemTicket', { code: out.voucher.code }, kiosk)).statusCode).toBe(200);
  });

  it('a won ticket set back to waiting in the back office gives its liability back before the win is reversed; the till does not move', async () => {
    const p = pickOf(takeMatch());
    const t = await sell(p);
    await win(p);
    const till = (await snapshot(h.db, terminalId)).balance;
    expect(await owed(t.id)).toBe(Math.floor(1_000 * p.odd / 1_000));
    const r = await boMoney(h, 'bo/setCouponWaiting', { couponId: t.id }, admin);
    expect(r.statusCode, r.body).toBe(200);
    expect(await owed(t.id)).toBe(0);
    expect((await snapshot(h.db, terminalId)).balance).toBe(till);
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it('the counter pays through bo/markCouponPaid: once, only in the dealer subtree, audited', async () => {
    const p = pickOf(takeMatch());
    const t = await sell(p);
    await win(p);
    const foreign = await call('redeemTicket', { code: t.code }, otherDealer);
    expect(foreign.statusCode).toBe(404);
    const first = await call('redeemTicket', { code: t.code }, dealer);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kind: 'ticket', voucher: null, amount: Math.floor(1_000 * p.odd / 1_000) });
    const second = await call('redeemTicket', { code: t.code }, kiosk);
    expect(second.json<Body>().msg).toContain(`${shopName} tarafından ödendi`);
    const boAgain = await h.call('bo/markCouponPaid', { couponId: t.id }, { cookie: dealer });
    expect(boAgain.json<Body>().error).toBe('alreadyPaid');
    const [a] = await h.db.query<{ n: number }>(`select count(*)::int as n from audit_log where action = 'markCouponPaid' and object_id = $1`, [String(t.id)]);
    expect(a!.n).toBe(1);
  });

  it('refuses an expired ticket, a lost one, and a player session', async () => {
    const p = pickOf(takeMatch());
    const t = await sell(p);
    await win(p);
    const lost = pickOf(takeMatch(), 2);
    const l = await sell(lost);
    await win(lost);
    expect((await call('redeemTicket', { code: l.code }, kiosk)).json<Body>().error).toBe('couponNotWon');
    const player = await h.player('retail');
    expect((await call('redeemTicket', { code: t.code }, player.cookie)).statusCode).toBe(403);
    h.clock.now = p.matchDate + (RETAIL_SETTINGS.ticketExpiryDays + 1) * 86_400_000;
    // Sessions last a week: the kiosk logs in again half a year later.
    const r = await call('redeemTicket', { code: t.code }, await h.login(kioskName, 'pass1234'));
    expect(r.statusCode).toBe(409);
    expect(r.json<Body>().error).toBe('ticketExpired');
    expect((await call('ticketCheck', { code: t.code })).json<{ ticket: { status: string } }>().ticket.status).toBe('expired');
  });

  it('rate-limits code checks per address', async () => {
    const codes = await Promise.all(Array.from({ length: 32 }, () => h.call('ticketCheck', { code: 'AAAA-AAAA-AAAA-AA' }, { remoteAddress: '10.9.9.9' })));
    expect(codes.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);
  });

  it('cash in once per note id, cash out the credit as a voucher', async () => {
    const start = (await call('kioskCredit', {}, kiosk)).json<{ credit: number }>().credit;
    const notes = await Promise.all([1, 2, 3].map(() => call('cashIn', { amount: 5_000, noteId: 'note-1' }, kiosk)));
    expect(notes.filter((r) => r.json<{ credited: boolean }>().credited)).toHaveLength(1);
    expect((await call('kioskCredit', {}, kiosk)).json<{ credit: number }>().credit).toBe(start + 5_000);
    const out = (await call('cashOut', {}, kiosk)).json<{ voucher: { amount: number; code: string } }>();
    expect(out.voucher.amount).toBe(start + 5_000);
    expect((await call('kioskCredit', {}, kiosk)).json<{ credit: number }>().credit).toBe(0);
    expect((await call('cashOut', {}, kiosk)).json<Body>().error).toBe('nothingToCashOut');
    expect((await call('cashIn', { amount: 5_000, noteId: 'x' }, dealer)).statusCode).toBe(403);
    // The counter pays the voucher in cash.
    expect((await call('redeemTicket', { code: out.voucher.code }, dealer)).json()).toMatchObject({ status: true, kind: 'voucher', amount: start + 5_000 });
  });

  it('a booking code loads its slip re-priced at the current odds', async () => {
    const m1 = pickOf(takeMatch());
    const m2 = pickOf(takeMatch());
    const saved = await call('saveBooking', { ticketType: 'KK', oddChangeOk: true, systemTickets: [], totalStake: 500, ticketStake: 500, tips: [tipOf(m1), tipOf(m2)] });
    expect(saved.statusCode, saved.body).toBe(200);
    const { code, expiresAt } = saved.json<{ code: string; expiresAt: string }>();
    expect(code).toMatch(/^[0-9A-Z]{8}$/);
    expect(Date.parse(expiresAt)).toBe(h.clock.now + RETAIL_SETTINGS.bookingValidHours * 3_600_000);
    await h.db.query(
      `update outcomes o set odd = odd + 100 from odds_groups g where g.id = o.group_id and g.match_id = $1 and g.odds_type = 1 and o.outcome_id = 1`, [m1.mid]);
    const loaded = await call('loadBooking', { code: code.toLowerCase() }, kiosk);
    expect(loaded.statusCode, loaded.body).toBe(200);
    const b = loaded.json<{ tips: { mid: number; odd: number }[]; changed: unknown[]; ticketType: string }>();
    expect(b.ticketType).toBe('KK');
    expect(b.changed).toEqual([{ mid: m1.mid, oddTypeId: 1, was: m1.odd, now: m1.odd + 100 }]);
    expect(b.tips.map((t) => [t.mid, t.odd])).toEqual([[m1.mid, m1.odd + 100], [m2.mid, m2.odd]]);
    h.clock.now += RETAIL_SETTINGS.bookingValidHours * 3_600_000 + 1;
    expect((await call('loadBooking', { code }, kiosk)).json<Body>().error).toBe('bookingExpired');
  });

  it('the retail settings are the site settings the back office saves: a booking code lasts as long as set, the kiosk learns its idle timer', async () => {
    const save = (settings: Record<string, number>) => h.call('bo/saveSiteSettings', { screen: 'retail', settings }, { cookie: admin });
    expect(json(await save({ booking_valid_hours: 2, kiosk_idle_warn_sec: 30, kiosk_idle_reset_sec: 45 })).status).toBe(true);
    const saved = await call('saveBooking', { ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: 500, ticketStake: 500, tips: [tipOf(pickOf(takeMatch()))] });
    expect(Date.parse(saved.json<{ expiresAt: string }>().expiresAt)).toBe(h.clock.now + 2 * 3_600_000);
    expect((await call('kioskCredit', {}, kiosk)).json()).toMatchObject({ idleWarnSec: 30, idleResetSec: 45 });
    expect(json(await save({ kiosk_idle_reset_sec: 5 })).status).toBe(false);
    expect(json(await save({ booking_valid_hours: 24, kiosk_idle_warn_sec: 60, kiosk_idle_reset_sec: 90 })).status).toBe(true);
    expect((await call('kioskCredit', {}, kiosk)).json()).toMatchObject({ idleWarnSec: 60, idleResetSec: 90 });
  });

  it('the shop report of each kiosk equals its ledger (over/short 0), its liability equals the journal, and stays in the dealer subtree', async () => {
    const range = { from: '2020-01-01', to: '2030-12-31' };
    const r = await call('bo/shopReport', range, dealer);
    expect(r.statusCode, r.body).toBe(200);
    const rows = r.json<{ results: ShopReportRow[] }>().results;
    expect(rows.map((x) => x.terminalId)).toEqual([terminalId]);
    const row = rows[0]!;
    expect(row.overShort).toBe(0);
    expect(row.ledger).toBe((await snapshot(h.db, terminalId)).balance);
    // Each money figure against the rows it comes from.
    const sum = async (sql: string) => Number((await h.db.query<{ n: string }>(`select coalesce(sum(amount), 0)::text as n from ${sql}`, [terminalId]))[0]!.n);
    expect(row.cashIn).toBe(await sum(`ledger where user_id = $1 and ref_type = 'cashIn'`));
    expect(row.cashOut).toBe(-(await sum(`ledger where user_id = $1 and kind = 'withdraw' and ref_type = 'voucher'`)));
    expect(row.stakes - row.refunds).toBe(-(await sum(`ledger where user_id = $1 and kind in ('bet', 'refund')`)));
    expect(row.winsHeld).toBe(-(await sum(`ledger where user_id = $1 and kind in ('ticketHold', 'ticketRelease')`)));
    expect(row.liabilityIn).toBe(row.winsHeld);
    expect(row.liability).toBe(await sum('retail_liability where terminal_id = $1'));
    expect(row.liability).toBe(row.liabilityIn - row.liabilityPaid);
    expect(row.ticketsSold).toBeGreaterThan(5);
    expect(row.ticketsPaid).toBeGreaterThanOrEqual(3);
    expect(row.reprints).toBe(1);
    expect(row.cashIn).toBe(5_000);
    expect(row.vouchersIssued).toBeGreaterThanOrEqual(3);
    expect(row.vouchersRedeemed).toBe(2);
    const other = (await call('bo/shopReport', { ...range, terminalId }, otherDealer)).json<{ results: unknown[] }>();
    expect(other.results).toEqual([]);
  });

  it('the day-close (Z) report: the kiosk its own day, the back office a terminal or a shop; printed for 80 mm; equal to the ledger', async () => {
    const day = new Date(h.clock.now).toISOString().slice(0, 10);
    // A shop opened today: a note, a ticket sold, a winning one paid at the counter, a cash out.
    const z = await branch(h, admin, operatorId, 'z');
    const zKiosk = await h.login(z.names.terminal, 'pass1234');
    const zDealer = await h.login(z.names.sub, 'pass1234');
    expect((await call('cashIn', { amount: 2_000, noteId: 'z-1' }, zKiosk)).statusCode).toBe(200);
    const p = pickOf(takeMatch());
    const t = await sell(p, 500, zKiosk);
    await win(p);
    expect((await call('redeemTicket', { code: t.code }, zDealer)).statusCode).toBe(200);
    expect((await call('cashOut', {}, zKiosk)).statusCode).toBe(200);
    // The harness's ledger stamps rows with the database's clock, the rest with the test's: one day for both.
    await h.db.query('update ledger set created_at = $2 where user_id = $1', [z.terminal, new Date(h.clock.now)]);
    const rep = (await call('zReport', {}, zKiosk)).json<{ day: string; report: ShopReportRow }>();
    expect(rep.day).toBe(day);
    expect(rep.report).toMatchObject({
      terminalId: z.terminal, overShort: 0, cashIn: 2_000, ticketsSold: 1, stakes: 500, ticketsPaid: 1, vouchersIssued: 1,
      cashOut: 50_000 + 2_000 - 500, liability: 0, transfers: 50_000,
    });
    const [l] = await h.db.query<{ n: string }>(
      `select coalesce(sum(amount), 0)::text as n from ledger where user_id = $1 and created_at >= $2::date and created_at < $2::date + 1`, [z.terminal, day]);
    expect(rep.report.ledger).toBe(Number(l!.n));
    expect(rep.report.ledger).toBe(0);
    expect((await call('zReport', {}, zDealer)).statusCode).toBe(403);
    // The print pages: the kiosk's own, the shop's from the back office (each terminal, then the total).
    const own = await h.app.inject({ method: 'GET', url: `/ekol/retail/z/tr/${day}`, headers: { cookie: zKiosk } });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('size: 80mm auto');
    expect(own.body).toContain('data-testid="z-cash-in"><span>Nakit giriş</span><b>20.00 TL</b>');
    expect(own.body).toContain('data-testid="z-over-short"><span>Fazla/eksik</span><b>0.00 TL</b>');
    expect(own.headers['content-security-policy']).toContain("script-src 'nonce-");
    const shopPage = await h.app.inject({ method: 'GET', url: `/ekol/retail/z/en/${day}?shopId=${z.sub}`, headers: { cookie: zDealer } });
    expect(shopPage.statusCode).toBe(200);
    expect(shopPage.body).toContain('Day close (Z) report');
    expect(shopPage.body).toContain('T-z');
    expect((await h.app.inject({ method: 'GET', url: `/ekol/retail/z/en/${day}?shopId=${z.sub}`, headers: { cookie: otherDealer } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/ekol/retail/z/en/${day}` })).statusCode).toBe(401);
  });

  it('pairs a kiosk once with a short-lived code from the dealer, only for its own terminals', async () => {
    const code = await call('bo/terminalPairingCode', { terminalId }, dealer);
    expect(code.statusCode, code.body).toBe(200);
    const c = code.json<{ code: string; expiresAt: string }>();
    expect(c.code).toMatch(/^[0-9A-Z]{8}$/);
    expect((await call('bo/terminalPairingCode', { terminalId }, otherDealer)).statusCode).toBe(404);
    const paired = await call('pairTerminal', { code: c.code.toLowerCase() });
    expect(paired.statusCode, paired.body).toBe(200);
    const sid = paired.cookies.find((x) => x.name === 'sid')!;
    expect((await call('kioskCredit', {}, `sid=${sid.value}`)).json<Body>().status).toBe(true);
    expect((await call('pairTerminal', { code: c.code })).json<Body>().error).toBe('pairingNotFound');
    const late = (await call('bo/terminalPairingCode', { terminalId }, dealer)).json<{ code: string }>();
    h.clock.now += 11 * 60_000;
    expect((await call('pairTerminal', { code: late.code })).json<Body>().error).toBe('pairingNotFound');
  });
});
