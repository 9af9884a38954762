/**
 * A site-settings change made on one server process is applied by another within 2 s:
 * two real processes on one fresh PostgreSQL database and one Redis; the admin saves on the first,
 * the second's GET /api/settings is polled until it shows the change; then a banner saved on the first
 * is pushed by the second to an open site socket (GET /ws/site). The delays are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createRequire } from 'node:module';
import { call, clusterAvailable, freshDatabase, startProcess, REDIS_URL, type Proc } from './cluster.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';

/** The `ws` client (no type declarations in this install: the part used here). */
interface WsClient { on(e: 'message', fn: (d: Buffer) => void): void; once(e: 'open', fn: () => void): void; close(): void }
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

const UP = await clusterAvailable();

describe.skipIf(!UP)('site settings across processes (PostgreSQL + Redis)', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let procs: Proc[] = [];
  beforeAll(async () => {
    db = await freshDatabase();
    const env = { DATABASE_URL: db.url, REDIS_URL, FEED_BUS_PREFIX: `${db.name}:`, FEED_ROLE: 'auto', PG_POOL_MAX: '4' };
    // One process first (migrations and demo seed), then the second on the ready database.
    procs.push(await startProcess('s1', env));
    await procs[0]!.ready();
    procs.push(await startProcess('s2', env));
    await procs[1]!.ready();
  }, 240_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill()));
    procs = [];
    await db?.drop();
  }, 60_000);

  it('a change saved on one process shows on the other within 2 s', async () => {
    const [a, b] = procs as [Proc, Proc];
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    await c.query("update users set totp_secret = $1 where username = 'admin' and totp_secret is null", [DEMO_TOTP.admin]);
    await c.end();
    const res = await fetch(`${a.url}/api/bo/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: 'admin1234', otp: await otpNow(DEMO_TOTP.admin, Date.now()) }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().map((x) => x.split(';')[0]).join('; ');
    const footer = `footer ${Date.now()}`;
    const seen = async () => ((await (await fetch(`${b.url}/api/settings`)).json()) as { settings: { footer_text: string } }).settings.footer_text === footer;
    expect(await seen()).toBe(false);
    const t0 = performance.now();
    const saved = await call(a.url, 'bo/saveSiteSettings', { screen: 'site', settings: { footer_text: footer } }, { cookie });
    expect(saved.body).toMatchObject({ status: true, changed: ['footer_text'] });
    let ms = -1;
    while (performance.now() - t0 < 5_000) {
      if (await seen()) { ms = performance.now() - t0; break; }
      await new Promise((r) => setTimeout(r, 20));
    }
    console.log(`[bo-settings] the second process applied the change after ${ms.toFixed(0)} ms`);
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(ms).toBeLessThan(2_000);

    // A content change saved on the first process is pushed by the second to its open apps (GET /ws/site).
    const frames: Array<{ at: number; settings: number; content: number }> = [];
    const ws = new WebSocket(`${b.url.replace(/^http/, 'ws')}/ws/site`);
    ws.on('message', (data: Buffer) => frames.push({ at: performance.now(), ...(JSON.parse(String(data)) as { settings: number; content: number }) }));
    await new Promise<void>((r) => ws.once('open', () => r()));
    while (!frames.length) await new Promise((r) => setTimeout(r, 10));
    const t1 = performance.now();
    const banner = await call(a.url, 'bo/saveBanner', { name: 'push', url: '/banners/home-live.svg', displayState: 19 }, { cookie });
    expect(banner.body).toMatchObject({ status: true });
    while (frames.length < 2 && performance.now() - t1 < 5_000) await new Promise((r) => setTimeout(r, 10));
    ws.close();
    expect(frames[1]?.content).toBe(frames[0]!.content + 1);
    console.log(`[bo-settings] the second process pushed the content revision to its open app after ${(frames[1]!.at - t1).toFixed(0)} ms`);
    expect(frames[1]!.at - t1).toBeLessThan(2_000);
  }, 30_000);
});
