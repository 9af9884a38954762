import pg from 'pg';
import { parseInt8, type Db, type NamedSql, type Queryable, type TxQueryable } from './client.ts';

/**
 * PostgreSQL through a pg pool (production, several server processes).
 *
 * The pool's connections pipeline (pg's `pipeline` mode): a statement is written as soon as it is
 * queried, without waiting for the reply of the one before. A transaction's BEGIN therefore travels
 * with its first statement and its COMMIT with its last (TxQueryable.queryAndCommit): a
 * transaction of n statements costs n round trips instead of n + 2. Statements the code awaits one
 * by one behave exactly as before.
 */
export async function openPg(url: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL_MAX ?? 10),
    pipeline: true,
    types: { getTypeParser: (oid: number, format?: string) => (oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) } as pg.CustomTypesConfig,
  });
  // An idle client dropped by the server (restart, failover) must not crash the process: the
  // pool replaces it on the next query.
  pool.on('error', (err) => console.error(`postgres idle client error: ${err.message}`));
  await pool.query('select 1');
  const wrap = (c: { query: pg.Pool['query'] }): Queryable => ({
    async query<T>(sql: string | NamedSql, params?: readonly unknown[]) {
      const res = await c.query(config(sql, params));
      return res.rows as T[];
    },
  });
  return {
    driver: 'pg',
    ...wrap(pool),
    async tx(fn) {
      const client = await pool.connect();
      let committed = false;
      try {
        // Not awaited: it is written ahead of fn's first statement, in the same packet when fn
        // queries at once (corked until the next tick). BEGIN cannot fail on a healthy connection;
        // a broken one fails the statements behind it as well.
        const stream = socketOf(client);
        stream.cork();
        const begin = client.query('begin');
        begin.catch(() => undefined);
        process.nextTick(() => stream.uncork());
        const q: TxQueryable = {
          ...wrap(client),
          async queryAndCommit<T>(sql: string | NamedSql, params?: readonly unknown[]) {
            committed = true;
            // An error in the statement leaves the transaction aborted, and PostgreSQL answers the
            // COMMIT behind it with a rollback.
            stream.cork();
            const sent = [client.query(config(sql, params)), client.query('commit')] as const;
            stream.uncork();
            const [res, commit] = await Promise.allSettled(sent);
            if (res.status === 'rejected') throw res.reason;
            if (commit.status === 'rejected') throw commit.reason;
            if (commit.value.command !== 'COMMIT') throw new Error(`transaction not committed (${commit.value.command})`);
            return res.value.rows as T[];
          },
        };
        const out = await fn(q);
        await begin;
        if (!committed) await client.query('commit');
        return out;
      } catch (err) {
        if (!committed) await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => { await pool.query(sql); },
    close: () => pool.end(),
  };
}

/** The socket under a pg client: corked, the messages of several statements leave in one write. */
function socketOf(client: pg.PoolClient): { cork(): void; uncork(): void } {
  return (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
}

/** pg's query config of a statement, named when it is a NamedSql. */
function config(sql: string | NamedSql, params: readonly unknown[] | undefined): pg.QueryConfig {
  const values = params as unknown[] | undefined;
  return typeof sql === 'string' ? { text: sql, values } : { name: sql.name, text: sql.text, values };
}
