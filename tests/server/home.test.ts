/**
 * Home content calls (account-platform.md sections 3, 7 and 9) on every driver: `banners` grouped
 * by the display states asked, `jackpots` with every group of the spec and balances that grow
 * with the (injected) clock and start again with a new period, and bad payloads refused with
 * status false in the spec's shape.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { jackpotBalance } from '../../server/content/jackpots.ts';
import { JACKPOT_PUSH_MS } from '../../server/http/routes/home.ts';
import { drivers, SEED_NOW, startHarness, type Harness } from './harness.ts';

interface Banner { id: number; name: string; filename: string; url: string; title: string; link: string; width: number; height: number; type: number }
interface BannersReply { status: boolean; msg?: string; results: Array<{ displayState: number; banners: Banner[] }> }
interface Tier { balance: number; light: 0 | 1 }
interface JackpotsReply {
  status: boolean;
  scale: number;
  data: { casino: Record<string, Tier>; sports: Record<string, Tier>; livecasino: Record<string, Tier>; currency: string; at: number };
}

const DRIVERS = await drivers();

/** The `ws` client (no type package installed: the part used here). */
interface WsClient {
  close(): void;
  on(event: 'open' | 'close', fn: () => void): void;
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

describe('jackpot balance', () => {
  const row = { seed: 1_000_000, rate_per_sec: 250, period_sec: 86_400, started_at: '2026-01-01T00:00:00Z' };
  const start = Date.parse(row.started_at);

  it('grows by the rate each second of the period and starts again at the seed', () => {
    expect(jackpotBalance(row, start)).toBe(1_000_000);
    expect(jackpotBalance(row, start + 10_999)).toBe(1_000_000 + 10 * 250);
    expect(jackpotBalance(row, start + 86_399_000)).toBe(1_000_000 + 86_399 * 250);
    expect(jackpotBalance(row, start + 86_400_000)).toBe(1_000_000);
  });

  it('never goes below the seed before the start, and grows without end when there is no period', () => {
    expect(jackpotBalance(row, start - 5_000)).toBe(1_000_000);
    expect(jackpotBalance({ ...row, period_sec: 0 }, start + 200 * 86_400_000)).toBe(1_000_000 + 200 * 86_400 * 250);
  });
});

describe.each(DRIVERS)('home content on %s', (driver) => {
  let h: Harness;
  const call = async <T>(name: string, payload: unknown, code = 200): Promise<T> => {
    const res = await h.call(name, payload);
    expect(res.statusCode, `${name} ${JSON.stringify(payload)}: ${res.body.slice(0, 200)}`).toBe(code);
    return res.json<T>();
  };

  beforeAll(async () => { h = await startHarness(driver); });
  afterEach(() => h?.resetClock());
  afterAll(async () => { await h?.close(); });

  it('banners: one display state gives one group of its active banners in list order', async () => {
    const r = await call<BannersReply>('banners', { displayState: 12 });
    expect(r.status).toBe(true);
    expect(r.results).toHaveLength(1);
    expect(r.results[0]!.displayState).toBe(12);
    const names = r.results[0]!.banners.map((b) => b.name);
    expect(names).toEqual(['welcome', 'live', 'combo']);
    for (const b of r.results[0]!.banners) {
      expect(b.url).toMatch(/^[\w-]+\.svg$/);
      expect(b.width).toBeGreaterThan(0);
      expect(b.height).toBeGreaterThan(0);
    }
  });

  it('banners: Home asks 12 and 1 at once and gets the groups in that order; an unknown state is an empty group', async () => {
    const r = await call<BannersReply>('banners', { displayState: [12, 1, 77] });
    expect(r.results.map((g) => g.displayState)).toEqual([12, 1, 77]);
    expect(r.results[1]!.banners.map((b) => b.name)).toEqual(['cashback']);
    expect(r.results[2]!.banners).toEqual([]);
    // slots (3) and live casino (10) banners never leak into Home's groups
    const home = r.results.flatMap((g) => g.banners.map((b) => b.name));
    expect(home).not.toContain('slots');
    expect(home).not.toContain('livecasino');
  });

  it('banners: a passive banner is not sent, and a banner of another language only to that language', async () => {
    await h.db.query(`insert into banners (name, url, display_state, status) values ('off', 'x.svg', 1, 0)`);
    await h.db.query(`insert into banners (name, url, display_state, lang) values ('english', 'en.svg', 1, 'en')`);
    try {
      const tr = await call<BannersReply>('banners', { displayState: 1, lang: 'tr' });
      expect(tr.results[0]!.banners.map((b) => b.name)).toEqual(['cashback']);
      const en = await call<BannersReply>('banners', { displayState: 1, lang: 'en' });
      expect(en.results[0]!.banners.map((b) => b.name).sort()).toEqual(['cashback', 'english']);
    } finally {
      await h.db.query(`delete from banners where name in ('off', 'english')`);
    }
  });

  it('banners: a bad payload is refused with status false', async () => {
    for (const payload of [{}, { displayState: 'home' }, { displayState: -1 }, { displayState: [] }, { displayState: 1.5 }]) {
      const r = await call<{ status: boolean; msg: string }>('banners', payload, 400);
      expect(r.status).toBe(false);
      expect(r.msg).toBeTruthy();
    }
  });

  it('jackpots: every group and tier of the spec, in ten-thousandths, growing with the clock', async () => {
    const a = await call<JackpotsReply>('jackpots', {});
    expect(a.status).toBe(true);
    expect(a.scale).toBe(10_000);
    expect(Object.keys(a.data.casino).sort()).toEqual(['daily', 'mega', 'weekly']);
    expect(Object.keys(a.data.sports).sort()).toEqual(['live', 'prematch']);
    expect(Object.keys(a.data.livecasino)).toEqual(['daily']);
    expect(a.data.currency).toBe('TRY');
    expect(a.data.at).toBe(SEED_NOW);
    for (const tier of [...Object.values(a.data.casino), ...Object.values(a.data.sports), ...Object.values(a.data.livecasino)]) {
      expect(Number.isInteger(tier.balance)).toBe(true);
      expect(tier.balance).toBeGreaterThan(0);
      expect([0, 1]).toContain(tier.light);
    }

    h.clock.now = SEED_NOW + 60_000;
    const b = await call<JackpotsReply>('jackpots', {});
    // 60 s later the live tier (sports live) holds 60 times its rate more
    const [live] = await h.db.query<{ rate_per_sec: number }>(`select rate_per_sec from jackpots where grp = 'sports' and tier = 'live'`);
    expect(live!.rate_per_sec).toBeGreaterThan(0);
    expect(b.data.sports.live!.balance - a.data.sports.live!.balance).toBe(60 * live!.rate_per_sec);
    expect(b.data.sports.prematch!.balance).toBeGreaterThan(a.data.sports.prematch!.balance);
    // casino tiers are pools grown by bets (server/casino/jackpot-pools.ts), not by the clock
    expect(b.data.casino.mega!.balance).toBe(a.data.casino.mega!.balance);
  });

  it('jackpots: a daily tier starts again at its seed when the day turns', async () => {
    const [row] = await h.db.query<{ seed: number; started_at: Date }>(`select seed, started_at from jackpots where grp = 'sports' and tier = 'live'`);
    const dayStart = new Date(row!.started_at).getTime() + Math.floor((SEED_NOW - new Date(row!.started_at).getTime()) / 86_400_000 + 1) * 86_400_000;
    h.clock.now = dayStart;
    const r = await call<JackpotsReply>('jackpots', {});
    expect(r.data.sports.live!.balance).toBe(row!.seed);
  });

  it('jackpots: a passive tier is not sent', async () => {
    await h.db.query(`update jackpots set status = 0 where grp = 'casino' and tier = 'weekly'`);
    try {
      const r = await call<JackpotsReply>('jackpots', {});
      expect(r.data.casino.weekly).toBeUndefined();
      expect(r.data.casino.daily).toBeDefined();
    } finally {
      await h.db.query(`update jackpots set status = 1 where grp = 'casino' and tier = 'weekly'`);
    }
  });

  it('/ws/jackpot: a data event at connect, then every few seconds with the grown balances', async () => {
    const app = await h.buildApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/jackpot`);
    const frames: Array<{ event: string; data: JackpotsReply['data']; scale: number }> = [];
    ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
    ws.on('error', () => undefined);
    const until = async (ok: () => boolean, ms: number) => {
      for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 20))) if (Date.now() > end) throw new Error('timed out');
    };
    try {
      await until(() => frames.length === 1, 5_000);
      expect(frames[0]).toMatchObject({ event: 'data', scale: 10_000, data: { currency: 'TRY', at: SEED_NOW } });
      expect(Object.keys(frames[0]!.data.sports).sort()).toEqual(['live', 'prematch']);
      h.clock.now = SEED_NOW + 60_000;
      await until(() => frames.length === 2, JACKPOT_PUSH_MS + 3_000);
      expect(frames[1]!.data.sports.live!.balance - frames[0]!.data.sports.live!.balance).toBe(60 * 1853);
    } finally {
      ws.close();
      await app.close();
    }
  }, 15_000);
});
