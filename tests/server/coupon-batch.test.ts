/**
 * createCoupon's placement queue (server/betting/placement-queue.ts) on both drivers: placements
 * of several players that arrive together share one transaction, and each still gets exactly the
 * answer it would get alone: placed, refused with its own reason (its Idempotency-Key given back),
 * or the first reply of its key. A batch whose transaction fails places each coupon alone.
 */
import { describe, expect, it } from 'vitest';
import { drivers, ledgerViolations, pickOf, tipOf, useFootballMatches, useHarness, type Pick } from './harness.ts';
import { placementRequest, type CreateCouponReply } from '../../server/betting/create-coupon.ts';
import { createPlacementQueue } from '../../server/betting/placement-queue.ts';
import { CallError } from '../../server/http/call.ts';
import type { CreateCouponPayload } from '../../domain/protocol/calls.ts';
import type { Db, TxQueryable } from '../../server/db/client.ts';

const DRIVERS = await drivers();

const single = (p: Pick, stake: number): CreateCouponPayload => ({
  lang: 'tr', ticketType: 'TK', oddChangeOk: false, systemTickets: [], totalStake: stake, ticketStake: stake, tips: [tipOf(p)],
} as CreateCouponPayload);

type Settled = { reply: CreateCouponReply } | { refused: string };

describe.each(DRIVERS)('coupon placement queue on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  const nextMatch = useFootballMatches(h, 6);

  /** Places through the queue; a refusal becomes its message key. */
  const settle = (p: Promise<CreateCouponReply>): Promise<Settled> =>
    p.then((reply) => ({ reply }), (err: unknown) => {
      if (err instanceof CallError) return { refused: err.key };
      throw err;
    });

  /** A player's balance, coupons and ledger rows (the harness snapshot counts everyone's rows). */
  const mine = async (userId: number) => {
    const [row] = await h.db.query<{ balance: number; coupons: number; ledger: number }>(
      `select (select balance from wallets where user_id = $1) as balance,
              (select count(*)::int from coupons where user_id = $1) as coupons,
              (select count(*)::int from ledger where user_id = $1) as ledger`, [userId]);
    return row!;
  };

  /** How many transactions wrote these coupons (PostgreSQL's xmin: the id of the writing transaction). */
  const transactionsOf = async (ids: number[]) => {
    const [row] = await h.db.query<{ n: number }>('select count(distinct xmin::text)::int as n from coupons where id = any($1::bigint[])', [ids]);
    return row!.n;
  };

  it('30 players at once: one transaction for the batch, and each placement answered as if alone', async () => {
    const queue = createPlacementQueue(h.db, { maxInFlight: 1, maxBatch: 32 });
    const picks = [pickOf(nextMatch()), pickOf(nextMatch(), 2), pickOf(nextMatch(), 3)];
    const ctx = (userId: number, key: string) => ({ userId, now: h.clock.now, lang: 'tr', idempotencyKey: key });
    // 0, 1, 2: placed; 3: cannot pay; 4: saw an old odd; 5: repeats a key that already placed a coupon
    const players = await Promise.all(Array.from({ length: 30 }, (_, i) => h.addUser(`qb${i}`, i % 6 === 3 ? 500 : 100_000)));
    const earlier = new Map<number, CreateCouponReply>();
    for (const [i, u] of players.entries()) {
      if (i % 6 === 5) earlier.set(i, await queue.place(placementRequest(single(picks[0]!, 1_000), ctx(u.id, `qb-${i}`))));
    }
    const before = await Promise.all(players.map((u) => mine(u.id)));

    // The first placement finds the queue idle and goes alone; the 29 behind it wait and go together.
    const settled = await Promise.all(players.map((u, i) => {
      const pick = i % 6 === 4 ? { ...picks[i % 3]!, odd: picks[i % 3]!.odd + 10 } : i % 6 === 5 ? picks[0]! : picks[i % 3]!;
      return settle(queue.place(placementRequest(single(pick, 1_000), ctx(u.id, `qb-${i}`))));
    }));

    const placed: number[] = [];
    for (const [i, s] of settled.entries()) {
      const u = players[i]!;
      const after = await mine(u.id);
      if (i % 6 === 3) {
        expect(s).toEqual({ refused: 'insufficientCredit' });
        expect(after).toEqual(before[i]);
      } else if (i % 6 === 4) {
        expect(s).toEqual({ refused: 'oddsChanged' });
        expect(after).toEqual(before[i]);
      } else if (i % 6 === 5) {
        expect(s).toEqual({ reply: earlier.get(i) });
        expect(after).toEqual(before[i]);
      } else {
        expect('reply' in s && s.reply.status).toBe(true);
        const id = 'reply' in s ? s.reply.ticketId : 0;
        if (i > 0) placed.push(id);
        expect(after.balance).toBe(before[i]!.balance - 1_000);
        const [c] = await h.db.query<{ user_id: number; total_stake: number }>('select user_id, total_stake from coupons where id = $1', [id]);
        expect(c).toEqual({ user_id: u.id, total_stake: 1_000 });
      }
      // A refused placement gave its key back: the player may use it for the next coupon.
      if (i % 6 === 3 || i % 6 === 4) {
        const keys = await h.db.query('select 1 from idempotency_keys where user_id = $1', [u.id]);
        expect(keys).toEqual([]);
      }
    }
    expect(placed).toHaveLength(14);
    expect(await transactionsOf(placed)).toBe(1);
    expect(await ledgerViolations(h.db)).toEqual([]);

    // The refused players' keys are free again.
    const again = await settle(queue.place(placementRequest(single(picks[1]!, 400), ctx(players[3]!.id, 'qb-3'))));
    expect('reply' in again && again.reply.status).toBe(true);
  });

  it('while a batch is in flight, another starts only with minBatchAlongside placements; fewer wait for the next', async () => {
    const pick = pickOf(nextMatch());
    const players = await Promise.all(Array.from({ length: 12 }, (_, i) => h.addUser(`qm${i}`, 100_000)));
    const placeAll = async (queue: ReturnType<typeof createPlacementQueue>, group: typeof players) => {
      const replies = await Promise.all(group.map((u) => queue.place(placementRequest(single(pick, 1_000), { userId: u.id, now: h.clock.now, lang: 'tr' }))));
      const [row] = await h.db.query<{ groups: number[][] }>(
        `select json_agg(ids order by first) as groups from (select json_agg(id order by id) as ids, min(id) as first from coupons where id = any($1::bigint[]) group by xmin::text) t`,
        [replies.map((r) => r.ticketId)]);
      // which placements shared a transaction (ids are drawn at commit, so a later batch may commit first)
      return row!.groups.map((ids) => ids.map((id) => replies.findIndex((r) => r.ticketId === Number(id))).sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);
    };
    // The first goes at once; the five behind it are too few to run alongside, so they go together after it.
    expect(await placeAll(createPlacementQueue(h.db, { maxInFlight: 2, minBatchAlongside: 8 }), players.slice(0, 6))).toEqual([[0], [1, 2, 3, 4, 5]]);
    // With two enough, the second and third run alongside the first; the rest wait for a free slot.
    expect(await placeAll(createPlacementQueue(h.db, { maxInFlight: 2, minBatchAlongside: 2 }), players.slice(6))).toEqual([[0], [1, 2], [3, 4, 5]]);
  });

  it('a batch whose transaction fails places each coupon alone: only the failing one is refused', async () => {
    const queue = createPlacementQueue(h.db, { maxInFlight: 1 });
    const pick = pickOf(nextMatch());
    // A database fault for one coupon only (a stake of 43.21), as a deadlock or a full disk would be.
    await h.db.exec(`
      create function test_fail_4321() returns trigger language plpgsql as $$
      begin if new.total_stake = 4321 then raise exception 'test fault'; end if; return new; end $$;
      create trigger test_fail_4321 before insert on coupons for each row execute function test_fail_4321();`);
    try {
      const players = await Promise.all(Array.from({ length: 8 }, (_, i) => h.addUser(`qf${i}`, 100_000)));
      const before = await Promise.all(players.map((u) => mine(u.id)));
      const settled = await Promise.all(players.map((u, i) => queue.place(placementRequest(single(pick, i === 5 ? 4_321 : 1_000), {
        userId: u.id, now: h.clock.now, lang: 'tr', idempotencyKey: `qf-${i}`,
      })).then((r) => r, (err: unknown) => err)));

      const ids: number[] = [];
      for (const [i, s] of settled.entries()) {
        const after = await mine(players[i]!.id);
        if (i === 5) {
          expect(s).toBeInstanceOf(Error);
          expect(String(s)).toContain('test fault');
          expect(after).toEqual(before[i]);
        } else {
          const reply = s as CreateCouponReply;
          expect(reply.status).toBe(true);
          if (i > 0) ids.push(reply.ticketId);
          expect(after.balance).toBe(before[i]!.balance - 1_000);
        }
      }
      // Placed alone after the batch rolled back: one transaction each.
      expect(await transactionsOf(ids)).toBe(6);
      expect(await ledgerViolations(h.db)).toEqual([]);
    } finally {
      await h.db.exec('drop trigger test_fail_4321 on coupons; drop function test_fail_4321();');
    }
  });

  it('a batch whose COMMIT reply is lost is placed again only under an Idempotency-Key: never a second coupon', async () => {
    const pick = pickOf(nextMatch());
    // The database: the second transaction (the batch of the two behind the first placement) is
    // carried out, then its reply is lost as a broken connection loses it.
    let txs = 0;
    const db: Db = Object.assign(Object.create(h.db) as Db, {
      tx: async <T>(fn: (q: TxQueryable) => Promise<T>): Promise<T> => {
        const out = await h.db.tx(fn);
        if (++txs === 2) throw new Error('Connection terminated unexpectedly');
        return out;
      },
    });
    const queue = createPlacementQueue(db, { maxInFlight: 1 });
    const [first, keyed, keyless] = await Promise.all([h.addUser('ql0', 100_000), h.addUser('ql1', 100_000), h.addUser('ql2', 100_000)]);
    const settled = await Promise.all([
      queue.place(placementRequest(single(pick, 1_000), { userId: first.id, now: h.clock.now, lang: 'tr' })),
      queue.place(placementRequest(single(pick, 1_000), { userId: keyed.id, now: h.clock.now, lang: 'tr', idempotencyKey: 'ql-0' })),
      queue.place(placementRequest(single(pick, 1_000), { userId: keyless.id, now: h.clock.now, lang: 'tr' })),
    ].map((p) => p.then((reply) => ({ reply }), (err: unknown) => ({ err }))));
    // the keyed one finds its first reply; the keyless one is told of the failure, not placed twice
    expect('reply' in settled[1]! && settled[1].reply.status).toBe(true);
    expect('err' in settled[2]! ? String(settled[2].err) : 'placed').toContain('Connection terminated');
    expect(txs).toBe(3);
    for (const u of [first, keyed, keyless]) {
      const after = await mine(u.id);
      expect(after.coupons).toBe(1);
      expect(after.balance).toBe(99_000);
    }
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it.runIf(driver === 'pg')('a wallet locked elsewhere fails its batch after the lock timeout; the others are placed alone at once, it waits alone', async () => {
    const pick = pickOf(nextMatch());
    const [first, stuck, other] = await Promise.all([h.addUser('qk0', 100_000), h.addUser('qk1', 100_000), h.addUser('qk2', 100_000)]);
    // Another session holds the stuck player's wallet until the test lets go.
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => { locked = r; });
    const holder = h.db.tx(async (q) => {
      await q.query('select 1 from wallets where user_id = $1 for update', [stuck.id]);
      locked();
      await gate;
    });
    await isLocked;
    try {
      const queue = createPlacementQueue(h.db, { maxInFlight: 1 });
      const order: string[] = [];
      const place = (name: string, userId: number) => queue.place(placementRequest(single(pick, 1_000), { userId, now: h.clock.now, lang: 'tr' }))
        .then((reply) => { order.push(`${name} placed`); return reply; }, (err: unknown) => { order.push(`${name} refused ${(err as { code?: string }).code}`); });
      // the first goes alone at once; the stuck and the other player then share a batch
      await Promise.all([place('first', first.id), place('stuck', stuck.id), place('other', other.id)]);
      expect(order).toEqual(['first placed', 'other placed', 'stuck refused 55P03']);
      expect((await mine(stuck.id)).coupons).toBe(0);
      expect((await mine(other.id)).balance).toBe(99_000);
    } finally {
      release();
      await holder;
    }
  }, 30_000);

  it('an overloaded queue refuses at once with a retry message and places nothing for it', async () => {
    const queue = createPlacementQueue(h.db, { maxInFlight: 1, maxWaiting: 2 });
    const pick = pickOf(nextMatch());
    const players = await Promise.all(Array.from({ length: 4 }, (_, i) => h.addUser(`qo${i}`, 100_000)));
    // The first goes to the database at once, the next two wait, the fourth finds the queue full.
    const settled = await Promise.all(players.map((u) => settle(queue.place(placementRequest(single(pick, 1_000), { userId: u.id, now: h.clock.now, lang: 'tr' })))));
    expect(settled.map((s) => 'reply' in s ? 'placed' : s.refused)).toEqual(['placed', 'placed', 'placed', 'tooManyRequests']);
    expect((await mine(players[3]!.id)).coupons).toBe(0);
  });
});
