import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LOCKS, type Db } from './client.ts';

const DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies the SQL files of server/db/migrations in name order, each once, each in a transaction.
 * The whole run holds the migration lock: processes started together on an empty database wait
 * for the first one (even `create table if not exists` races: two creators collide in pg_type).
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.locked(LOCKS.migrate, () => migrateLocked(db));
}

async function migrateLocked(db: Db): Promise<string[]> {
  await db.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  const files = readdirSync(DIR).filter((f) => f.endsWith('.sql')).sort();
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
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
