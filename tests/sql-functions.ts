/**
 * Where each SQL function is defined: the `create [or replace] function` statements of the
 * migrations and of server/db/functions/.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './import-graph.ts';

export const MIGRATIONS = 'server/db/migrations';
export const FUNCTIONS = 'server/db/functions';

/** The functions a SQL text defines, lower-case names. */
export function functionsDefinedIn(sql: string): string[] {
  const code = sql.replace(/--.*$/gm, '');
  return [...code.matchAll(/\bcreate\s+(?:or\s+replace\s+)?function\s+(?:public\.)?"?([a-z_][a-z0-9_]*)"?\s*\(/gi)].map((m) => m[1]!.toLowerCase());
}

/** Each function's name -> the files (relative to the root) that define it, in name order. */
export function sqlFunctionDefinitions(opts: { migrationsAfter?: string } = {}): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const dir of [MIGRATIONS, FUNCTIONS]) {
    if (!existsSync(join(ROOT, dir))) continue;
    for (const name of readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.sql')).sort()) {
      if (dir === MIGRATIONS && opts.migrationsAfter !== undefined && name <= opts.migrationsAfter) continue;
      for (const fn of functionsDefinedIn(readFileSync(join(ROOT, dir, name), 'utf8'))) {
        if (!out.has(fn)) out.set(fn, []);
        out.get(fn)!.push(`${dir}/${name}`);
      }
    }
  }
  return out;
}
