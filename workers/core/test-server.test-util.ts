/**
 * The real server for the worker core's tests: PGlite in memory, migrated and seeded at SEED_NOW,
 * the app listening on a free loopback port, and a browser-like fetch with a cookie jar, so the
 * core runs the same code as in the browser with Node's fetch.
 */
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDb, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { buildApp } from '../../server/http/app.ts';
import type { LiveState } from '../../server/feed/live-state.ts';

/** The seed's "now": the demo fixtures are laid out from it. */
export const SEED_NOW = Date.parse('2026-06-01T12:00:00Z');

export interface CoreTestServer {
  /** The server's database, to set up or check what a call did. */
  readonly db: Db;
  /** http://127.0.0.1:<port> */
  readonly base: string;
}

/**
 * Registers the beforeAll that starts the server (with the test's clock and, to price live tips,
 * its live state) and the afterAll that stops it. The getters are valid inside tests and hooks.
 */
export function useCoreServer(options: { clock?: () => number; live?: LiveState } = {}): CoreTestServer {
  let db: Db | undefined;
  let app: FastifyInstance | undefined;
  let base = '';

  beforeAll(async () => {
    db = await openDb({ dataDir: '' });
    await migrate(db);
    await seedDemo(db, SEED_NOW);
    app = await buildApp({ db, clock: options.clock ?? (() => SEED_NOW), ...(options.live ? { live: options.live } : {}) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  return {
    get db() {
      if (!db) throw new Error('the server is not started: use it inside a test or a hook');
      return db;
    },
    get base() { return base; },
  };
}

/** Switches that fail the network: down before the request, or the reply lost after the server acted. */
export interface NetSwitches { down: boolean; loseReply?: boolean }

/** A browser-like fetch on the server: same-origin paths, a cookie jar, and the network switches. */
export function browserFetch(server: CoreTestServer, net: NetSwitches = { down: false }): typeof fetch {
  let cookie = '';
  return async (input, init) => {
    if (net.down) throw new TypeError('Failed to fetch');
    const headers = new Headers(init?.headers);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(`${server.base}${String(input)}`, { ...init, headers });
    const set = res.headers.get('set-cookie');
    // a cleared cookie (`sid=`) empties the jar, as the browser does
    if (set) cookie = set.split(';')[0]!.endsWith('=') ? '' : set.split(';')[0]!;
    if (net.loseReply) throw new TypeError('Failed to fetch');
    return res;
  };
}
