/**
 * Test harness of the server suites: one migrated, seeded database and app per driver.
 * 'pglite' (in memory) always runs; 'pg' runs when PostgreSQL is reachable (TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres) in a throwaway database dropped at teardown.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openDb, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { buildApp, SESSION_COOKIE } from '../../server/http/app.ts';
import { postLedger } from '../../server/wallet/ledger.ts';
import type { LiveState } from '../../server/feed/live-state.ts';
import type { MatchListItem } from '../../domain/protocol/entities.ts';

export type DriverName = 'pglite' | 'pg';

/** The fixed "now" of every seeded database (the demo fixtures are laid out from it). */
export const SEED_NOW = Date.parse('2026-06-01T12:00:00Z');

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const adminUrl = (): string => process.env.TEST_DATABASE_URL || DEFAULT_PG_URL;

/** A URL without its password, for notes and errors. */
const redact = (url: string): string => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<invalid url>';
  }
};

let available: Promise<DriverName[]> | undefined;

/**
 * The drivers the suites run on: always 'pglite'; 'pg' when PostgreSQL answers. An unreachable
 * default server is skipped with a console note; an explicit TEST_DATABASE_URL that fails is an error.
 */
export function drivers(): Promise<DriverName[]> {
  available ??= (async () => {
    const url = adminUrl();
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return ['pglite', 'pg'] as DriverName[];
    } catch (err) {
      if (process.env.TEST_DATABASE_URL) {
        throw new Error(`TEST_DATABASE_URL ${redact(url)} is not reachable: ${(err as Error).message}`, { cause: err });
      }
      console.warn(`[tests/server] PostgreSQL not reachable at ${redact(url)} (${(err as Error).message}): the 'pg' driver is SKIPPED. Set TEST_DATABASE_URL to run it.`);
      return ['pglite'] as DriverName[];
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return available;
}

/**
 * Another connection pool on a 'pg' harness's database, as a second server process would open
 * (its own connections, its own locks). The caller closes it.
 */
export async function secondPool(db: Db): Promise<Db> {
  const [r] = await db.query<{ name: string }>('select current_database() as name');
  const target = new URL(adminUrl());
  target.pathname = `/${r!.name}`;
  return openDb({ databaseUrl: target.toString() });
}

/** A database for a driver and how to get rid of it. */
export async function openTestDb(driver: DriverName): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    const db = await openDb({ dataDir: '' });
    return { db, drop: () => db.close() };
  }
  const url = adminUrl();
  const name = `bet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: target.toString() });
  return {
    db,
    drop: async () => {
      await db.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      await c.connect();
      try {
        await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        await c.query(`drop database if exists ${name}`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface CallOptions {
  cookie?: string | undefined;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** Everything a server suite needs for one driver. */
export interface Harness {
  driver: DriverName;
  db: Db;
  app: FastifyInstance;
  /** The app's clock; tests may move it and must put it back (resetClock). */
  clock: { now: number };
  resetClock(): void;
  /** POST /api/<name> with a JSON payload (or a raw string body). */
  call(name: string, payload: unknown, opts?: CallOptions): Promise<LightMyRequestResponse>;
  /** Logs in through the API and returns the Cookie header value (`sid=...`). */
  login(userName: string, password: string, opts?: CallOptions): Promise<string>;
  /** The id of a user by name. */
  userId(userName: string): Promise<number>;
  /**
   * A fresh player (password 'demo1234', reusing demo's hash so no argon2 cost) with `credit`
   * deposited through the ledger, so suites can isolate their money from each other.
   */
  addUser(prefix: string, credit: number, limits?: unknown): Promise<{ id: number; userName: string; password: string }>;
  /** A fresh player (addUser) logged in: its id and Cookie header value. */
  player(prefix: string, credit?: number, limits?: unknown): Promise<{ id: number; cookie: string }>;
  /** Builds another app on the same database (e.g. with other options, or a live state to price live tips). */
  buildApp(opts?: { loginRateMax?: number; live?: LiveState; autoSell?: { changed(couponId: number): Promise<void> } }): Promise<FastifyInstance>;
  close(): Promise<void>;
}

let userSeq = 0;

/** Opens, migrates and seeds a database for the driver (with SEED_NOW) and builds the app on it. */
export async function startHarness(driver: DriverName): Promise<Harness> {
  const { db, drop } = await openTestDb(driver);
  const extraApps: FastifyInstance[] = [];
  let app: FastifyInstance | undefined;
  try {
    await migrate(db);
    await seedDemo(db, SEED_NOW);
    const clock = { now: SEED_NOW };
    const make = (opts: Parameters<Harness['buildApp']>[0] = {}) =>
      // A generous login rate for the shared app: the rate-limit suite builds its own.
      buildApp({ db, clock: () => clock.now, loginRateMax: opts.loginRateMax ?? 10_000, ...(opts.live ? { live: opts.live } : {}), ...(opts.autoSell ? { autoSell: opts.autoSell } : {}) });
    app = await make();
    const theApp = app;

    const call: Harness['call'] = (name, payload, opts = {}) =>
      theApp.inject({
        method: 'POST',
        url: `/api/${name}`,
        headers: {
          'content-type': 'application/json',
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...opts.headers,
        },
        ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });

    const h: Harness = {
      driver,
      db,
      app: theApp,
      clock,
      resetClock: () => { clock.now = SEED_NOW; },
      call,
      async login(userName, password, opts) {
        const res = await call('login', { userName, password }, opts);
        if (res.statusCode !== 200) throw new Error(`login ${userName} failed: ${res.statusCode} ${res.body}`);
        const sid = res.cookies.find((c) => c.name === SESSION_COOKIE);
        if (!sid) throw new Error(`login ${userName} set no ${SESSION_COOKIE} cookie`);
        return `${SESSION_COOKIE}=${sid.value}`;
      },
      async userId(userName) {
        const [row] = await db.query<{ id: number }>('select id from users where username = $1', [userName]);
        if (!row) throw new Error(`no user ${userName}`);
        return row.id;
      },
      async addUser(prefix, credit, limits) {
        const userName = `t_${prefix}_${++userSeq}`.slice(0, 20);
        const id = await db.tx(async (q) => {
          const [u] = await q.query<{ id: number }>(
            `insert into users (username, password_hash, first_name, last_name, email, limits)
             select $1, password_hash, 'Test', 'User', $1 || '@example.com', $2::jsonb from users where username = 'demo' returning id`,
            [userName, limits === undefined ? null : JSON.stringify(limits)],
          );
          await q.query('insert into wallets (user_id, currency, balance) values ($1, $2, 0)', [u!.id, 'TRY']);
          if (credit > 0) await postLedger(q, { userId: u!.id, amount: credit, kind: 'deposit', refType: 'test', refId: null });
          return u!.id;
        });
        return { id, userName, password: 'demo1234' };
      },
      async player(prefix, credit = 100_000, limits) {
        const u = await h.addUser(prefix, credit, limits);
        return { id: u.id, cookie: await h.login(u.userName, u.password) };
      },
      async buildApp(opts) {
        const extra = await make(opts);
        extraApps.push(extra);
        return extra;
      },
      async close() {
        for (const a of extraApps) await a.close();
        await theApp.close();
        await drop();
      },
    };
    return h;
  } catch (err) {
    for (const a of extraApps) await a.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await drop().catch(() => undefined);
    throw err;
  }
}

/** Money and row counts that a refused request must leave as they were. */
export interface Snapshot {
  balance: number;
  coupons: number;
  tips: number;
  ledger: number;
  idempotencyKeys: number;
}

export async function snapshot(db: Db, userId: number): Promise<Snapshot> {
  const [row] = await db.query<Snapshot>(
    `select (select balance from wallets where user_id = $1) as balance,
            (select count(*)::int from coupons) as coupons,
            (select count(*)::int from coupon_tips) as tips,
            (select count(*)::int from ledger) as ledger,
            (select count(*)::int from idempotency_keys) as "idempotencyKeys"`,
    [userId],
  );
  return row!;
}

/**
 * The wallet invariants, for every user: the balance equals the sum of the user's ledger amounts,
 * no balance nor balance_after is negative, and each row's balance_after is the running sum.
 * Returns the list of violations (empty when all hold).
 */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const out: string[] = [];
  const sums = await db.query<{ user_id: number; balance: number | null; total: number | null }>(
    `select u.id as user_id, w.balance, (select coalesce(sum(l.amount), 0)::int8 from ledger l where l.user_id = u.id) as total
       from users u left join wallets w on w.user_id = u.id`,
  );
  for (const s of sums) {
    const balance = s.balance ?? 0;
    if (balance !== Number(s.total ?? 0)) out.push(`user ${s.user_id}: wallet ${balance} != ledger sum ${s.total}`);
    if (balance < 0) out.push(`user ${s.user_id}: negative balance ${balance}`);
  }
  const rows = await db.query<{ id: number; user_id: number; balance_after: number; running: number }>(
    `select id, user_id, balance_after, sum(amount) over (partition by user_id order by id) as running from ledger order by id`,
  );
  for (const r of rows) {
    if (r.balance_after < 0) out.push(`ledger ${r.id}: balance_after ${r.balance_after} < 0`);
    if (Number(r.running) !== r.balance_after) out.push(`ledger ${r.id}: balance_after ${r.balance_after} != running sum ${r.running}`);
  }
  return out;
}


/**
 * Base URLs of `n` apps listening on the harness's database, as a site's server processes behind a
 * load balancer (for suites that send requests at once over real HTTP).
 */
export async function listeningApps(h: Harness, n: number): Promise<string[]> {
  return Promise.all(Array.from({ length: n }, async () => {
    const app = await h.buildApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }));
}
/**
 * Registers a suite's harness for the driver: started in beforeAll, its clock put back after each
 * test (unless resetClock is false), and at the end the wallet invariants checked before it closes.
 * The returned harness is usable inside tests and hooks registered after this call.
 */
export function useHarness(driver: DriverName, options: { resetClock?: boolean } = {}): Harness {
  let current: Harness | undefined;
  beforeAll(async () => { current = await startHarness(driver); });
  if (options.resetClock !== false) afterEach(() => current?.resetClock());
  afterAll(async () => {
    if (!current) return;
    try {
      expect(await ledgerViolations(current.db)).toEqual([]);
    } finally {
      await current.close();
    }
  });
  return new Proxy({} as Harness, {
    get(_, key) {
      if (!current) throw new Error('the harness is not started: use it inside a test or a hook registered after useHarness');
      return current[key as keyof Harness];
    },
  });
}

/** Upcoming football matches that have a 1X2 market, as the matches call lists them (earliest first). */
export async function footballWith1x2(h: Harness, limit: number): Promise<MatchListItem[]> {
  const res = await h.call('matches', { sportId: 1, limit });
  return res.json<{ data: { results: MatchListItem[] } }>().data.results.filter((m) => m.odds.some((g) => g.oddstype === 1));
}

/**
 * Registers a beforeAll that lists upcoming football matches with a 1X2 market (at least `atLeast`)
 * and returns a function that hands out the next unused one, so each test's results stay its own.
 */
export function useFootballMatches(h: Harness, atLeast: number): () => MatchListItem {
  let football: MatchListItem[] = [];
  let next = 0;
  beforeAll(async () => {
    football = await footballWith1x2(h, 60);
    expect(football.length).toBeGreaterThanOrEqual(atLeast);
  });
  return () => football[next++]!;
}

/** One 1X2 pick: a listed match's outcome at the server's current odd. */
export interface Pick { mid: number; matchDate: number; oddsType: number; outcomeId: number; special: string; odd: number }

export function pickOf(m: MatchListItem, outcomeId = 1): Pick {
  const g = m.odds.find((x) => x.oddstype === 1)!;
  const o = g.outcomes.find((x) => x.outcomeid === outcomeId)!;
  return { mid: m.id, matchDate: Date.parse(m.matchDate), oddsType: 1, outcomeId, special: g.special, odd: o.odd };
}

/** The createCoupon tip of a pick, as the worker sends it for a pre-match odd. */
export const tipOf = (p: Pick, banko = false) => ({ mid: p.mid, oddTypeId: p.oddsType, ttype: 'N', odd: p.odd, banko, ktip: { outcomeid: p.outcomeId, special: p.special } });
