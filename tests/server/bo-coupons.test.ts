/**
 * Coupons and reports of the subtree: search with filters, cancel / set waiting by permission with
 * the money moved through the ledger, a winning ticket paid at the shop once, the daily report,
 * the bands and their streamed CSV; and the demo network loads once.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { drivers, useHarness } from './harness.ts';
import { adminAndOperator, boLogin, boMoney, branch, json, type Branch } from './bo-helpers.ts';
import { seedBackOfficeDemo } from '../../server/demo/backoffice-seed.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('back-office coupons and reports on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  let admin = '';
  let a: Branch;
  let b: Branch;
  let dealerA = '';
  const coupons: number[] = [];
  beforeAll(async () => {
    const team = await adminAndOperator(h);
    admin = team.admin;
    const operatorId = team.operatorId;
    a = await branch(h, admin, operatorId, 'a');
    b = await branch(h, admin, operatorId, 'b');
    dealerA = await h.login(a.names.dealer, 'pass1234');
    // Coupons of branch a's player (stakes 50, 150, 700 TL; one won of 40 TL) and one of branch b's.
    const [m] = await h.db.query<{ id: number }>('select id from matches order by match_date desc limit 1');
    const add = async (userId: number, stake: number, status: number, income: number, type = 'TK') => {
      const [c] = await h.db.query<{ id: number }>(
        `insert into coupons (user_id, ticket_type, status, total_stake, ticket_stake, total_odds, max_pay, income, settled_income, created_at)
         values ($1, $2, $3, $4, $4, 2000, $5, $6, $6, '2026-05-20T10:00:00Z') returning id`, [userId, type, status, stake, stake * 2, income]);
      await h.db.query('insert into coupon_tips (coupon_id, match_id, odds_type, outcome_id, odd, status) values ($1, $2, 1, 1, 2000, $3)', [c!.id, m!.id, status]);
      // Its stake through the ledger, as placement books it (the reports read each coupon's money there).
      await h.db.query(`insert into ledger (user_id, amount, balance_after, kind, ref_type, ref_id) select $1, $2, balance + $2, 'bet', 'coupon', $3 from wallets where user_id = $1`, [userId, -stake, c!.id]);
      await h.db.query('update wallets set balance = balance + $2 where user_id = $1', [userId, -stake]);
      if (income > 0) await h.db.query(`insert into ledger (user_id, amount, balance_after, kind, ref_type, ref_id) select $1, $2, balance + $2, 'win', 'coupon', $3 from wallets where user_id = $1`, [userId, income, c!.id]);
      if (income > 0) await h.db.query('update wallets set balance = balance + $2 where user_id = $1', [userId, income]);
      return Number(c!.id);
    };
    // The terminal's 700 TL ticket is staked from its till.
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: a.terminal, amount: 100_000 }, admin)).status).toBe(true);
    coupons.push(await add(a.player, 5_000, 0, 0), await add(a.player, 15_000, 0, 0, 'KK'), await add(a.terminal, 70_000, 1, 4_000), await add(b.player, 9_000, 0, 0));
    // The terminal's coupon is a shop ticket (its bearer code printed); the players' are online coupons.
    await h.db.query(`insert into retail_tickets (coupon_id, code, terminal_id, expires_at, created_at)
      values ($1, 'BOCOUPONS-T1', $2, '2027-01-01T00:00:00Z', '2026-05-20T10:00:00Z')`, [coupons[2], a.terminal]);
  }, 60_000);

  const balance = async (id: number) => Number((await h.db.query<{ balance: number }>('select balance from wallets where user_id = $1', [id]))[0]!.balance);

  it('searches the subtree only, with filters', async () => {
    const all = json(await h.call('bo/coupons', {}, { cookie: dealerA }));
    expect((all.results as { id: number }[]).map((c) => c.id).sort()).toEqual(coupons.slice(0, 3).sort());
    expect(json(await h.call('bo/coupons', { ticketType: 'KK' }, { cookie: dealerA })).totalCount).toBe(1);
    expect(json(await h.call('bo/coupons', { status: 1, from: '2026-05-20', to: '2026-05-20' }, { cookie: dealerA })).totalCount).toBe(1);
    expect(json(await h.call('bo/coupons', { userName: a.names.player }, { cookie: dealerA })).totalCount).toBe(2);
    expect(json(await h.call('bo/coupons', { couponId: coupons[3] }, { cookie: dealerA })).totalCount).toBe(0);
    const detail = json(await h.call('bo/couponDetail', { couponId: coupons[0] }, { cookie: dealerA }));
    expect(detail).toMatchObject({ status: true, coupon: { id: coupons[0], userName: a.names.player, totalStake: 5_000 } });
    expect((detail.lines as unknown[]).length).toBe(1);
    expect(json(await h.call('bo/couponDetail', { couponId: coupons[3] }, { cookie: dealerA })).error).toBe('notYourDealer');
  });

  it('cancel refunds the stake; set waiting takes it back (admin only by default); a winning ticket is paid at the shop once', async () => {
    const before = await balance(a.player);
    expect(json(await h.call('bo/cancelCoupon', { couponId: coupons[0] }, { cookie: dealerA }))).toMatchObject({ status: true, amount: 5_000 });
    expect(await balance(a.player)).toBe(before + 5_000);
    expect(json(await h.call('bo/cancelCoupon', { couponId: coupons[0] }, { cookie: dealerA })).error).toBe('couponNotWaiting');
    // A dealer does not hold setCouponWaiting by default; the admin does.
    expect((await h.call('bo/setCouponWaiting', { couponId: coupons[0] }, { cookie: dealerA })).statusCode).toBe(403);
    expect(json(await h.call('bo/setCouponWaiting', { couponId: coupons[0] }, { cookie: admin }))).toMatchObject({ status: true, amount: 5_000 });
    expect(await balance(a.player)).toBe(before);
    expect(json(await h.call('bo/markCouponPaid', { couponId: coupons[0] }, { cookie: dealerA })).error).toBe('couponNotWon');
    const paid = await Promise.all([1, 2, 3].map(() => h.call('bo/markCouponPaid', { couponId: coupons[2] }, { cookie: dealerA })));
    expect(paid.filter((r) => json(r).status).length).toBe(1);
    expect(json(await h.call('bo/coupons', { couponId: coupons[2] }, { cookie: dealerA })).results).toEqual([expect.objectContaining({ paid: 1, winAmount: 4_000 })]);
  });

  it('an online player\'s won coupon (its win already in the wallet) is not paid again at the counter', async () => {
    await h.db.query('update coupons set status = 1, income = 30000, settled_income = 30000 where id = $1', [coupons[1]]);
    const before = await balance(a.player);
    for (const cookie of [dealerA, admin]) {
      const res = await h.call('bo/markCouponPaid', { couponId: coupons[1] }, { cookie });
      expect(json(res)).toMatchObject({ status: false, error: 'notRetailTicket' });
    }
    const [c] = await h.db.query<{ shop_paid_at: Date | null }>('select shop_paid_at from coupons where id = $1', [coupons[1]]);
    expect(c!.shop_paid_at).toBeNull();
    expect(await balance(a.player)).toBe(before);
  });

  it('reports: daily per terminal and dealer, stake ranges, payment bands, and the streamed CSV', async () => {
    const byTerminal = json(await h.call('bo/dailyReport', { from: '2026-05-01', to: '2026-05-31', groupBy: 'terminal' }, { cookie: dealerA }));
    expect(byTerminal.results).toEqual([expect.objectContaining({ day: '2026-05-20', id: a.terminal, sold: 1, paid: 1, stakes: 70_000, payouts: 4_000, ggr: 66_000 })]);
    const byDealer = json(await h.call('bo/dailyReport', { from: '2026-05-01', to: '2026-05-31' }, { cookie: dealerA }));
    expect((byDealer.results as { sold: number }[]).reduce((s, r) => s + r.sold, 0)).toBe(3);
    const ranges = json(await h.call('bo/stakeRanges', { from: '2026-05-01', to: '2026-05-31' }, { cookie: dealerA }));
    expect((ranges.results as { band: string; count: number }[]).map((r) => [r.band, r.count])).toEqual([['1-100', 1], ['100-250', 1], ['250-500', 0], ['500-1000', 1], ['1000-5000', 0], ['5000+', 0]]);
    expect(json(await h.call('bo/paymentBands', { from: '2026-05-01', to: '2026-05-31' }, { cookie: dealerA })).results).toHaveLength(6);
    const csv = await h.app.inject({ method: 'GET', url: '/api/bo/export/stakeRanges.csv?from=2026-05-01&to=2026-05-31', headers: { cookie: dealerA } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('band,min,max,count,amount');
    expect(csv.body).toContain('500-1000,50000,100000,1,70000');
    const foreign = await h.app.inject({ method: 'GET', url: `/api/bo/export/dailyReport.csv?from=2026-05-01&to=2026-05-31&dealerId=${b.dealer}`, headers: { cookie: dealerA } });
    expect(foreign.statusCode).toBe(404);
    const player = await h.login(a.names.player, 'pass1234');
    expect((await h.app.inject({ method: 'GET', url: '/api/bo/export/dailyReport.csv?from=2026-05-01&to=2026-05-31', headers: { cookie: player } })).statusCode).toBe(403);
  });

  it('the demo network loads once, with its coupons and an IP log of logins', async () => {
    expect(await seedBackOfficeDemo(h.db, h.clock.now)).toBe(true);
    expect(await seedBackOfficeDemo(h.db, h.clock.now)).toBe(false);
    const op = await boLogin(h, 'operator', 'operator1234');
    const tree = json(await h.call('bo/dealerTree', { depth: 5 }, { cookie: op }));
    expect((tree.nodes as { userName: string }[]).map((n) => n.userName)).toEqual(expect.arrayContaining(['bayi1', 'bayi2', 'altbayi1', 'altbayi2', 'partner1']));
    const bayi1 = await h.login('bayi1', 'bayi1234');
    const mine = json(await h.call('bo/users', {}, { cookie: bayi1 }));
    expect((mine.results as { userName: string }[]).map((u) => u.userName).sort()).toEqual(['oyuncu1', 'oyuncu2', 'terminal1']);
    expect(json(await h.call('bo/coupons', {}, { cookie: bayi1 })).totalCount).toBeGreaterThan(0);
    const logs = json(await h.call('bo/ipLogs', {}, { cookie: op }));
    expect((logs.results as { userName: string; success: boolean }[]).some((l) => l.userName === 'bayi1' && l.success)).toBe(true);
    expect(json(await h.call('bo/auditCheck', {}, { cookie: op }))).toMatchObject({ ok: true });
  });
});
