// The interface the drivers implement (server/db/driver.ts), for every module that queries.
export * from './driver.ts';
import type { Db } from './driver.ts';

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in dataDir ('' = in memory). */
export async function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPg } = await import('./pg.ts');
    return openPg(opts.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir ?? '');
}
