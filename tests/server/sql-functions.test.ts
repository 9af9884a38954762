/**
 * One home for each SQL function: server/db/functions/ holds one `create or replace function` a
 * file, named as the function, re-applied by the migrator after the numbered migrations (and
 * before them on a new database, whose early migrations create triggers on them). No migration
 * defines a current function again, and one after the cut defines none. The database runs the
 * files' text, from scratch and on a database built before the folder (a site upgraded from it),
 * and the ledger's rule is ledger_post's, whoever moves the money.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { FUNCTIONS_CUT as CUT, migrate, splitStatements } from '../../server/db/migrate.ts';
import { InsufficientCredit, postLedger } from '../../server/wallet/ledger.ts';
import { ROOT } from '../import-graph.ts';
import { FUNCTIONS, MIGRATIONS, functionsDefinedIn, sqlFunctionDefinitions } from '../sql-functions.ts';
import { drivers, ledgerViolations, openTestDb } from './harness.ts';

const functionFiles = readdirSync(join(ROOT, FUNCTIONS)).filter((f) => f.endsWith('.sql')).sort();
const migrations = readdirSync(join(ROOT, MIGRATIONS)).filter((f) => f.endsWith('.sql')).sort();
const read = (dir: string, f: string): string => readFileSync(join(ROOT, dir, f), 'utf8');

describe('SQL functions: one definition each', () => {
  it('each file of server/db/functions is one `create or replace function` of the name of the file', () => {
    const wrong: string[] = [];
    for (const f of functionFiles) {
      const text = read(FUNCTIONS, f);
      const stmts = splitStatements(text);
      if (stmts.length !== 1) wrong.push(`${f}: ${stmts.length} statements`);
      if (!/^\s*create\s+or\s+replace\s+function\b/i.test(stmts[0] ?? '')) wrong.push(`${f}: not a create or replace function`);
      const names = functionsDefinedIn(text);
      if (names.length !== 1 || `${names[0]}.sql` !== f) wrong.push(`${f}: defines ${names.join(', ') || 'nothing'}`);
    }
    expect(wrong).toEqual([]);
  });

  it(`no function is defined twice across functions/ and the migrations; none after ${CUT}`, () => {
    const twice = [...sqlFunctionDefinitions()].filter(([, files]) => files.length > 1);
    expect(twice.map(([fn, files]) => `${fn}: ${files.join(', ')}`)).toEqual([]);
    const later = migrations.filter((m) => m > CUT && functionsDefinedIn(read(MIGRATIONS, m)).length);
    expect(later, 'a migration after the cut defines a function: write it in server/db/functions/ instead').toEqual([]);
  });

  it('every function the history left standing has its current definition in functions/', () => {
    const standing = new Set<string>();
    for (const m of migrations.filter((n) => n <= CUT)) {
      const text = read(MIGRATIONS, m);
      for (const fn of functionsDefinedIn(text)) standing.add(fn);
      for (const d of text.matchAll(/\bdrop\s+function\s+(?:if\s+exists\s+)?([a-z_][a-z0-9_]*)/gi)) standing.delete(d[1]!.toLowerCase());
    }
    const inFolder = new Set(functionFiles.map((f) => f.replace(/\.sql$/, '')));
    expect([...standing].filter((fn) => !inFolder.has(fn))).toEqual([]);
  });

  it('the checker reads definitions the way they are written', () => {
    expect(functionsDefinedIn('create or replace function a_b(x int)\nCREATE FUNCTION "c"(\n-- create function d(\n')).toEqual(['a_b', 'c']);
  });
});

const DRIVERS = await drivers();

/**
 * A database as the migrator before the functions folder left it: every numbered migration applied,
 * no schema_functions, ledger_post gone (migration 120 dropped it) and the other functions in an
 * older text.
 */
async function asBeforeTheFolder(db: Db): Promise<void> {
  await migrate(db);
  await db.exec('drop table schema_functions');
  await db.exec('drop function ledger_post(int, int8, text, text, bigint)');
  for (const f of functionFiles.filter((n) => n !== 'ledger_post.sql')) {
    const stmt = splitStatements(read(FUNCTIONS, f))[0]!;
    await db.exec(stmt.replace(/\$\$([\s\S]*)\$\$/, (_m, body: string) => `$$${body.replace(/^begin\b/m, 'begin\n  -- an older text')}$$`));
  }
}

/** The body the database runs for each function of the folder, against the file's text. */
async function bodiesDiffer(db: Db): Promise<string[]> {
  const rows = await db.query<{ proname: string; n: number; src: string }>(
    `select p.proname, count(*) over (partition by p.proname)::int as n, p.prosrc as src
       from pg_proc p join pg_namespace s on s.oid = p.pronamespace where s.nspname = 'public'`,
  );
  const out: string[] = [];
  for (const f of functionFiles) {
    const fn = f.replace(/\.sql$/, '');
    const mine = rows.filter((r) => r.proname === fn);
    const body = /\$\$([\s\S]*)\$\$/.exec(splitStatements(read(FUNCTIONS, f))[0]!)![1]!;
    if (mine.length !== 1) out.push(`${fn}: ${mine.length} definitions in the database`);
    else if (mine[0]!.src !== body) out.push(`${fn}: the database runs another body`);
  }
  return out;
}

describe.each(DRIVERS)('the migrator and the ledger rule on %s', (driver) => {
  let fresh: { db: Db; drop: () => Promise<void> };
  let upgraded: { db: Db; drop: () => Promise<void> };
  beforeAll(async () => {
    fresh = await openTestDb(driver);
    upgraded = await openTestDb(driver);
  });
  afterAll(async () => {
    await fresh?.drop();
    await upgraded?.drop();
  });

  it('from scratch: every migration, then every function, and a second start applies nothing', async () => {
    const applied = await migrate(fresh.db);
    expect(applied.filter((n) => n.startsWith('functions/'))).toEqual(functionFiles.map((f) => `functions/${f}`));
    expect(await bodiesDiffer(fresh.db)).toEqual([]);
    expect(await migrate(fresh.db)).toEqual([]);
  });

  it('a database built before the folder is upgraded to the folder\'s definitions', async () => {
    await asBeforeTheFolder(upgraded.db);
    expect(await bodiesDiffer(upgraded.db)).toHaveLength(functionFiles.length);
    expect(await migrate(upgraded.db)).toEqual(functionFiles.map((f) => `functions/${f}`));
    expect(await bodiesDiffer(upgraded.db)).toEqual([]);
  });

  it('a changed file is applied again, an unchanged one is not', async () => {
    await fresh.db.query(`update schema_functions set sha256 = 'old' where name = 'ledger_post.sql'`);
    expect(await migrate(fresh.db)).toEqual(['functions/ledger_post.sql']);
  });

  it('postLedger, ledger_post_many and ledger_post move a balance only with its row, never below zero', async () => {
    const db = fresh.db;
    const users = await db.query<{ id: number }>(
      `insert into users (username, password_hash) values ('ledger_a', 'x'), ('ledger_b', 'x') returning id`,
    );
    const [a, b] = users.map((u) => u.id) as [number, number];
    await db.query(`insert into wallets (user_id, currency, balance) values ($1, 'TRY', 0), ($2, 'TRY', 0)`, [a, b]);
    expect(await db.tx((q) => postLedger(q, { userId: a, amount: 5_000, kind: 'deposit', refType: null, refId: null }))).toBe(5_000);
    // refused inside a transaction that goes on: nothing moved, and the transaction still commits
    const after = await db.tx(async (q) => {
      await expect(postLedger(q, { userId: a, amount: -6_000, kind: 'withdraw', refType: null, refId: null })).rejects.toBeInstanceOf(InsufficientCredit);
      return postLedger(q, { userId: b, amount: 700, kind: 'deposit', refType: null, refId: null });
    });
    expect(after).toBe(700);
    await db.query(`select ledger_post_many($1::int[], $2::int8[], 'bet', 'coupon', $3::int8[])`, [[a, b], [-1_000, -700], [1, 2]]);
    await expect(db.query(`select ledger_post_many($1::int[], $2::int8[], 'bet', 'coupon', $3::int8[])`, [[a, b], [-1, -1], [3, 4]]))
      .rejects.toThrow(/insufficient credit/);
    const [row] = await db.query<{ balance: number | null }>(`select ledger_post($1, -100000, 'bet', null, null) as balance`, [a]);
    expect(row!.balance).toBeNull();
    const balances = await db.query<{ user_id: number; balance: number }>('select user_id, balance from wallets where user_id = any($1) order by user_id', [[a, b]]);
    expect(balances.map((w) => w.balance)).toEqual([4_000, 0]);
    expect(await ledgerViolations(db)).toEqual([]);
  });
});
