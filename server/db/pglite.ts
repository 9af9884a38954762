import { PGlite, types } from '@electric-sql/pglite';
// pg_trgm backs the keyword search's trigram indexes (migration 020), as on PostgreSQL.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync } from 'node:fs';
import { parseInt8, type Db, type NamedSql, type Queryable } from './driver.ts';

/** Embedded Postgres (WebAssembly) in a data folder; '' keeps it in memory (tests). */
export async function openPglite(dataDir: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir || undefined, { parsers: { [types.INT8]: parseInt8 }, extensions: { pg_trgm } });
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    // PGlite's query has no named statements: a NamedSql runs as its text.
    async query<T>(sql: string | NamedSql, params?: readonly unknown[]) {
      const res = await q.query<T>(typeof sql === 'string' ? sql : sql.text, params as unknown[] | undefined);
      return res.rows;
    },
  });
  // one process: a queue per key is the lock
  const chains = new Map<number, Promise<unknown>>();
  return {
    driver: 'pglite',
    ...wrap(pg),
    // One connection, no round trips to save: the last statement is an ordinary one, and the
    // transaction commits when fn resolves.
    tx: (fn) => pg.transaction((t) => { const q = wrap(t); return fn({ ...q, queryAndCommit: q.query }); }),
    exec: async (sql) => { await pg.exec(sql); },
    locked: (key, fn) => {
      const run = (chains.get(key) ?? Promise.resolve()).then(fn, fn);
      chains.set(key, run.catch(() => undefined));
      return run;
    },
    close: () => pg.close(),
  };
}
