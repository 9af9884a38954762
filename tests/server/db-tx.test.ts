/**
 * The transaction of both drivers (server/db): on PostgreSQL BEGIN travels with the first statement
 * and COMMIT with the last (queryAndCommit), so what matters is that a transaction still commits
 * all or nothing; named statements run again and again; ledger_post (migration 080) moves a balance
 * only with its ledger row and never below zero.
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

  it('ledger_post debits with its ledger row and refuses to go below zero (SQLSTATE BT001)', async () => {
    const u = await h.addUser('ledgerpost', 1_000);
    await h.db.tx((q) => q.queryAndCommit(`select ledger_post($1, -600, 'bet', 'test', null)`, [u.id]));
    const err = await h.db.tx((q) => q.queryAndCommit(`select ledger_post($1, -600, 'bet', 'test', null)`, [u.id])).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('BT001');
    const [w] = await h.db.query<{ balance: number }>('select balance from wallets where user_id = $1', [u.id]);
    expect(w!.balance).toBe(400);
    const rows = await h.db.query<{ amount: number; balance_after: number }>(
      `select amount, balance_after from ledger where user_id = $1 and kind = 'bet'`, [u.id]);
    expect(rows).toEqual([{ amount: -600, balance_after: 400 }]);
    expect(await ledgerViolations(h.db)).toEqual([]);
  });
});
