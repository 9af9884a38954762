/** The one small database interface; two drivers behind it (PGlite embedded, PostgreSQL via pg). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'pg';
  /** Runs fn in one transaction: commit when it resolves, roll back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

// int8 (bigint) columns hold money in minor units; they fit a JS number (< 2^53).
export const parseInt8 = (v: string): number => Number(v);

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in dataDir ('' = in memory). */
export async function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPg } = await import('./pg.ts');
    return openPg(opts.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir ?? '');
}
