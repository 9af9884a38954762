/**
 * The transaction of both drivers (server/db): on PostgreSQL BEGIN travels with the first statement
 * and COMMIT with the last (queryAndCommit), so what matters is that a transaction still commits
 * all or nothing; named statements run again and again; ledger_post_many (migration 120) moves
 * balances only with their ledger rows, never below zero, and all or none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, ledgerViolations, startHarness, type Harness } from './harness.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('database transactions on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(driver);
    await h.db.exec('create table tx_probe (id int primary key, note text not null)');
  });
  afterAll(async () => { await h?.close(); });

  const ids = async () => (await h.db.query<{ id: number }>('select id from tx_probe order by id')).map((r) => r.id);

  it('queryAndCommit commits every statement of the transaction and returns its rows', async () => {
    const out = await h.db.tx(async (q) => {
      await q.query('insert into tx_probe (id, note) values ($1, $2)', [1, 'a']);
      return q.queryAndCommit<{ id: number }>('insert into tx_probe (id, note) values ($1, $2) returning id', [2, 'b']);
    });
    expect(out).toEqual([{ id: 2 }]);
    expect(await ids()).toEqual([1, 2]);
  });

  it('a failing last statement rolls the whole transaction back and throws its error', async () => {
    await expect(h.db.tx(async (q) => {
      await q.query('insert into tx_probe (id, note) values ($1, $2)', [3, 'c']);
      return q.queryAndCommit('insert into tx_probe (id, note) values ($1, $2)', [1, 'duplicate id']);
    })).rejects.toThrow(/duplicate key/);
    expect(await ids()).toEqual([1, 2]);
    // the connection is clean afterwards
    await h.db.tx(async (q) => { await q.query('insert into tx_probe (id, note) values ($1, $2)', [4, 'd']); });
    expect(await ids()).toEqual([1, 2, 4]);
  });

  it('a throw after the first statement (sent together with BEGIN) rolls it back', async () => {
    await expect(h.db.tx(async (q) => {
      await q.query('insert into tx_probe (id, note) values ($1, $2)', [5, 'e']);
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(await ids()).toEqual([1, 2, 4]);
  });

  it('runs a named statement many times, in and out of transactions', async () => {
    const named = { name: 'tx_probe_note', text: 'select note from tx_probe where id = $1' };
    for (let i = 0; i < 8; i++) {
      expect(await h.db.query<{ note: string }>(named, [1])).toEqual([{ note: 'a' }]);
      expect(await h.db.tx((q) => q.queryAndCommit<{ note: string }>(named, [2]))).toEqual([{ note: 'b' }]);
    }
  });

  it('ledger_post_many debits with a ledger row each and refuses to go below zero (SQLSTATE BT001)', async () => {
    const u = await h.addUser('ledgerpost', 1_000);
    const v = await h.addUser('ledgerpost2', 5_000);
    const post = (users: number[], amounts: number[]) => h.db.tx((q) => q.queryAndCommit(
      `select ledger_post_many($1::int[], $2::int8[], 'bet', 'test', $3::bigint[])`, [users, amounts, users.map((_, i) => 70 + i)]));
    await post([u.id, v.id], [-600, -2_000]);
    // one move that cannot be made refuses them all: v keeps 3,000
    const err = await post([v.id, u.id], [-1_000, -600]).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('BT001');
    // one move per user, and no zero amount
    await expect(post([v.id, v.id], [-1, -1])).rejects.toThrow(/one move per user/);
    await expect(post([v.id], [0])).rejects.toThrow(/non-zero/);
    const balances = await h.db.query<{ balance: number }>('select balance from wallets where user_id = any($1::int[]) order by user_id', [[u.id, v.id]]);
    expect(balances.map((w) => Number(w.balance))).toEqual([400, 3_000]);
    const rows = await h.db.query<{ user_id: number; amount: number; balance_after: number; ref_id: number }>(
      `select user_id, amount, balance_after, ref_id from ledger where user_id = any($1::int[]) and kind = 'bet' order by id`, [[u.id, v.id]]);
    expect(rows.map((r) => [r.user_id, Number(r.amount), Number(r.balance_after), Number(r.ref_id)])).toEqual([[u.id, -600, 400, 70], [v.id, -2_000, 3_000, 71]]);
    expect(await ledgerViolations(h.db)).toEqual([]);
  });
});
