/**
 * One set of figures, reconciled with the ledger on both databases: after a scripted day (credit
 * loads, a player's bets that win, lose, are sold, cancelled or stay open, and a shop ticket that
 * wins and is paid at the counter) the daily report, the shop (Z) report, the cut-off preview and
 * the figures' own total all equal the ledger's sums of the same coupons; GGR is on settled coupons
 * with the open ones apart; the payment states tell the wallet from the counter; a period that has
 * not ended cannot be cut off.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, ledgerViolations, pickOf, SEED_NOW, tipOf, useFootballMatches, useHarness, type Pick } from './harness.ts';
import { adminAndOperator, boMoney, branch, json, type Branch } from './bo-helpers.ts';
import { settleMatch } from '../../server/settlement/settle-match.ts';
import { betFigures, ledgerTotals } from '../../server/backoffice/figures.ts';
import type { BoActor } from '../../server/backoffice/guard.ts';
import type { BoCoupon, BoDailyRow } from '../../domain/backoffice/calls.ts';
import type { ShopReportRow } from '../../domain/retail/calls.ts';

const DRIVERS = await drivers();
const DAY = new Date(SEED_NOW).toISOString().slice(0, 10);
const HOME_WIN = { ft: { h: 1, a: 0 }, ht: { h: 0, a: 0 } };
const AWAY_WIN = { ft: { h: 0, a: 1 }, ht: { h: 0, a: 0 } };

describe.each(DRIVERS)('one set of figures on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  const takeMatch = useFootballMatches(h, 8);
  let admin = '';
  let a: Branch;
  let dealer = '';
  let player = '';
  let kiosk = '';
  const ids: Record<string, number> = {};

  const place = async (cookie: string, p: Pick, stake: number) => {
    const r = await h.call('createCoupon', { ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: stake, ticketStake: stake, tips: [tipOf(p)] }, { cookie });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ ticketId: number }>().ticketId;
  };

  beforeAll(async () => {
    const team = await adminAndOperator(h);
    admin = team.admin;
    const operatorId = team.operatorId;
    a = await branch(h, admin, operatorId, 'f');
    dealer = await h.login(a.names.sub, 'pass1234');
    // Credit loads of the day: the sub-dealer loads 250 TL to its player.
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: a.player, amount: 25_000 }, dealer)).status).toBe(true);
    player = await h.login(a.names.player, 'pass1234');
    kiosk = await h.login(a.names.terminal, 'pass1234');

    const won = pickOf(takeMatch(), 1);
    const lost = pickOf(takeMatch(), 1);
    const sold = pickOf(takeMatch(), 1);
    const cancelled = pickOf(takeMatch(), 1);
    const open = pickOf(takeMatch(), 1);
    const shop = pickOf(takeMatch(), 1);
    ids.won = await place(player, won, 1_000);
    ids.lost = await place(player, lost, 2_000);
    ids.sold = await place(player, sold, 3_000);
    ids.cancelled = await place(player, cancelled, 4_000);
    ids.open = await place(player, open, 5_000);
    ids.shop = await place(kiosk, shop, 1_500);
    // The receipt issues the ticket's code: only a printed shop ticket is paid at the counter.
    expect((await h.app.inject({ method: 'GET', url: `/ekol/user/printer/tr/${ids.shop}`, headers: { cookie: kiosk } })).statusCode).toBe(200);
    ids.shopOpen = await place(kiosk, open, 700);
    // The day: the shop sells one back, the admin cancels one; results come in; the shop pays its winning ticket.
    expect(json(await h.call('bo/sellCoupon', { couponId: ids.sold }, { cookie: dealer }))).toMatchObject({ status: true });
    expect(json(await h.call('bo/cancelCoupon', { couponId: ids.cancelled }, { cookie: admin }))).toMatchObject({ status: true });
    await settleMatch(h.db, won.mid, HOME_WIN, h.clock.now);
    await settleMatch(h.db, lost.mid, AWAY_WIN, h.clock.now);
    await settleMatch(h.db, shop.mid, HOME_WIN, h.clock.now);
    expect(json(await h.call('bo/markCouponPaid', { couponId: ids.shop }, { cookie: dealer }))).toMatchObject({ status: true });
  }, 120_000);

  it('every report equals the ledger, GGR on settled coupons with the open ones apart', async () => {
    const [adm] = await h.db.query<{ id: number }>(`select id from users where username = 'admin'`);
    const actor = { userId: adm!.id, team: true } as BoActor;
    const ledger = await ledgerTotals(h.db, { actor, from: DAY, to: DAY, dealerId: a.dealer });
    const f = await betFigures(h.db, { actor, from: DAY, to: DAY, dealerId: a.dealer });
    expect(ledger.stakes).toBe(1_000 + 2_000 + 3_000 + 5_000 + 1_500 + 700);
    expect(f).toMatchObject({ coupons: 7, open: 2, settled: 4, cancelled: 1, stakes: ledger.stakes, payouts: ledger.payouts, openStakes: 5_700 });
    expect(f.settledStakes + f.openStakes).toBe(f.stakes);
    expect(f.ggr).toBe(f.settledStakes - f.payouts);
    expect(f.openLiability).toBeGreaterThan(f.openStakes);
    expect(f.toPayCount).toBe(0);
    expect(f.paidCount).toBe(1);

    // The daily report, per dealer, shop and terminal: its totals are the ledger's.
    for (const groupBy of ['dealer', 'shop', 'terminal'] as const) {
      const rows = json(await h.call('bo/dailyReport', { from: DAY, to: DAY, groupBy, dealerId: a.dealer }, { cookie: admin })).results as BoDailyRow[];
      const sum = (k: keyof BoDailyRow) => rows.reduce((s, r) => s + (r[k] as number), 0);
      if (groupBy === 'dealer') expect({ stakes: sum('stakes'), payouts: sum('payouts'), ggr: sum('ggr') }).toEqual({ stakes: ledger.stakes, payouts: ledger.payouts, ggr: f.ggr });
      else {
        const shopLedger = await ledgerTotals(h.db, { actor, from: DAY, to: DAY, userId: a.terminal });
        expect({ stakes: sum('stakes'), payouts: sum('payouts'), paid: sum('paid') }).toEqual({ ...shopLedger, paid: 1 });
      }
    }

    // The shop (Z) report of the terminal: the same figures.
    const z = json(await h.call('bo/shopReport', { from: DAY, to: DAY, terminalId: a.terminal }, { cookie: admin })).results as ShopReportRow[];
    const shopLedger = await ledgerTotals(h.db, { actor, from: DAY, to: DAY, userId: a.terminal });
    expect(z[0]!.settledStakes + z[0]!.openStakes).toBe(shopLedger.stakes);
    expect(z[0]!.settledStakes - z[0]!.ggr).toBe(shopLedger.payouts);
    expect(z[0]!.openStakes).toBe(700);

    // The cut-off preview of the dealer's week: the settled coupons' figures, the open ones beside; not saved before the week ends.
    const preview = json(await h.call('bo/cutoffPreview', { dealerId: a.dealer, period: 'weekly', from: DAY }, { cookie: admin })).cutoff as Record<string, number | boolean>;
    expect(preview).toMatchObject({ stakes: f.settledStakes, payouts: f.payouts, openStakes: f.openStakes, openLiability: f.openLiability, closed: false });
    expect(json(await h.call('bo/createCutoff', { dealerId: a.dealer, period: 'weekly', from: DAY }, { cookie: admin }))).toMatchObject({ status: false, error: 'cutoffPeriodOpen' });
    expect(json(await h.call('bo/cutoffPreview', { dealerId: a.dealer, period: 'weekly', from: '2026-05-18' }, { cookie: admin })).cutoff).toMatchObject({ closed: true });
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it('payment states tell the wallet from the counter', async () => {
    const state = async (id: number) => (json(await h.call('bo/coupons', { couponId: id }, { cookie: admin })).results as BoCoupon[])[0]!.payState;
    expect(await state(ids.won!)).toBe('inWallet');
    expect(await state(ids.sold!)).toBe('inWallet');
    expect(await state(ids.lost!)).toBe('none');
    expect(await state(ids.open!)).toBe('none');
    expect(await state(ids.shop!)).toBe('paid');
  });
});
