/**
 * The coupon's life after placement on both drivers: list filters and paging, detail
 * with the sell offer, sell (and its races with settlement and with itself), cancel and its
 * refusals, the print page and the public share calls. Money is checked in the ledger.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CouponDetailReply, CouponItem } from '../../domain/protocol/coupons.ts';
import { sellPrice } from '../../domain/coupon/sell.ts';
import { settleMatch } from '../../server/settlement/settle-match.ts';
import { CANCEL_BEFORE_KICKOFF_MS, SELL_MARGIN_PERMILLE } from '../../server/betting-lifecycle/rules.ts';
import { drivers, pickOf, snapshot, tipOf as tip, useFootballMatches, useHarness, type Pick } from './harness.ts';
import type { FastifyInstance } from 'fastify';
import { LiveState } from '../../server/feed/live-state.ts';
import { fixtureMatch } from '../../server/feed/test-fixtures.ts';
import { matchLineState, tipTone } from '../../domain/coupon/display.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('coupon lifecycle on %s', (driver) => {
  const h = useHarness(driver);
  /** Each test takes its own matches so results do not leak between tests. */
  const takeMatch = useFootballMatches(h, 20);

  async function place(cookie: string, picks: Pick[], stake: number, type?: 'TK' | 'KK' | 'CK'): Promise<number> {
    const res = await h.call('createCoupon', {
      ticketType: type ?? (picks.length === 1 ? 'TK' : 'KK'), oddChangeOk: true, systemTickets: [],
      totalStake: stake * (type === 'CK' ? picks.length : 1), ticketStake: stake, tips: picks.map((p) => tip(p)),
    }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ ticketId: number }>().ticketId;
  }
  const balance = async (userId: number) => (await snapshot(h.db, userId)).balance;
  const list = async (cookie: string, f: Record<string, unknown> = {}) =>
    (await h.call('couponList', f, { cookie })).json<{ status: boolean; results: CouponItem[]; totalCount: number }>();
  const detail = async (cookie: string, ticketId: number) => (await h.call('getCouponDetail', { ticketId }, { cookie })).json<CouponDetailReply>();

  it('lists with status, type and date filters, 25 a page by default, newest first', async () => {
    const u = await h.player('list');
    const ms = [takeMatch(), takeMatch(), takeMatch()];
    const a = pickOf(ms[0]!);
    const b = pickOf(ms[1]!);
    const ids: number[] = [];
    // Nine different picks three times each: the same coupon may be made only so often.
    for (let i = 0; i < 27; i++) ids.push(await place(u.cookie, [pickOf(ms[i % 3]!, 1 + (Math.floor(i / 3) % 3))], 100 + i));
    const kk = await place(u.cookie, [a, b], 100);
    const all = await list(u.cookie);
    expect(all.totalCount).toBe(28);
    expect(all.results).toHaveLength(25);
    expect(all.results[0]!.ticketId).toBe(kk);
    const page2 = await list(u.cookie, { order: 25 });
    expect(page2.results.map((c) => c.ticketId)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await list(u.cookie, { couponType: 0 })).results.map((c) => c.ticketId)).toEqual([kk]);
    expect((await list(u.cookie, { couponType: 3 })).totalCount).toBe(27);
    expect((await list(u.cookie, { couponType: 1 })).totalCount).toBe(0);
    await h.call('cancelCoupon', { ticketId: ids[0] }, { cookie: u.cookie });
    expect((await list(u.cookie, { status: -2 })).results.map((c) => c.ticketId)).toEqual([ids[0]]);
    expect((await list(u.cookie, { status: 0 })).totalCount).toBe(27);
    // A range that ends before today holds none of them.
    const past = new Date(h.clock.now - 86_400_000).toISOString();
    expect((await list(u.cookie, { startDate: new Date(h.clock.now - 10 * 86_400_000).toISOString(), endDate: past })).totalCount).toBe(0);
    // The account badge asks for 10 waiting coupons.
    expect((await list(u.cookie, { status: 0, limit: 10 })).results).toHaveLength(10);
  });

  it('detail: summary, lines, the sell offer priced with sellPrice, and cancel offered', async () => {
    const u = await h.player('detail');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    const d = await detail(u.cookie, id);
    expect(d.status).toBe(true);
    expect(d.coupon.result).toMatchObject({ ticketId: id, status: 0, canceled: 1, totalTipps: 1 });
    expect(d.results[0]).toMatchObject({ matchId: p.mid, odds: p.odd, Results: '', outcome: '' });
    const expected = sellPrice({ ticketStake: 1_000, tips: [{ placedOdd: p.odd, currentOdd: p.odd, outcome: 'open' }], bonusPercent: 0, maxPay: 10 ** 9, marginPermille: SELL_MARGIN_PERMILLE });
    expect(d.sellType).toEqual({ status: true, msg: '', amount: expected.amount });
    expect(d.sellType.amount).toBe(900);
    // Not the owner: not found.
    const other = await h.player('other');
    expect((await h.call('getCouponDetail', { ticketId: id }, { cookie: other.cookie })).statusCode).toBe(404);
  });

  it('sells a waiting single: status 2, paid 1, pay date now, the price credited once', async () => {
    const u = await h.player('sell');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    const offer = (await detail(u.cookie, id)).sellType.amount;
    const wrong = await h.call('sellCoupon', { ticketId: id, amount: offer + 1 }, { cookie: u.cookie });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ status: false, amount: offer });
    const res = await h.call('sellCoupon', { ticketId: id, amount: offer }, { cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, amount: offer });
    const d = await detail(u.cookie, id);
    expect(d.coupon.result).toMatchObject({ status: 2, paid: 1, canceled: 0, income: offer, payDate: new Date(h.clock.now).toISOString() });
    expect(d.sellType.status).toBe(false);
    expect(await balance(u.id)).toBe(99_000 + offer);
    const again = await h.call('sellCoupon', { ticketId: id }, { cookie: u.cookie });
    expect(again.statusCode).toBe(409);
    // A result after the sale settles nothing.
    await settleMatch(h.db, p.mid, { ft: { h: 3, a: 0 }, ht: { h: 1, a: 0 } }, h.clock.now);
    expect(await balance(u.id)).toBe(99_000 + offer);
  });

  it('does not offer sell on a multiple (CK) coupon', async () => {
    const u = await h.player('ck');
    const m = takeMatch();
    const id = await place(u.cookie, [pickOf(m, 1), pickOf(m, 2)], 500, 'CK');
    const d = await detail(u.cookie, id);
    expect(d.sellType.status).toBe(false);
    expect((await h.call('sellCoupon', { ticketId: id }, { cookie: u.cookie })).statusCode).toBe(422);
  });

  it('a sell racing a settlement, or another sell, pays once', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await h.player(`race${round}`);
      const p = pickOf(takeMatch());
      const id = await place(u.cookie, [p], 1_000);
      const [s1, s2] = await Promise.all([
        h.call('sellCoupon', { ticketId: id }, { cookie: u.cookie }),
        h.call('sellCoupon', { ticketId: id }, { cookie: u.cookie }),
        settleMatch(h.db, p.mid, { ft: { h: 2, a: 1 }, ht: { h: 0, a: 0 } }, h.clock.now),
      ]);
      const sold = [s1, s2].filter((r) => r.statusCode === 200);
      expect(sold.length).toBeLessThanOrEqual(1);
      const rows = await h.db.query<{ kind: string }>(`select kind from ledger where ref_type = 'coupon' and ref_id = $1 and kind <> 'bet'`, [id]);
      expect(rows).toHaveLength(1);
      const [c] = await h.db.query<{ status: number }>('select status from coupons where id = $1', [id]);
      expect(c!.status).toBe(sold.length ? 2 : 1);
    }
  });

  it('cancels a waiting coupon with a refund; refuses after the cancel time and for a started match', async () => {
    const u = await h.player('cancel');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_500);
    expect(await balance(u.id)).toBe(98_500);
    const res = await h.call('cancelCoupon', { ticketId: id }, { cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
    expect(await balance(u.id)).toBe(100_000);
    const d = await detail(u.cookie, id);
    expect(d.coupon.result).toMatchObject({ status: -2, paid: 1, canceled: 0 });
    expect((await h.call('cancelCoupon', { ticketId: id }, { cookie: u.cookie })).statusCode).toBe(409);

    const late = await place(u.cookie, [p], 1_000);
    h.clock.now = p.matchDate - CANCEL_BEFORE_KICKOFF_MS + 1_000;
    expect((await detail(u.cookie, late)).coupon.result.canceled).toBe(0);
    const expired = await h.call('cancelCoupon', { ticketId: late }, { cookie: u.cookie });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ status: false, msg: 'Kupon iptal süresi doldu' });
    h.clock.now = p.matchDate + 60_000;
    const live = await h.call('cancelCoupon', { ticketId: late, lang: 'en' }, { cookie: u.cookie });
    expect(live.json()).toMatchObject({ status: false, msg: 'a live coupon cannot be cancelled' });
    expect(await balance(u.id)).toBe(99_000);
  });

  it('prints an 80 mm receipt for the owner only, with the date in the given time zone', async () => {
    const u = await h.player('print');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    const get = (cookie?: string, tz = 'Europe/Istanbul') => h.app.inject({ method: 'GET', url: `/ekol/user/printer/tr/${id}?timezone=${encodeURIComponent(tz)}`, headers: cookie ? { cookie } : {} });
    const res = await get(u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`data-testid="receipt-number">${id}<`);
    expect(res.body).toContain('size: 80mm');
    expect(res.body).not.toContain('receipt-terminal');
    expect(res.body).toContain('setTimeout');
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1];
    expect(res.body).toContain(`nonce="${nonce}"`);
    // 12:00 UTC is 15:00 in Istanbul.
    expect(res.body).toMatch(/data-testid="receipt-date">[^<]*15:00/);
    expect((await get(u.cookie, 'Not/AZone')).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(401);
    const other = await h.player('print2');
    expect((await get(other.cookie)).statusCode).toBe(404);
  });

  it('share: only the owner draws a random token; the public calls read by it alone and send nothing about the player', async () => {
    const u = await h.player('share');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    // A stranger counting ids up (with or without the owner's id, the old link's form) gets nothing.
    const stranger = await h.player('share2');
    for (const payload of [{ couponId: id, userId: u.id }, { couponId: id }, { ticketId: id, userId: String(u.id) }]) {
      expect((await h.call('shareCoupon', payload)).json()).toMatchObject({ status: false });
      expect((await h.call('ticketDetail', payload)).json()).toMatchObject({ status: false });
    }
    const strangerDraw = await h.call('couponShareToken', { ticketId: id }, { cookie: stranger.cookie });
    expect(strangerDraw.statusCode).toBe(404);
    expect(strangerDraw.json()).toMatchObject({ status: false, msg: expect.any(String) });
    expect((await h.call('couponShareToken', { ticketId: id })).json()).toMatchObject({ status: false });
    // The owner's call is idempotent: the same 128-bit token every time.
    const first = (await h.call('couponShareToken', { ticketId: id }, { cookie: u.cookie })).json<{ status: boolean; token: string }>();
    expect(first.status).toBe(true);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await h.call('couponShareToken', { ticketId: id }, { cookie: u.cookie })).json()).toMatchObject({ status: true, token: first.token });
    const res = await h.call('shareCoupon', { token: first.token });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ coupon: Record<string, unknown>; results: unknown[] }>();
    expect(body.coupon).toMatchObject({ ticketId: id, totalStake: 1_000 });
    expect(body.results).toHaveLength(1);
    expect(res.body).not.toMatch(/t_share|username|balance|credit|userId/i);
    expect((await h.call('ticketDetail', { token: first.token })).json()).toMatchObject({ status: true, coupon: { ticketId: id } });
    // A well-formed token that names nothing: 404 with the usual reply.
    const wrong = first.token.slice(0, 21) + (first.token.endsWith('A') ? 'B' : 'A');
    for (const name of ['shareCoupon', 'ticketDetail']) {
      const r = await h.call(name, { token: wrong });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ status: false, msg: expect.any(String) });
    }
  });
  // ------------------------------------------------------------ terminals, live sell, void lines

  async function terminal(prefix: string, credit = 100_000) {
    const u = await h.player(prefix, credit);
    await h.db.query(`update users set user_type = 'T', terminal_no = $2 where id = $1`, [u.id, `T-${u.id}`]);
    return u;
  }
  const cancelPrint = (cookie: string, ticketId: number, lang = 'en') => h.call('cancelCoupon', { ticketId, reason: 'print', lang }, { cookie });

  it('the demo terminal logs in as kiosk and userdata carries its type and terminal number', async () => {
    const cookie = await h.login('kiosk', 'kiosk1234');
    const me = (await h.call('userdata', {}, { cookie })).json<{ userType: string; terminalNo: string }>();
    expect(me).toMatchObject({ userType: 'T', terminalNo: 'T-001' });
    // Its receipts name the terminal; a player's do not.
    const id = await place(cookie, [pickOf(takeMatch())], 1_000);
    const receipt = await h.app.inject({ method: 'GET', url: `/ekol/user/printer/tr/${id}?timezone=UTC`, headers: { cookie } });
    expect(receipt.body).toContain('data-testid="receipt-terminal">T-001<');
    expect((await h.call('cancelCoupon', { ticketId: id }, { cookie })).statusCode).toBe(200);
    const demoUser = (await h.call('userdata', {}, { cookie: await h.login('demo', 'demo1234') })).json<{ userType: string; terminalNo: string }>();
    expect(demoUser).toMatchObject({ userType: 'U', terminalNo: '' });
  });

  it("a terminal's coupon that failed to print is cancelled and refunded, even inside the last 5 minutes before kick-off", async () => {
    const t = await terminal('kiosk');
    const p = pickOf(takeMatch());
    // Placed 2 minutes before kick-off: the normal cancel window is over.
    h.clock.now = p.matchDate - 2 * 60_000;
    const id = await place(t.cookie, [p], 2_000);
    expect(await balance(t.id)).toBe(98_000);
    const normal = await h.call('cancelCoupon', { ticketId: id, lang: 'en' }, { cookie: t.cookie });
    expect(normal.json()).toMatchObject({ status: false, msg: 'the coupon cancel time has expired' });
    h.clock.now += 5_000;
    const res = await cancelPrint(t.cookie, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, msg: 'the coupon could not be printed and was cancelled, the stake refunded', amount: 2_000 });
    expect(await balance(t.id)).toBe(100_000);
    expect((await detail(t.cookie, id)).coupon.result).toMatchObject({ status: -2, paid: 1 });
    // Once: a second print cancel finds it no longer waiting, and no second refund is made.
    expect((await cancelPrint(t.cookie, id)).statusCode).toBe(409);
    const refunds = await h.db.query(`select 1 from ledger where ref_type = 'coupon' and ref_id = $1 and kind = 'refund'`, [id]);
    expect(refunds).toHaveLength(1);
  });

  it('a print cancel is refused after 30 s, to players, and for another terminal\'s coupon', async () => {
    const t = await terminal('kiosk2');
    const p = pickOf(takeMatch());
    const id = await place(t.cookie, [p], 1_000);
    h.clock.now += 30_001;
    const late = await cancelPrint(t.cookie, id);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ status: false, msg: 'the coupon cancel time has expired' });

    const u = await h.player('noterm');
    const mine = await place(u.cookie, [pickOf(takeMatch())], 1_000);
    const refused = await cancelPrint(u.cookie, mine);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: false });
    const other = await terminal('kiosk3');
    expect((await cancelPrint(other.cookie, id)).statusCode).toBe(404);
    expect(await balance(t.id)).toBe(99_000);
    expect(await balance(u.id)).toBe(99_000);
  });

  describe('sell once the match started: priced from the live state', () => {
    let state: LiveState;
    let liveApp: FastifyInstance;
    const liveCall = (name: string, payload: unknown, cookie: string) =>
      liveApp.inject({ method: 'POST', url: `/api/${name}`, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(payload) });
    /** The live copy of a match, 1X2 at the given home price (or suspended, or stopped). */
    const goLive = (mid: number, home: number, over: { iss?: 0 | 1; bs?: 'started' | 'stopped' } = {}) => {
      const m = fixtureMatch(mid, 1, h.clock.now);
      const g = m.odds.find((x) => x.oddstype === 1)!;
      g.outcomes[0]!.odd = home;
      if (over.iss) g.iss = over.iss;
      if (over.bs) m.bs = over.bs;
      return m;
    };
    const price = (stake: number, placed: number, current: number) =>
      sellPrice({ ticketStake: stake, tips: [{ placedOdd: placed, currentOdd: current, outcome: 'open' }], bonusPercent: 0, maxPay: 10 ** 9, marginPermille: SELL_MARGIN_PERMILLE }).amount;

    beforeAll(async () => {
      state = new LiveState();
      liveApp = await h.buildApp({ live: state });
    });

    it('offers the sell at the live odd of the open tip, and not while it is suspended or the match stopped', async () => {
      const u = await h.player('livesell');
      const p = pickOf(takeMatch());
      const id = await place(u.cookie, [p], 1_000);
      h.clock.now = p.matchDate + 20 * 60_000;
      state.reset([goLive(p.mid, 1_600)]);
      const d = (await liveCall('getCouponDetail', { ticketId: id }, u.cookie)).json<CouponDetailReply>();
      expect(d.sellType).toEqual({ status: true, msg: '', amount: price(1_000, p.odd, 1_600) });

      state.reset([goLive(p.mid, 1_600, { iss: 1 })]);
      const suspended = (await liveCall('getCouponDetail', { ticketId: id, lang: 'en' }, u.cookie)).json<CouponDetailReply>();
      expect(suspended.sellType).toMatchObject({ status: false, reason: 'suspended', msg: 'odds of a match on the coupon are suspended: it cannot be sold now' });
      const sell = await liveCall('sellCoupon', { ticketId: id, lang: 'en' }, u.cookie);
      expect(sell.statusCode).toBe(422);
      expect(sell.json()).toMatchObject({ status: false, msg: 'odds of a match on the coupon are suspended: it cannot be sold now' });

      state.reset([goLive(p.mid, 1_600, { bs: 'stopped' })]);
      expect((await liveCall('getCouponDetail', { ticketId: id }, u.cookie)).json<CouponDetailReply>().sellType).toMatchObject({ status: false, reason: 'suspended' });
      // The match left the live state (and has no result yet): nothing to price it with.
      state.reset([]);
      expect((await liveCall('getCouponDetail', { ticketId: id }, u.cookie)).json<CouponDetailReply>().sellType).toMatchObject({ status: false, reason: 'suspended' });
      expect(await balance(u.id)).toBe(99_000);
    });

    it('an odds change between the quote and the sell: refused with the new amount, then paid at it', async () => {
      const u = await h.player('livemove');
      const p = pickOf(takeMatch());
      const id = await place(u.cookie, [p], 1_000);
      h.clock.now = p.matchDate + 30 * 60_000;
      state.reset([goLive(p.mid, 2_000)]);
      const quoted = (await liveCall('getCouponDetail', { ticketId: id }, u.cookie)).json<CouponDetailReply>().sellType.amount;
      state.reset([goLive(p.mid, 1_400)]);
      const moved = price(1_000, p.odd, 1_400);
      expect(moved).not.toBe(quoted);
      const stale = await liveCall('sellCoupon', { ticketId: id, amount: quoted }, u.cookie);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ status: false, amount: moved });
      expect(await balance(u.id)).toBe(99_000);
      const ok = await liveCall('sellCoupon', { ticketId: id, amount: moved }, u.cookie);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await balance(u.id)).toBe(99_000 + moved);
    });

    it('sells racing odds changes never pay twice', async () => {
      const odds = [1_500, 1_700, 1_900, 2_300];
      for (let round = 0; round < 4; round++) {
        h.resetClock();
        const u = await h.player(`liverace${round}`);
        const p = pickOf(takeMatch());
        const id = await place(u.cookie, [p], 1_000);
        h.clock.now = p.matchDate + 10 * 60_000;
        state.reset([goLive(p.mid, odds[round]!)]);
        const quote = (await liveCall('getCouponDetail', { ticketId: id }, u.cookie)).json<CouponDetailReply>().sellType.amount;
        // The feed moves the odd every millisecond while sells at the quote, at no amount and at
        // another amount run at once.
        const feed = { moving: true };
        const mover = (async () => {
          for (let k = round + 1; feed.moving; k++) {
            state.reset([goLive(p.mid, odds[k % odds.length]!)]);
            await new Promise((r) => setTimeout(r, 1));
          }
        })();
        const calls: Array<Promise<{ statusCode: number; json: () => unknown }>> = [];
        for (let i = 0; i < 6; i++) {
          calls.push(liveCall('sellCoupon', { ticketId: id, ...(i % 3 === 0 ? { amount: quote } : i % 3 === 1 ? {} : { amount: quote + 1 }) }, u.cookie));
          await new Promise((r) => setTimeout(r, i));
        }
        const replies = await Promise.all(calls);
        feed.moving = false;
        await mover;
        const sold = replies.filter((r) => r.statusCode === 200);
        expect(sold).toHaveLength(1);
        const paid = (sold[0]!.json() as { amount: number }).amount;
        const rows = await h.db.query<{ amount: number }>(`select amount from ledger where ref_type = 'coupon' and ref_id = $1 and kind = 'sell'`, [id]);
        expect(rows.map((r) => Number(r.amount))).toEqual([paid]);
        expect(await balance(u.id)).toBe(99_000 + paid);
        const [c] = await h.db.query<{ status: number; income: number }>('select status, income from coupons where id = $1', [id]);
        expect({ status: c!.status, income: Number(c!.income) }).toEqual({ status: 2, income: paid });
        // A result after the sale pays nothing more.
        await settleMatch(h.db, p.mid, { ft: { h: 1, a: 0 }, ht: { h: 1, a: 0 } }, h.clock.now);
        expect(await balance(u.id)).toBe(99_000 + paid);
      }
    });
  });

  it('a void tip comes back with its outcome, so the line shows neutral, not won', async () => {
    const u = await h.player('void');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    await settleMatch(h.db, p.mid, { ft: { h: 0, a: 0 }, ht: { h: 0, a: 0 }, status: 'cancelled' }, h.clock.now);
    const line = (await detail(u.cookie, id)).results[0]!;
    expect(line).toMatchObject({ status: 2, outcome: 'void' });
    expect(matchLineState(line, h.clock.now)).toBe('void');
    expect(tipTone(line)).toBe('void');
  });
});
