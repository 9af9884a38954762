/** The one small database interface and what its two drivers (pg.ts, pglite.ts) share. */
/**
 * A statement PostgreSQL prepares once per connection under its name and then only binds (pg's
 * named prepared statements): for the hot statements of every request, whose parse and plan would
 * otherwise cost more than their execution. The text must be fixed (one name, one text) and name
 * its columns (a cached plan of `select *` breaks when a migration adds a column).
 */
export interface NamedSql { name: string; text: string }

/** The one small database interface; two drivers behind it (PGlite embedded, PostgreSQL via pg). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string | NamedSql, params?: readonly unknown[]): Promise<T[]>;
}

/** A transaction's connection. */
export interface TxQueryable extends Queryable {
  /**
   * The transaction's last statement, sent together with its COMMIT where the driver can (pg: one
   * round trip for both). When it fails the transaction rolls back; when it succeeds the
   * transaction is committed, so nothing may be queried after it.
   */
  queryAndCommit<T = Record<string, unknown>>(sql: string | NamedSql, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'pg';
  /** Runs fn in one transaction: commit when it resolves, roll back when it throws. */
  tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs fn while holding a lock named by `key` across every process on this database (PostgreSQL:
   * a session advisory lock on a connection of its own; PGlite has one process: a queue). For
   * start-up work several processes must not do together: migrations, demo seeds. Not reentrant.
   */
  locked<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** The connection pool's use (pg only), for the metrics (server/ops/metrics.ts). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Advisory lock keys (Db.locked), one per kind of start-up work. */
export const LOCKS = { migrate: 724001, demoSeed: 724130, accountSeed: 724131, upcoming: 724132 } as const;

// int8 (bigint) columns hold money in minor units; they fit a JS number (< 2^53).
export const parseInt8 = (v: string): number => Number(v);
