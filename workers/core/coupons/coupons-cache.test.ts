import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createCoreApi, type CoreApi } from '../api.ts';
import { CoreDb } from '../cache/db.ts';
import { browserFetch as serverFetch, SEED_NOW, useCoreServer } from '../test-server.test-util.ts';

// The kept coupon history is a player's private data (betting-core.md section 4): per user, only
// for the device's current player offline, and gone at logout. Real server, IndexedDB in memory.
const NOW = SEED_NOW;
const server = useCoreServer({ clock: () => NOW });

/** One device: its IndexedDB, its cookie jar and a network switch; a fresh worker per `start`. */
function device(name: string) {
  const db = new CoreDb(name);
  const net = { down: false };
  const fetch = serverFetch(server, net);
  const start = async (): Promise<CoreApi> => {
    const core = createCoreApi({ fetch, db, clock: () => NOW, uuid: () => crypto.randomUUID() });
    await core.init('tr');
    return core;
  };
  const keys = async () => (await db.kv.toCollection().primaryKeys()).filter((k) => k.startsWith('coupons:'));
  return { db, net, start, keys };
}

async function placeCoupon(core: CoreApi, nth: number): Promise<number> {
  const match = (await core.home()).sports.flatMap((s) => s.matches).filter((m) => m.odds.some((o) => o.open))[nth]!;
  const odd = match.odds.find((o) => o.open)!;
  await core.toggleOdd(match.id, odd.oddsid, odd.oddid);
  await core.setStakeText('10');
  expect(await core.createCoupon()).toBe('created');
  return (await core.couponList()).results[0]!.ticketId;
}

const offline = async <T>(d: { net: { down: boolean } }, fn: () => Promise<T>): Promise<T> => {
  d.net.down = true;
  try { return await fn(); } finally { d.net.down = false; }
};

describe('the kept coupon history is private', () => {
  it('is forgotten at logout: a visitor offline sees no coupons of the player', async () => {
    const d = device('coupons-private-logout');
    const core = await d.start();
    expect((await core.login('ayse', 'ayse1234')).ok).toBe(true);
    const id = await placeCoupon(core, 3);
    await core.couponDetail(id);
    expect((await d.keys()).length).toBeGreaterThan(1);
    // Kept, readable offline while she is logged in.
    expect((await offline(d, () => core.couponList())).results.map((c) => c.ticketId)).toContain(id);
    await core.logout();
    expect(await d.keys()).toEqual([]);
    await offline(d, async () => {
      expect(await core.couponsAccess()).toBe('none');
      expect((await core.couponList()).results).toEqual([]);
      expect((await core.couponDetail(id)).found).toBe(false);
      // A worker started later on the device (offline) finds nothing either.
      const later = await d.start();
      expect(await later.couponsAccess()).toBe('none');
    });
  });

  it('keeps each player apart: another player on the device never reads or merges into the first one\'s', async () => {
    const d = device('coupons-private-switch');
    const a = await d.start();
    expect((await a.login('ayse', 'ayse1234')).ok).toBe(true);
    const aId = await placeCoupon(a, 4);
    await a.couponDetail(aId);
    const aUser = (await a.session())!.userId;

    // Mehmet logs in on the same device without Ayşe logging out (her session simply ended).
    expect((await a.login('mehmet', 'mehmet1234')).ok).toBe(true);
    const bUser = (await a.session())!.userId;
    expect(bUser).not.toBe(aUser);
    const bId = await placeCoupon(a, 5);
    await a.couponDetail(bId);
    const keys = await d.keys();
    expect(keys.some((k) => k.startsWith(`coupons:${aUser}:`))).toBe(false);
    expect(keys).toContain(`coupons:${bUser}:items`);
    expect(keys).toContain(`coupons:${bUser}:detail:${bId}`);

    await offline(d, async () => {
      const list = (await a.couponList()).results.map((c) => c.ticketId);
      expect(list).toContain(bId);
      expect(list).not.toContain(aId);
      expect((await a.couponDetail(aId)).found).toBe(false);
      // A fresh worker offline (no session known) reads only the device's current player's history.
      const later = await d.start();
      expect(await later.couponsAccess()).toBe('offline');
      const rows = (await later.couponList()).results.map((c) => c.ticketId);
      expect(rows).toContain(bId);
      expect(rows).not.toContain(aId);
      expect((await later.couponDetail(bId)).found).toBe(true);
    });
  });

  it('is forgotten when the server says nobody is logged in (session gone elsewhere)', async () => {
    const d = device('coupons-private-expired');
    const core = await d.start();
    expect((await core.login('mehmet', 'mehmet1234')).ok).toBe(true);
    await core.couponList();
    expect((await d.keys()).length).toBeGreaterThan(0);
    // The session ends on the server (e.g. logged out on the server's side).
    const uid = (await core.session())!.userId;
    await server.db.query('delete from sessions where user_id = $1', [uid]);
    const next = await d.start();
    expect(await next.session()).toBeNull();
    expect(await d.keys()).toEqual([]);
    expect(await offline(d, () => next.couponsAccess())).toBe('none');
  });
});
