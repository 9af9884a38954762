import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LOCKS, type Db } from './client.ts';

const DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FUNCTIONS_DIR = fileURLToPath(new URL('./functions/', import.meta.url));

/**
 * The last numbered migration written before server/db/functions/: the migrations up to it count
 * on the functions their triggers run (created here before them); a later one defines no function.
 */
export const FUNCTIONS_CUT = '230_provider_feed.sql';

/**
 * Applies the SQL files of server/db/migrations in name order, each once, each in a transaction,
 * then the SQL functions of server/db/functions (one `create or replace function` a file, the
 * function's current definition: a repeatable migration, as Flyway's `R__` files). When any
 * migration is still to run, the functions are created first too: migrations create triggers on
 * them and call them (a plpgsql body names tables and columns it does not need yet, so a function
 * of the folder is plpgsql unless it names only what the first migration already made).
 * The whole run holds the migration lock: processes started together on an empty database wait
 * for the first one (even `create table if not exists` races: two creators collide in pg_type).
 * Returns the names applied (functions as `functions/<file>`).
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.locked(LOCKS.migrate, async () => {
    await db.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const pending = readdirSync(DIR).filter((f) => f.endsWith('.sql') && !done.has(f)).sort();
    if (pending.length) await applyFunctions(db, true);
    const applied = await migrateLocked(db, pending);
    return [...applied, ...(await applyFunctions(db, applied.length > 0))];
  });
}

/**
 * Creates or replaces each function of server/db/functions whose text changed since it was last
 * applied, or every one when a numbered migration ran in this start (it may have dropped one to
 * change its signature). All in one transaction: a caller never sees half a set of functions.
 */
async function applyFunctions(db: Db, all: boolean): Promise<string[]> {
  await db.exec('create table if not exists schema_functions (name text primary key, sha256 text not null, applied_at timestamptz not null default now())');
  const files = readdirSync(FUNCTIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  return db.tx(async (q) => {
    const seen = new Map((await q.query<{ name: string; sha256: string }>('select name, sha256 from schema_functions')).map((r) => [r.name, r.sha256]));
    const applied: string[] = [];
    for (const name of files) {
      const sql = readFileSync(FUNCTIONS_DIR + name, 'utf8');
      const sha256 = createHash('sha256').update(sql).digest('hex');
      if (!all && seen.get(name) === sha256) continue;
      for (const stmt of splitStatements(sql)) await q.query(stmt);
      await q.query(
        'insert into schema_functions (name, sha256) values ($1, $2) on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()',
        [name, sha256],
      );
      applied.push(`functions/${name}`);
    }
    return applied;
  });
}

async function migrateLocked(db: Db, files: string[]): Promise<string[]> {
  const applied: string[] = [];
  for (const name of files) {
    const sql = readFileSync(DIR + name, 'utf8');
    const done = await db.tx(async (q) => {
      const seen = await q.query('select 1 from schema_migrations where name = $1', [name]);
      if (seen.length) return false;
      for (const stmt of splitStatements(sql)) await q.query(stmt);
      await q.query('insert into schema_migrations (name) values ($1)', [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}

/**
 * Splits a migration script on semicolons at line ends; inside a function body every statement's
 * semicolon is followed by a comment (`; --`), so a body stays whole.
 */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
