import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createCoreApi, type CoreApi } from './api.ts';
import { CoreDb } from './cache/db.ts';
import type { CoreEvent, Notice, SlipView } from './events.ts';
import { browserFetch, SEED_NOW, useCoreServer, type NetSwitches } from './test-server.test-util.ts';

// The worker core against the real server (PGlite in memory): the same code the browser runs,
// with Node's fetch, a cookie jar standing in for the browser's, and fake-indexeddb for Dexie.
const NOW = SEED_NOW;
let clock = NOW;
const server = useCoreServer({ clock: () => clock });

function makeCore(name: string, net: NetSwitches = { down: false, loseReply: false }) {
  const events: CoreEvent[] = [];
  let n = 0;
  const core: CoreApi = createCoreApi({ fetch: browserFetch(server, net), db: new CoreDb(name), clock: () => clock, uuid: () => `${name}-${++n}` });
  core.subscribe((e) => events.push(e));
  const slip = (): SlipView => [...events].reverse().find((e) => e.type === 'slip-changed')!.payload as SlipView;
  const notices = (): Notice[] => events.filter((e) => e.type === 'notice').map((e) => e.payload as Notice);
  return { core, events, slip, notices, net };
}

async function firstOdd(core: CoreApi) {
  const home = await core.home();
  const match = home.sports[0]!.matches[0]!;
  return { match, odd: match.odds.find((o) => o.open)! };
}

const couponCount = async () => (await server.db.query<{ n: number }>('select count(*)::int as n from coupons'))[0]!.n;

describe('worker core against the real server', () => {
  it('lists Home grouped by sport, at most 5 matches each, with formatted odds', async () => {
    const { core } = makeCore('home');
    await core.init('tr');
    const home = await core.home();
    expect(home.offline).toBe(false);
    expect(home.sports.length).toBeGreaterThan(5);
    for (const s of home.sports) expect(s.matches.length).toBeLessThanOrEqual(5);
    const odd = home.sports[0]!.matches[0]!.odds[0]!;
    expect(odd.price).toMatch(/^\d+(\.\d{1,3})?$/);
  });

  it('toggles an odd on and off the slip, with the summary computed by domain/betslip', async () => {
    const { core, slip } = makeCore('toggle');
    await core.init('tr');
    const { match, odd } = await firstOdd(core);
    await core.toggleOdd(match.id, odd.oddsid, odd.oddid);
    expect(slip().entries.map((e) => e.key)).toEqual([odd.key]);
    expect(slip().summary.couponType).toBe('TK');
    expect(slip().summary.totalOddsText).toBe(odd.price);
    await core.setStakeText('10');
    expect(slip().summary.totalAmount).toBe(1000);
    await core.toggleOdd(match.id, odd.oddsid, odd.oddid);
    expect(slip().entries).toEqual([]);
    expect(slip().summary.couponType).toBe('none');
  });

  it('keeps the slip in IndexedDB and drops entries older than 5 minutes on load', async () => {
    const first = makeCore('persist');
    await first.core.init('tr');
    const { match, odd } = await firstOdd(first.core);
    await first.core.toggleOdd(match.id, odd.oddsid, odd.oddid);

    const again = makeCore('persist');
    await again.core.init('tr');
    expect(again.slip().entries.map((e) => e.key)).toEqual([odd.key]);

    clock += 5 * 60_000 + 1;
    const later = makeCore('persist');
    await later.core.init('tr');
    expect(later.slip().entries).toEqual([]);
    clock = NOW;
  });

  it('asks a visitor to log in, then places the coupon and refreshes the balance', async () => {
    const { core, slip, notices, events } = makeCore('create');
    await core.init('tr');
    const { match, odd } = await firstOdd(core);
    await core.toggleOdd(match.id, odd.oddsid, odd.oddid);
    await core.setStakeText('10');
    expect(await core.createCoupon()).toBe('needLogin');

    expect((await core.login('demo', 'wrong-pass')).ok).toBe(false);
    expect((await core.login('demo', 'demo1234')).ok).toBe(true);
    const before = (await core.session())!.credit;
    const created = await core.createCoupon();
    expect(created).toBe('created');
    expect(notices().map((n) => n.status)).toEqual([5, 1]);
    expect(notices()[1]!.text).toBe('Tebrikler! Kupon Başarılı Bir Şekilde Oluşturuldu.');
    expect(slip().entries).toEqual([]);
    expect(slip().lastTicketId).toBeGreaterThan(0);
    await expect.poll(async () => (await core.session())!.credit).toBe(before - 1000);
    const list = await core.couponList();
    expect(list.results[0]).toMatchObject({ ticketId: slip().lastTicketId, totalStake: 1000, tone: 'waiting', kindShown: 'single' });
    expect(events.some((e) => e.type === 'session' && e.payload?.userName === 'demo')).toBe(true);
  });

  it('retries a coupon whose reply was lost with the same Idempotency-Key: one coupon, one debit', async () => {
    const { core, notices, net } = makeCore('retry');
    await core.init('tr');
    expect((await core.login('ayse', 'ayse1234')).ok).toBe(true);
    const { match, odd } = await firstOdd(core);
    await core.toggleOdd(match.id, odd.oddsid, odd.oddid);
    const coupons = await couponCount();

    net.loseReply = true;
    expect(await core.createCoupon()).toBe('failed');
    expect(notices().at(-1)).toMatchObject({ status: 2, key: 'networkError' });
    net.loseReply = false;
    expect(await core.createCoupon()).toBe('created');
    expect(await couponCount()).toBe(coupons + 1);
    const [row] = await server.db.query<{ n: number }>(`select count(*)::int as n from ledger l join users u on u.id = l.user_id where u.username = 'ayse' and l.kind = 'bet'`);
    expect(row!.n).toBe(1);
  });

  it('applies changed odds to the slip when the server refuses them', async () => {
    const { core, slip, notices } = makeCore('changed');
    await core.init('tr');
    expect((await core.login('mehmet', 'mehmet1234')).ok).toBe(true);
    const { match, odd } = await firstOdd(core);
    await core.toggleOdd(match.id, odd.oddsid, odd.oddid);
    await core.setOddsChange('none');
    await server.db.query('update outcomes set odd = odd + 50 where id = $1', [odd.oddid]);
    const [{ odd: newOdd }] = await server.db.query<{ odd: number }>('select odd from outcomes where id = $1', [odd.oddid]) as [{ odd: number }];

    expect(await core.createCoupon()).toBe('failed');
    expect(notices().at(-1)!.status).toBe(4);
    expect(slip().entries[0]!.selection.odd).toBe(newOdd);
    expect(await core.createCoupon()).toBe('created');
    await server.db.query('update outcomes set odd = odd - 50 where id = $1', [odd.oddid]);
  });

  it('answers Home from IndexedDB when the network is down (offline reading)', async () => {
    const net = { down: false, loseReply: false };
    const { core } = makeCore('offline', net);
    await core.init('tr');
    const online = await core.home();
    net.down = true;
    const offline = await core.home();
    expect(offline.offline).toBe(true);
    expect(offline.sports.map((s) => s.matches.map((m) => m.id))).toEqual(online.sports.map((s) => s.matches.map((m) => m.id)));
  });
});
