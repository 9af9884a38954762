import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { settleMatch } from '../../../server/settlement/settle-match.ts';
import type { CouponItem } from '../../../domain/protocol/coupons.ts';
import { LiveState } from '../../../server/feed/live-state.ts';
import { fixtureGroup, fixtureMatch } from '../../../server/feed/test-fixtures.ts';
import { createCoreApi, type CoreApi } from '../api.ts';
import { CoreDb } from '../cache/db.ts';
import { browserFetch as serverFetch, SEED_NOW, useCoreServer } from '../test-server.test-util.ts';
import { filterKept, partRange, rowView } from './coupons-api.ts';

// The coupon history of the worker against the real server (PGlite in memory), with a switch
// that cuts the network to prove the history stays readable offline.
const NOW = SEED_NOW;
const net = { down: false };
/** The server's live state: a match it holds has started, and its tips are priced from it. */
const live = new LiveState();
const server = useCoreServer({ clock: () => NOW, live });
/** A browser-like fetch on the server, cut off by `net.down`. */
const browserFetch = () => serverFetch(server, net);

const item = (over: Partial<CouponItem>): CouponItem => ({
  id: 1, archived: 0, ticketId: 1, ticketDate: '2026-06-01T10:00:00.000Z', ticketType: 'TK', status: 0, totalTipps: 1, totalStake: 100,
  maxPay: 200, userMaxPay: 200, bonusPay: 0, income: 0, totalTickets: 1, systemCombi: '0', systemArray: [], paid: 0, payDate: null,
  canceled: 1, isLive: 0, single: 1, totalOdds: 2000, ...over,
});

describe('coupon views', () => {
  it('decides tone, kind, win display and the payment dash', () => {
    expect(rowView(item({}))).toMatchObject({ tone: 'waiting', kindShown: 'single', win: 'waiting', payment: null, totalOddsText: '2' });
    expect(rowView(item({ status: 1, income: 250 }))).toMatchObject({ tone: 'won', win: 'paid', payment: 250 });
    expect(rowView(item({ status: -1 }))).toMatchObject({ tone: 'lost', win: 'lost', payment: null });
    expect(rowView(item({ status: 2, income: 90, ticketType: 'KK', totalTipps: 2 }))).toMatchObject({ tone: 'won', kindShown: 'combine', payment: 90 });
    expect(rowView(item({ ticketType: 'SK', totalTipps: 3 })).kindShown).toBe('system');
  });

  it('filters and pages the kept set like the server', () => {
    const items = Array.from({ length: 30 }, (_, i) => item({ id: i + 1, ticketId: i + 1, ticketDate: new Date(NOW - i * 60_000).toISOString(), status: i % 3 === 0 ? -2 : 0, ticketType: i % 5 === 0 ? 'KK' : 'TK', totalTipps: i % 5 === 0 ? 2 : 1 }));
    const all = filterKept(items, { start: 0, end: NOW + 1, page: 0 });
    expect(all.totalCount).toBe(30);
    expect(all.results).toHaveLength(25);
    expect(all.results[0]!.id).toBe(1);
    expect(filterKept(items, { start: 0, end: NOW + 1, page: 1 }).results.map((c) => c.id)).toEqual([26, 27, 28, 29, 30]);
    expect(filterKept(items, { status: -2, start: 0, end: NOW + 1, page: 0 }).totalCount).toBe(10);
    expect(filterKept(items, { couponType: 0, start: 0, end: NOW + 1, page: 0 }).totalCount).toBe(6);
    expect(filterKept(items, { start: NOW - 5 * 60_000, end: NOW + 1, page: 0 }).totalCount).toBe(6);
  });
});

describe('partial cash out in the worker', () => {
  it('offers parts from the minimum up to the largest that leaves a sellable rest', () => {
    expect(partRange(900, { totalStake: 1000, maxPay: 2000 })).toEqual({ min: 100, max: 800 });
    // Below twice the minimum only the whole offer can be taken.
    expect(partRange(199, { totalStake: 1000, maxPay: 2000 })).toEqual({ min: 0, max: 0 });
    // A long shot: 100 staked now offered 90 000; the rest must keep at least one minor unit of stake.
    const r = partRange(90_000, { totalStake: 100, maxPay: 100_000 });
    expect(r.max).toBe(89_100);
  });
  it('sells a part through the worker: the detail shows the sale, the rest, and the new offer', async () => {
    const core = createCoreApi({ fetch: browserFetch(), db: new CoreDb('coupons-part'), clock: () => NOW, uuid: () => crypto.randomUUID() });
    await core.init('tr');
    expect((await core.login('ayse', 'ayse1234')).ok).toBe(true);
    const match = (await core.home()).sports[0]!.matches[1]!;
    const odd = match.odds.find((o) => o.open)!;
    await core.toggleOdd(match.id, odd.oddsid, odd.oddid);
    await core.setStakeText('20');
    expect(await core.createCoupon()).toBe('created');
    const id = (await core.couponList()).results[0]!.ticketId;
    const d = await core.couponDetail(id);
    expect(d.part.min).toBe(100);
    const preview = await core.sellPartPreview(d.sell.amount, 500, d.coupon!);
    expect(preview).toMatchObject({ ok: true, whole: false, paid: 500 });
    expect((await core.sellCoupon(id, d.sell.amount, 500)).ok).toBe(true);
    const after = await core.couponDetail(id);
    expect(after.sells).toMatchObject([{ amount: 500, whole: false, stakeBefore: 2000 }]);
    if (!preview.ok || preview.whole) throw new Error('a part');
    expect(after.coupon).toMatchObject({ status: 0, totalStake: preview.totalStake, maxPay: preview.maxPay, cashedOut: 500 });
    expect(after.cancel.offered).toBe(false);
  });
});

describe('coupon history through the worker', () => {
  let core: CoreApi;
  let ticketId = 0;

  beforeAll(async () => {
    core = createCoreApi({ fetch: browserFetch(), db: new CoreDb('coupons-history'), clock: () => NOW, uuid: () => crypto.randomUUID() });
    await core.init('tr');
    expect((await core.login('ayse', 'ayse1234')).ok).toBe(true);
    const home = await core.home();
    const match = home.sports[0]!.matches[0]!;
    const odd = match.odds.find((o) => o.open)!;
    await core.toggleOdd(match.id, odd.oddsid, odd.oddid);
    await core.setStakeText('10');
    expect(await core.createCoupon()).toBe('created');
    ticketId = (await core.couponList()).results[0]!.ticketId;
  });

  it('lists, details, and offers sell and cancel on a waiting single', async () => {
    const list = await core.couponList({ status: 0 });
    expect(list).toMatchObject({ page: 0, hasPrev: false, offline: false });
    expect(list.results[0]).toMatchObject({ ticketId, tone: 'waiting', kindShown: 'single' });
    expect(await core.openCouponsBadge()).toBe(String(list.totalCount > 9 ? '9+' : list.totalCount));
    const d = await core.couponDetail(ticketId);
    expect(d).toMatchObject({ found: true, offline: false, disabledReason: '', sell: { offered: true }, cancel: { offered: true } });
    expect(d.lines[0]).toMatchObject({ state: 'waiting', ft: '', ht: '' });
    expect((await core.couponDetail(999_999)).found).toBe(false);
  });

  it('reads the history and the detail offline, actions disabled with a reason', async () => {
    await core.couponDetail(ticketId);
    net.down = true;
    try {
      const list = await core.couponList({ status: 0 });
      expect(list.offline).toBe(true);
      expect(list.updatedAt).toBe(NOW);
      expect(list.results.map((c) => c.ticketId)).toContain(ticketId);
      expect((await core.couponList({ status: 1 })).results).toEqual([]);
      const d = await core.couponDetail(ticketId);
      expect(d).toMatchObject({ found: true, offline: true, disabledReason: 'offline' });
      expect(await core.cancelCoupon(ticketId)).toMatchObject({ ok: false, offline: true });
    } finally {
      net.down = false;
    }
  });

  it('re-creates a shared coupon on a visitor\'s slip at today\'s odds', async () => {
    const path = await core.shareCouponPath(ticketId);
    const token = path.split('/').pop()!;
    expect(path).toMatch(/^\/tr\/couponShare\/[A-Za-z0-9_-]{22}$/);
    const visitor = createCoreApi({ fetch: browserFetch(), db: new CoreDb('coupons-visitor'), clock: () => NOW, uuid: () => crypto.randomUUID() });
    const events: Array<{ type: string; payload: unknown }> = [];
    visitor.subscribe((e) => events.push(e));
    await visitor.init('tr');
    const shared = await visitor.sharedCoupon(token);
    expect(shared.found).toBe(true);
    expect(await visitor.recreateShared(token)).toEqual({ added: 1, unavailable: 0 });
    const slip = [...events].reverse().find((e) => e.type === 'slip-changed')!.payload as { entries: Array<{ selection: { matchId: number } }> };
    expect(slip.entries.map((e) => e.selection.matchId)).toEqual([shared.lines[0]!.matchId]);
    // Again: the pick is already on the slip, nothing changes.
    expect(await visitor.recreateShared(token)).toEqual({ added: 0, unavailable: 0 });
    expect((await visitor.sharedCoupon(String(ticketId).padStart(22, 'A'))).found).toBe(false);
  });

  it('shows the result on the line after settlement, and the payout', async () => {
    const d0 = await core.couponDetail(ticketId);
    const line = d0.lines[0]!;
    await settleMatch(server.db, line.matchId, { ft: { h: 0, a: 0 }, ht: { h: 0, a: 0 }, status: 'cancelled' }, NOW);
    const d = await core.couponDetail(ticketId);
    expect(d.coupon).toMatchObject({ status: 1, tone: 'won', win: 'paid', payment: 1000 });
    expect(d.lines[0]).toMatchObject({ state: 'void', tone: 'void', outcome: 'void', ft: '0:0', ht: '0:0' });
    expect(d.sell.offered).toBe(false);
    expect(d.cancel.offered).toBe(false);
  });
});

describe('a started match and a failed print, through the worker', () => {
  let kiosk: CoreApi;
  let ticketId = 0;

  beforeAll(async () => {
    kiosk = createCoreApi({ fetch: browserFetch(), db: new CoreDb('coupons-kiosk'), clock: () => NOW, uuid: () => crypto.randomUUID() });
    await kiosk.init('tr');
    expect((await kiosk.login('kiosk', 'kiosk1234')).ok).toBe(true);
    expect((await kiosk.session())?.userType).toBe('T');
    const home = await kiosk.home();
    const match = home.sports[0]!.matches[1]!;
    const odd = match.odds.find((o) => o.open)!;
    await kiosk.toggleOdd(match.id, odd.oddsid, odd.oddid);
    await kiosk.setStakeText('10');
    expect(await kiosk.createCoupon()).toBe('created');
    ticketId = (await kiosk.couponList()).results[0]!.ticketId;
  });

  it('prices the sell from the live odd, and says why there is none while it is suspended', async () => {
    const line = (await kiosk.couponDetail(ticketId)).lines[0]!;
    const started = (iss: 0 | 1) => {
      const m = fixtureMatch(line.matchId, 1, NOW);
      const g = fixtureGroup(line.matchId, line.oddsType, line.special, [1_500, 3_000, 4_000]);
      g.iss = iss;
      m.odds = [g];
      return m;
    };
    live.reset([started(1)]);
    try {
      const suspended = await kiosk.couponDetail(ticketId);
      expect(suspended.sell).toEqual({ offered: false, amount: 0, reason: 'Kupondaki bir maçın oranları askıda, kupon şu an bozdurulamaz' });
      live.reset([started(0)]);
      const open = await kiosk.couponDetail(ticketId);
      expect(open.sell.offered).toBe(true);
      expect(open.sell.amount).toBeGreaterThan(0);
      expect(open.sell.reason).toBeUndefined();
    } finally {
      live.reset([]);
    }
  });

  it('cancels the coupon on a terminal when its print failed; a player\'s coupon stands', async () => {
    const r = await kiosk.printFailed(ticketId);
    expect(r).toMatchObject({ ok: true, cancelled: true });
    expect((await kiosk.couponDetail(ticketId)).coupon).toMatchObject({ status: -2 });

    const player = createCoreApi({ fetch: browserFetch(), db: new CoreDb('coupons-player-print'), clock: () => NOW, uuid: () => crypto.randomUUID() });
    await player.init('tr');
    expect((await player.login('mehmet', 'mehmet1234')).ok).toBe(true);
    const home = await player.home();
    const match = home.sports[0]!.matches[2]!;
    const odd = match.odds.find((o) => o.open)!;
    await player.toggleOdd(match.id, odd.oddsid, odd.oddid);
    await player.setStakeText('10');
    expect(await player.createCoupon()).toBe('created');
    const id = (await player.couponList()).results[0]!.ticketId;
    expect(await player.printFailed(id)).toEqual({ ok: false, msg: '', cancelled: false });
    expect((await player.couponDetail(id)).coupon).toMatchObject({ status: 0 });
  });
});
