/**
 * Partial cash out on both drivers: a part is one ledger row and one coupon_sells row, the coupon
 * runs on with the stake and potential payout of domain/coupon/sell.ts partialSell, is settled or
 * sold whole later, cannot be cancelled, and racing parts never pay more than the offer confirmed.
 */
import { describe, expect, it } from 'vitest';
import type { CouponDetailReply } from '../../domain/protocol/coupons.ts';
import { partialSell, SELL_MARGIN_PERMILLE, sellPrice } from '../../domain/coupon/sell.ts';
import { settleMatch } from '../../server/settlement/settle-match.ts';
import { bookFigures } from '../../server/trading/liability.ts';
import { drivers, pickOf, snapshot, tipOf as tip, useFootballMatches, useHarness, type Pick } from './harness.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('partial cash out on %s', (driver) => {
  const h = useHarness(driver);
  const takeMatch = useFootballMatches(h, 6);

  async function place(cookie: string, picks: Pick[], stake: number): Promise<number> {
    const res = await h.call('createCoupon', {
      ticketType: picks.length === 1 ? 'TK' : 'KK', oddChangeOk: true, systemTickets: [], totalStake: stake, ticketStake: stake, tips: picks.map((p) => tip(p)),
    }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ ticketId: number }>().ticketId;
  }
  const balance = async (userId: number) => (await snapshot(h.db, userId)).balance;
  const detail = async (cookie: string, ticketId: number) => (await h.call('getCouponDetail', { ticketId }, { cookie })).json<CouponDetailReply>();
  const row = async (id: number) => (await h.db.query<{ ticket_stake: string | number; total_stake: string | number; max_pay: string | number; status: number; income: string | number }>(
    'select ticket_stake, total_stake, max_pay, status, income from coupons where id = $1', [id]))[0]!;
  const setOdd = (p: Pick, odd: number) => h.db.query(
    `update outcomes o set odd = $4 from odds_groups g where o.group_id = g.id and g.match_id = $1 and g.odds_type = $2 and o.outcome_id = $3`,
    [p.mid, p.oddsType, p.outcomeId, odd],
  );

  it('takes a part: paid through the ledger, the coupon runs on reduced, listed in detail and history, settled on the rest', async () => {
    const u = await h.player('part');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    const before = await row(id);
    const offer = (await detail(u.cookie, id)).sellType.amount;
    expect(offer).toBe(900);
    const expected = partialSell({ offer, part: 300, ticketStake: 1_000, totalStake: 1_000, maxPay: Number(before.max_pay) });
    if (!expected.ok || expected.whole) throw new Error('a part of 300 of 900 is a partial sale');

    const res = await h.call('sellCoupon', { ticketId: id, amount: offer, part: 300 }, { cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, amount: offer, part: 300, whole: false });
    expect(await balance(u.id)).toBe(99_000 + 300);
    const after = await row(id);
    expect({ stake: Number(after.ticket_stake), total: Number(after.total_stake), maxPay: Number(after.max_pay), status: after.status })
      .toEqual({ stake: expected.ticketStake, total: expected.totalStake, maxPay: expected.maxPay, status: 0 });
    expect(expected.ticketStake).toBe(666);
    // The book's liability follows the part: the outcome now risks the reduced stake and payout.
    const book = (await bookFigures(h.db)).filter((f) => f.matchId === p.mid && f.outcomeId === p.outcomeId && f.oddsType === p.oddsType);
    expect(book.map((f) => [f.singleStake, f.singlePay, f.tips])).toEqual([[666, expected.maxPay, 1]]);

    const d = await detail(u.cookie, id);
    expect(d.coupon.result).toMatchObject({ status: 0, totalStake: 666, cashedOut: 300, canceled: 0 });
    expect(d.sells).toEqual([{ amount: 300, offer, stakeBefore: 1_000, stakeAfter: 666, whole: false, auto: false, date: new Date(h.clock.now).toISOString() }]);
    // The rest's offer is priced on the reduced coupon and with the part is not above the first offer.
    const rest = sellPrice({ ticketStake: 666, tips: [{ placedOdd: p.odd, currentOdd: p.odd, outcome: 'open' }], bonusPercent: 0, maxPay: expected.maxPay, marginPermille: SELL_MARGIN_PERMILLE });
    expect(d.sellType.amount).toBe(rest.amount);
    expect(300 + d.sellType.amount).toBeLessThanOrEqual(offer);
    const list = (await h.call('couponList', {}, { cookie: u.cookie })).json<{ results: Array<{ ticketId: number; cashedOut: number }> }>();
    expect(list.results.find((c) => c.ticketId === id)?.cashedOut).toBe(300);
    // No cancel once a part was sold.
    const cancel = await h.call('cancelCoupon', { ticketId: id }, { cookie: u.cookie });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ status: false });

    // The rest is settled as any coupon: it wins on its reduced stake.
    await settleMatch(h.db, p.mid, { ft: { h: 2, a: 0 }, ht: { h: 1, a: 0 } }, h.clock.now);
    const won = await row(id);
    expect(won.status).toBe(1);
    expect(Number(won.income)).toBe(Math.min(Math.floor(666 * p.odd / 1000), expected.maxPay));
    expect(await balance(u.id)).toBe(99_000 + 300 + Number(won.income));
    const ledger = await h.db.query<{ kind: string; amount: string | number }>(`select kind, amount from ledger where ref_type = 'coupon' and ref_id = $1 order by id`, [id]);
    expect(ledger.map((l) => [l.kind, Number(l.amount)])).toEqual([['bet', -1_000], ['sell', 300], ['win', Number(won.income)]]);
  });

  it('a part, an odds move, then the whole rest: two ledger rows, income the sum, status sold', async () => {
    const u = await h.player('partwhole');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 2_000);
    const offer = (await detail(u.cookie, id)).sellType.amount;
    expect((await h.call('sellCoupon', { ticketId: id, amount: offer, part: 500 }, { cookie: u.cookie })).statusCode).toBe(200);
    await setOdd(p, Math.max(1_010, p.odd - 200));
    const d = await detail(u.cookie, id);
    const rest = d.sellType.amount;
    expect(rest).toBeGreaterThan(0);
    const res = await h.call('sellCoupon', { ticketId: id, amount: rest, part: rest }, { cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ whole: true, part: rest });
    const done = await row(id);
    expect(done.status).toBe(2);
    expect(Number(done.income)).toBe(500 + rest);
    expect(await balance(u.id)).toBe(98_000 + 500 + rest);
    const sells = (await detail(u.cookie, id)).sells!;
    expect(sells.map((s) => [s.amount, s.whole])).toEqual([[500, false], [rest, true]]);
  });

  it('refuses a part below the minimum, above the offer, leaving too little, or against a moved price', async () => {
    const u = await h.player('partbad');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    const offer = (await detail(u.cookie, id)).sellType.amount;
    for (const part of [50, offer + 1, offer - 50]) {
      const r = await h.call('sellCoupon', { ticketId: id, amount: offer, part }, { cookie: u.cookie });
      expect(r.statusCode, `part ${part}`).toBe(422);
      expect(r.json()).toMatchObject({ status: false, amount: offer });
    }
    expect((await h.call('sellCoupon', { ticketId: id, amount: offer, part: -5 }, { cookie: u.cookie })).statusCode).toBe(400);
    const moved = await h.call('sellCoupon', { ticketId: id, amount: offer + 7, part: 200 }, { cookie: u.cookie });
    expect(moved.statusCode).toBe(409);
    expect(await balance(u.id)).toBe(99_000);
    expect(await h.db.query('select 1 from coupon_sells where coupon_id = $1', [id])).toHaveLength(0);
  });

  it('racing parts against the same confirmed offer: one is paid, the others see the new price', async () => {
    const u = await h.player('partrace');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 5_000);
    const offer = (await detail(u.cookie, id)).sellType.amount;
    const replies = await Promise.all(Array.from({ length: 6 }, () => h.call('sellCoupon', { ticketId: id, amount: offer, part: 1_000 }, { cookie: u.cookie })));
    const paid = replies.filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200)) expect(r.statusCode).toBe(409);
    expect(await balance(u.id)).toBe(95_000 + 1_000);
    const sells = await h.db.query<{ n: number }>(`select count(*)::int as n from ledger where ref_type = 'coupon' and ref_id = $1 and kind = 'sell'`, [id]);
    expect(sells[0]!.n).toBe(1);
  });
});
