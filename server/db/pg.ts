import pg from 'pg';
import { parseInt8, type Db, type Queryable } from './client.ts';

/** PostgreSQL through a pg pool (production, several server processes). */
export async function openPg(url: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL_MAX ?? 10),
    types: { getTypeParser: (oid: number, format?: string) => (oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) } as pg.CustomTypesConfig,
  });
  // An idle client dropped by the server (restart, failover) must not crash the process: the
  // pool replaces it on the next query.
  pool.on('error', (err) => console.error(`postgres idle client error: ${err.message}`));
  await pool.query('select 1');
  const wrap = (c: { query: pg.Pool['query'] }): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const res = await c.query(sql, params as unknown[] | undefined);
      return res.rows as T[];
    },
  });
  return {
    driver: 'pg',
    ...wrap(pool),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn(wrap(client));
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => { await pool.query(sql); },
    close: () => pool.end(),
  };
}
