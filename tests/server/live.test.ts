/**
 * Live calls of section 7 and the live catalogue, on every driver: the HTTP answers come from the
 * same LiveState the feed socket serves, live fixtures become catalogue rows with their own ids
 * (so coupon tips can reference them), and results are stored once the feed reports them.
 * The feed runs in virtual time (manual scheduler), so nothing here waits on the wall clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { buildApp, SESSION_COOKIE } from '../../server/http/app.ts';
import { SITE_SETTINGS } from '../../server/http/routes/settings.ts';
import { manualScheduler, type ManualScheduler } from '../../server/feed/clock.ts';
import { createFeedFromEnv, type FeedSetup } from '../../server/feed/service.ts';
import { startLiveCatalogue, type LiveCatalogue } from '../../server/feed/live-catalogue.ts';
import { FEED_PROTOCOL_VERSION, type FeedFrame, type LiveMatch } from '../../domain/protocol/feed.ts';
import { decodeFrame, encodeClientMessage } from '../../domain/protocol/feed-codec.ts';
import { registerFeedSocket } from '../../server/feed/ws.ts';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { drivers, openTestDb, SEED_NOW } from './harness.ts';

const DRIVERS = await drivers();
const ID_BASE = 900_000;

interface Reply { status: boolean; msg?: string; [k: string]: unknown }

/** The `ws` client (no type package installed: the part used here). */
interface WsClient {
  send(data: Uint8Array): void;
  close(): void;
  on(event: 'open', fn: () => void): void;
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

describe.each(DRIVERS)('live calls on %s', (driver) => {
  let db: Db;
  let drop: () => Promise<void>;
  let clock: ManualScheduler;
  let feed: FeedSetup;
  let catalogue: LiveCatalogue;
  let app: FastifyInstance;
  const call = async (name: string, payload: unknown, cookie?: string): Promise<{ code: number; body: Reply }> => {
    const res: LightMyRequestResponse = await app.inject({
      method: 'POST', url: `/api/${name}`, payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    });
    return { code: res.statusCode, body: res.json<Reply>() };
  };

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(driver));
    await migrate(db);
    await seedDemo(db, SEED_NOW);
    clock = manualScheduler(SEED_NOW);
    // fast games (30 game seconds a real second) so a match ends within a few virtual minutes
    feed = await createFeedFromEnv({ FEED_LIVE_COUNT: '8', FEED_SEED: '11', FEED_SPEED: '30', FEED_ID_BASE: String(ID_BASE) }, clock);
    catalogue = await startLiveCatalogue(db, feed.state, clock);
    app = await buildApp({ db, clock: () => clock.now(), live: feed.state, loginRateMax: 10_000 });
    // as server/main.ts wires it: the socket and the HTTP calls serve the same state
    await registerFeedSocket(app, feed.hub);
  }, 60_000);

  afterAll(async () => {
    catalogue?.stop();
    await feed?.stop();
    await app?.close();
    await drop?.();
  });

  it('liveMatches lists the live state with the sport list and live counts', async () => {
    const { code, body } = await call('liveMatches', { lang: 'tr' });
    expect(code).toBe(200);
    const data = body.data as { matches: LiveMatch[]; sports: Array<{ sportId: number; sportName: string; liveCount: number }>; totalRows: number };
    const state = feed.state.listMatches();
    expect(data.matches.map((m) => m.id).sort()).toEqual(state.map((m) => m.id).sort());
    expect(data.totalRows).toBe(state.length);
    expect(data.sports.reduce((n, s) => n + s.liveCount, 0)).toBe(state.length);
    expect(data.sports.every((s) => s.sportName.length > 0)).toBe(true);
    const sid = data.sports[0]!.sportId;
    const one = (await call('liveMatches', { sportId: sid, odds: [1], limit: 1 })).body.data as typeof data;
    expect(one.matches).toHaveLength(1);
    expect(one.matches[0]!.sid).toBe(sid);
    expect(one.matches[0]!.odds.every((g) => g.oddstype === 1)).toBe(true);
    expect(one.totalRows).toBe(data.sports[0]!.liveCount);
  });

  it('/ws/feed on the same app sends the snapshot of a sport subscription, equal to liveMatches', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const sid = feed.state.listMatches()[0]!.sid;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/feed?v=${FEED_PROTOCOL_VERSION}`);
    const frame = await new Promise<FeedFrame>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('open', () => ws.send(encodeClientMessage({ op: 'sub', sports: [sid] })));
      ws.on('message', (data) => resolve(decodeFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))));
    });
    ws.close();
    expect(frame.kind).toBe('snapshot');
    const http = (await call('liveMatches', { sportId: sid })).body.data as { matches: LiveMatch[] };
    expect(frame.kind === 'snapshot' && frame.matches.map((m) => m.id).sort()).toEqual(http.matches.map((m) => m.id).sort());
  });

  it('liveoddsnew answers the same match and odds as the state, and 404 in the spec shape otherwise', async () => {
    const m = feed.state.listMatches()[0]!;
    const { body } = await call('liveoddsnew', { lang: 'tr', matchid: m.id });
    expect(body.status).toBe(true);
    expect((body.match as LiveMatch).id).toBe(m.id);
    expect((body.match as LiveMatch).h).toBe(m.h);
    expect(body.odds).toEqual(m.odds);
    const missing = await call('liveoddsnew', { matchid: 12345 });
    expect(missing.code).toBe(404);
    expect(missing.body).toMatchObject({ status: false, msg: 'Maç bulunamadı' });
    const bad = await call('liveoddsnew', { matchid: 'x' });
    expect(bad.code).toBe(400);
    expect(bad.body.status).toBe(false);
  });

  it('liveLookup turns favourite ids into live matches', async () => {
    const ids = feed.state.listMatches().map((m) => m.id);
    const { body } = await call('liveLookup', { favorites: [ids[0], ids[1], 42] });
    expect((body.matches as LiveMatch[]).map((m) => m.id)).toEqual([ids[0], ids[1]]);
  });

  it('tv needs login, the tv_access setting and the match in the TV list (section 2)', async () => {
    const ids = feed.state.listMatches().map((m) => m.id);
    const list = (await call('tvList', {})).body.data as { matchIds: number[] };
    expect(list.matchIds.length).toBeGreaterThan(0);
    expect(list.matchIds.every((id) => ids.includes(id))).toBe(true);
    const onTv = list.matchIds[0]!;
    // a live match without a stream, else one that is not live at all: neither is in the list
    const notListed = ids.find((id) => !list.matchIds.includes(id)) ?? 12345;
    const saved = { ...SITE_SETTINGS };
    try {
      SITE_SETTINGS.tv_access = 1;
      // a visitor is asked to log in, whatever the match
      const anon = await call('tv', { matchId: onTv });
      expect(anon.code).toBe(401);
      expect(anon.body).toMatchObject({ status: false, msg: 'Lütfen giriş yapınız', login: false });
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { userName: 'demo', password: 'demo1234' } });
      const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;

      const ok = await call('tv', { matchId: onTv, lang: 'en' }, cookie);
      expect(ok.code).toBe(200);
      expect(ok.body).toMatchObject({ status: true, videoId: `live-${onTv}`, url: '' });
      SITE_SETTINGS.tv_link = 'https://tv.example/stream';
      expect((await call('tv', { matchId: onTv }, cookie)).body.url).toBe('https://tv.example/stream');

      const missing = await call('tv', { matchId: notListed, lang: 'en' }, cookie);
      expect(missing.code).toBe(404);
      expect(missing.body).toMatchObject({ status: false, msg: 'There is no live stream for this match', error: 'tvNotListed' });

      // tv_access 0: nobody gets a stream, even on a listed match
      SITE_SETTINGS.tv_access = 0;
      const off = await call('tv', { matchId: onTv }, cookie);
      expect(off.code).toBe(403);
      expect(off.body).toMatchObject({ status: false, msg: 'Canlı yayın şu anda kullanılamıyor', error: 'tvNoAccess' });
      expect(off.body.videoId).toBeUndefined();
    } finally {
      Object.assign(SITE_SETTINGS, saved);
    }
  });

  it('writes live fixtures to the catalogue under their own ids, then their results', async () => {
    const live = feed.state.listMatches();
    const rows = await db.query<{ id: number; home: string; away: string; sport_id: number; match_date: Date }>(
      `select m.id, h.name as home, a.name as away, m.sport_id, m.match_date from matches m
         join teams h on h.id = m.home_id join teams a on a.id = m.away_id where m.id = any($1::int[])`,
      [live.map((m) => m.id)],
    );
    expect(rows).toHaveLength(live.length);
    for (const m of live) {
      const r = rows.find((x) => x.id === m.id)!;
      expect([r.home, r.away, r.sport_id, r.match_date.getTime()]).toEqual([m.h, m.a, m.sid, m.d]);
    }
    // play on until some match has ended and reported its result
    let results = 0;
    for (let i = 0; i < 40 && results === 0; i++) {
      clock.advance(60_000);
      await catalogue.sync();
      await catalogue.sync();
      results = (await db.query<{ n: number }>('select count(*)::int as n from live_results'))[0]!.n;
    }
    expect(results).toBeGreaterThan(0);
    const [done] = await db.query<{ status: string; result: { ft: { h: number; a: number } } }>(
      'select m.status, r.result from live_results r join matches m on m.id = r.match_id limit 1',
    );
    expect(['ended', 'interrupted', 'retired', 'walkover']).toContain(done!.status);
    expect(typeof done!.result.ft.h).toBe('number');
    // an ended match is no longer live: liveoddsnew says not found but names the teams
    const [gone] = await db.query<{ id: number }>('select match_id as id from live_results limit 1');
    if (!feed.state.getMatch(gone!.id)) {
      const r = await call('liveoddsnew', { matchid: gone!.id });
      expect(r.code).toBe(404);
      expect((r.body.match as { h: string }).h.length).toBeGreaterThan(0);
    }
    // new fixtures keep being written
    const now = feed.state.listMatches().map((m) => m.id);
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from matches where id = any($1::int[])', [now]) as [{ n: number }];
    expect(n).toBe(now.length);
  }, 120_000);
});
