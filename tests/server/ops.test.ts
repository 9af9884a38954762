/**
 * Operations endpoints: Prometheus metrics at /metrics count the calls and placements,
 * and /api/openapi.json describes every registered call from its zod schema.
 */
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { z } from 'zod';
import { defineCall } from '../../server/http/call.ts';
import { message } from '../../domain/messages.ts';
import type { Db } from '../../server/db/client.ts';
import { registeredCalls } from '../../server/ops/openapi.ts';
import { serveMetrics } from '../../server/ops/metrics.ts';
import { buildApp } from '../../server/http/app.ts';
import { drivers, footballWith1x2, pickOf, tipOf, useHarness } from './harness.ts';

const DRIVERS = await drivers();

/** The value of one sample line of a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    const have = inner.split(',');
    if (want.every((w) => have.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('the production build', () => {
  it('compiles the server ahead of time and boots it on PGlite without tsx', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bet-prod-'));
    try {
      // inside the repository, so that the bundle's imports find node_modules
      const out = join(process.cwd(), `dist-server-test-${process.pid}`);
      const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { env: { ...process.env, BUILD_SERVER_OUT: out }, encoding: 'utf8' });
      expect(built.status, built.stderr).toBe(0);
      const bundle = readFileSync(join(out, 'main.mjs'), 'utf8');
      expect(bundle).not.toMatch(/from ["']tsx/);
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const server = spawn(process.execPath, [join(out, 'main.mjs')], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), DEMO: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', FEED_ROLE: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      server.stdout.on('data', (d: Buffer) => { log += d.toString(); });
      server.stderr.on('data', (d: Buffer) => { log += d.toString(); });
      try {
        let ok = false;
        for (let i = 0; i < 150 && !ok && server.exitCode === null; i++) {
          ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
          if (!ok) await new Promise((r) => setTimeout(r, 500));
        }
        expect(ok, log).toBe(true);
        expect(log).toContain('migrations applied');
        const sports = await fetch(`http://127.0.0.1:${port}/api/sports`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(sports.status).toBe(200);
        expect(await sports.json()).toMatchObject({ status: true });
      } finally {
        server.kill('SIGTERM');
        await new Promise((r) => { if (server.exitCode !== null) r(null); else server.once('exit', r); });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(join(process.cwd(), `dist-server-test-${process.pid}`), { recursive: true, force: true });
    }
  });
});

describe('a call that fails unexpectedly', () => {
  it('answers in the spec shape: a database data exception 400, anything else the technical failure', async () => {
    const app = Fastify();
    app.decorateRequest('sessionUser', async () => null);
    const deps = { db: {} as Db, clock: Date.now };
    const fail = (err: unknown) => async () => { throw err; };
    defineCall(app, deps, 'boom', z.object({}), fail(new Error('bug with a stack')));
    defineCall(app, deps, 'range', z.object({}), fail(Object.assign(new Error('integer out of range'), { code: '22003' })));
    defineCall(app, deps, 'nothing', z.object({}), fail(undefined));
    const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
    const boom = await post('/api/boom', { lang: 'en' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ status: false, msg: message('technical', 'en'), error: 'technical' });
    expect(boom.body).not.toContain('stack');
    expect((await post('/api/nothing', {})).json()).toMatchObject({ status: false, error: 'technical' });
    const range = await post('/api/range', {});
    expect(range.statusCode).toBe(400);
    expect(range.json()).toMatchObject({ status: false, error: 'badRequest' });
    const nul = await post('/api/boom', { nested: [{ note: 'a\u0000b' }] });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ status: false, error: 'badRequest', field: 'nested.0.note' });
    await app.close();
  });
});

describe.each(DRIVERS)('operations on %s', (driver) => {
  const h = useHarness(driver);
  // The metrics listener of the process (METRICS_PORT): the registry is the process's.
  const metricsApp = Fastify();
  serveMetrics(metricsApp);
  const metrics = async () => {
    const res = await metricsApp.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('/metrics counts each call by route and status, with its latency, and the placements', async () => {
    const before = await metrics();
    const count = (text: string, status: string) => sample(text, 'bet_http_request_duration_seconds_count', { route: '/api/sports', method: 'POST', status });
    await h.call('sports', {});
    await h.call('sports', {});
    await h.call('sports', { sportId: 'x', lang: 1 });
    const [m] = await footballWith1x2(h, 1);
    const { cookie } = await h.player('metrics', 100_000);
    const placed = await h.call('createCoupon', { ticketType: 'TK', totalStake: 100, ticketStake: 100, tips: [tipOf(pickOf(m!))] }, { cookie });
    expect(placed.json()).toMatchObject({ status: true });
    const after = await metrics();
    expect(count(after, '2xx') - count(before, '2xx')).toBe(2);
    expect(count(after, '4xx') - count(before, '4xx')).toBe(1);
    expect(sample(after, 'bet_http_request_duration_seconds_bucket', { route: '/api/sports', method: 'POST', status: '2xx', le: '+Inf' })).toBe(count(after, '2xx'));
    expect(sample(after, 'bet_coupon_placements_total', { result: 'accepted' }) - sample(before, 'bet_coupon_placements_total', { result: 'accepted' })).toBe(1);
    for (const name of ['bet_settlement_lag_seconds', 'bet_feed_lag_seconds', 'bet_ws_clients', 'bet_pg_pool_connections', 'process_cpu_seconds_total']) {
      expect(after).toContain(`# TYPE ${name}`);
    }
    if (driver === 'pg') expect(sample(after, 'bet_pg_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });

  it('/metrics is not on the public port, whatever the spelling; with METRICS_TOKEN only to its bearer', async () => {
    for (const url of ['/metrics', '/%6detrics', '/metrics;x', '/Metrics', '/metrics/']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('# TYPE');
    }
    const app = await buildApp({ db: h.db, metricsToken: 'scrape-secret' });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
      const ok = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE');
    } finally {
      await app.close();
    }
  });

  it('/api/openapi.json is OpenAPI 3.1 with every registered call and its schema', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, { post?: { requestBody: { content: Record<string, { schema: { type?: string; properties?: Record<string, unknown>; required?: string[] } }> }; security: unknown[] } }> }>();
    expect(doc.openapi).toBe('3.1.0');
    const calls = registeredCalls(h.app);
    expect(calls.length).toBeGreaterThan(50);
    for (const c of calls) expect(doc.paths[`/api/${c.name}`]?.post, c.name).toBeDefined();
    const odds = doc.paths['/api/odds']!.post!;
    expect(odds.requestBody.content['application/json']!.schema).toMatchObject({ type: 'object', required: ['matchId'], properties: { matchId: { type: 'integer', maximum: 2 ** 31 - 1 } } });
    expect(doc.paths['/api/createCoupon']!.post!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/sports']!.post!.security).toEqual([]);
    // the casino's seamless wallet, from its protocol schema
    expect(doc.paths['/casino/wallet/{provider}/{op}']?.post?.requestBody.content['application/json']!.schema).toMatchObject({ type: 'object', properties: { request_uuid: { type: 'string' } } });
  });
});
