import { PGlite, types } from '@electric-sql/pglite';
// pg_trgm backs the keyword search's trigram indexes (migration 020), as on PostgreSQL.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync } from 'node:fs';
import { parseInt8, type Db, type Queryable } from './client.ts';

/** Embedded Postgres (WebAssembly) in a data folder; '' keeps it in memory (tests). */
export async function openPglite(dataDir: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir || undefined, { parsers: { [types.INT8]: parseInt8 }, extensions: { pg_trgm } });
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const res = await q.query<T>(sql, params as unknown[] | undefined);
      return res.rows;
    },
  });
  return {
    driver: 'pglite',
    ...wrap(pg),
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    exec: async (sql) => { await pg.exec(sql); },
    close: () => pg.close(),
  };
}
