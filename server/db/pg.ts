import pg from 'pg';
import { outageLog } from '../util/outage-log.ts';
import { parseInt8, type Db, type NamedSql, type Queryable, type TxQueryable } from './driver.ts';

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
    // Connections kept open when idle (PG_POOL_MIN) and how long an extra one may idle
    // (PG_IDLE_MS): a busy server sets them so that it does not close and reopen connections,
    // each of which plans its statements again. The defaults keep few connections, for many
    // small processes (and test databases) sharing one PostgreSQL.
    min: Number(process.env.PG_POOL_MIN ?? 0),
    idleTimeoutMillis: Number(process.env.PG_IDLE_MS ?? 10_000),
    pipeline: true,
    types: { getTypeParser: (oid: number, format?: string) => (oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) } as pg.CustomTypesConfig,
  });
  // A client dropped by the server (restart, failover, pg_terminate_backend) must not crash the
  // process: idle ones through the pool's listener, checked-out ones through their own (without
  // it pg's 'Connection terminated unexpectedly' is an unhandled 'error' event). The statements in
  // flight fail (the call answers the technical failure) and the pool opens new connections.
  const report = outageLog((msg) => console.error(`postgres: ${msg}`));
  pool.on('error', (err) => report(`idle client error: ${err.message}`));
  pool.on('connect', (client) => { client.on('error', (err) => report(`client error: ${err.message}`)); });
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
      // a connection that failed goes back to the pool as broken (destroyed), not to the next caller
      let broken: Error | undefined;
      const onError = (err: Error) => { broken = err; };
      client.on('error', onError);
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
        if (!committed) await client.query('rollback').catch((e: Error) => { broken ??= e; });
        throw err;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    exec: async (sql) => { await pool.query(sql); },
    async locked(key, fn) {
      // a session lock: held on a connection of its own for as long as fn runs
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]).catch((e: Error) => { broken = e; });
        }
      } finally {
        client.release(broken);
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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

