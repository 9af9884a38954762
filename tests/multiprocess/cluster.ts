/**
 * Several real server processes (`tsx server/main.ts`, as `npm start` runs it) on one fresh
 * PostgreSQL database and one Redis, for the tests of start, kill -9, database faults.
 * Skipped with a note when PostgreSQL or Redis does not answer (as the other server tests do).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { freePort } from '../e2e/server-process.ts';

export const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether PostgreSQL and Redis both answer; prints why not. */
export async function clusterAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
  } catch (err) {
    console.warn(`[tests/multiprocess] PostgreSQL not reachable (${(err as Error).message}): SKIPPED`);
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
  const u = new URL(REDIS_URL);
  const redis = await new Promise<boolean>((resolve) => {
    const s = connect(Number(u.port || 6379), u.hostname);
    s.setTimeout(1000, () => { s.destroy(); resolve(false); });
    s.on('connect', () => { s.end(); resolve(true); });
    s.on('error', () => resolve(false));
  });
  if (!redis) console.warn(`[tests/multiprocess] Redis not reachable at ${REDIS_URL}: SKIPPED`);
  return redis;
}

/** A fresh, empty database; its URL and how to drop it. */
export async function freshDatabase(): Promise<{ url: string; name: string; admin: () => Promise<pg.Client>; drop: () => Promise<void> }> {
  const name = `bet_mp_${randomBytes(5).toString('hex')}`;
  const admin = async () => {
    const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
    await c.connect();
    return c;
  };
  const c = await admin();
  try {
    await c.query(`create database ${name}`);
  } finally {
    await c.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(), name, admin,
    drop: async () => {
      const d = await admin();
      try {
        await d.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        await d.query(`drop database if exists ${name}`);
      } finally {
        await d.end();
      }
    },
  };
}

export interface Proc {
  name: string;
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  alive(): boolean;
  /** Resolves when /healthz answers. */
  ready(timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts one server process with the env (DATABASE_URL, REDIS_URL, ...); does not wait for it. */
export async function startProcess(name: string, env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', STATIC_DIR: './no-static', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { out += d.toString(); });
  const url = `http://127.0.0.1:${port}`;
  return {
    name, url, child,
    output: () => out,
    alive: () => child.exitCode === null && child.signalCode === null,
    async ready(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${out}`);
        try {
          if ((await fetch(`${url}/healthz`)).ok) return;
        } catch { /* not up yet */ }
        if (Date.now() > deadline) throw new Error(`${name} did not start: ${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    kill: (signal = 'SIGTERM') => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    }),
  };
}

/** POSTs a call; the status and the JSON reply (null when the reply is not JSON). */
export async function call(base: string, name: string, body: unknown, headers: Record<string, string> = {}): Promise<{ code: number; body: Record<string, unknown> | null }> {
  const res = await fetch(`${base}/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try { json = JSON.parse(text) as Record<string, unknown>; } catch { /* not JSON */ }
  return { code: res.status, body: json };
}

/** Logs a demo user in on a process; its Cookie header. */
export async function login(base: string, userName: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password }) });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!res.ok || !cookie) throw new Error(`login ${userName} failed: ${res.status} ${await res.text()}`);
  return cookie;
}
