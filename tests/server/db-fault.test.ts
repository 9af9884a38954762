/**
 * A PostgreSQL connection killed under the server: a transaction in flight and a
 * session lock holder fail with an error instead of crashing the process (pg's checked-out
 * clients had no 'error' listener: 'Connection terminated unexpectedly' was unhandled), the
 * broken connection is not handed to the next caller, and the pool works again at once.
 * PostgreSQL only (PGlite has no connections to lose).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Db } from '../../server/db/client.ts';
import { drivers, openTestDb } from './harness.ts';

const HAS_PG = (await drivers()).includes('pg');

describe.skipIf(!HAS_PG)('database connections killed on pg', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let name = '';
  const unhandled: unknown[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(err);

  beforeAll(async () => {
    ({ db, drop } = await openTestDb('pg'));
    [{ name }] = await db.query<{ name: string }>('select current_database() as name') as [{ name: string }];
    process.on('uncaughtException', onUnhandled);
  }, 60_000);
  afterAll(async () => {
    process.off('uncaughtException', onUnhandled);
    await drop?.();
  });

  const killAll = async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    try {
      return (await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])).rowCount ?? 0;
    } finally {
      await admin.end();
    }
  };

  it('a transaction and a lock holder in flight fail, the process lives, the next calls work', async () => {
    await db.query('select 1');
    const seen = { inTx: false };
    const tx = db.tx(async (q) => {
      await q.query('select 1');
      seen.inTx = true;
      await q.query('select pg_sleep(5)');
      return 'committed';
    }).then(() => null, (err: Error) => err);
    const locked = db.locked(4242, async () => {
      await db.query('select 1');
      await new Promise((r) => setTimeout(r, 300));
      return 'done';
    });
    for (let i = 0; i < 100 && !seen.inTx; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await killAll()).toBeGreaterThan(0);
    expect(await tx).toBeInstanceOf(Error);
    // fn ran; the unlock failed on the dead connection, which the pool drops
    expect(await locked).toBe('done');
    await new Promise((r) => setTimeout(r, 100));
    expect(unhandled).toEqual([]);
    // the pool opens new connections: queries, transactions and locks work again
    expect(await db.query<{ n: number }>('select 1 as n')).toEqual([{ n: 1 }]);
    expect(await db.tx(async (q) => (await q.query<{ n: number }>('select 2 as n'))[0]!.n)).toBe(2);
    expect(await db.locked(4242, async () => 'again')).toBe('again');
  });
});
