/**
 * Compression: build assets are sent precompressed (name.br / name.gz beside the file,
 * as scripts/precompress.mjs writes them) and API replies and the HTML shell above 1 KiB are
 * compressed on the fly, each only when the request accepts the encoding, always with
 * Vary: Accept-Encoding; a small reply and a request without Accept-Encoding get the plain bytes.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openDb, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { buildApp } from '../../server/http/app.ts';
import { keysBack } from '../../domain/protocol/compact-rows.ts';
import { SEED_NOW } from './harness.ts';

const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, name: 'match ${i}' }`).join(', ')}];\n`;
const SHELL = `<!doctype html><html><head><title>t</title></head><body><div id="boot" class="boot"><div class="banner-carousel skeleton"><!--lcp-banner--></div>${'<div class="match-row"></div>'.repeat(60)}</div><div id="root"></div></body></html>`;

const decoded = (res: LightMyRequestResponse): string => {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (enc === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.body;
};
const varies = (res: LightMyRequestResponse): boolean => /accept-encoding/i.test(String(res.headers.vary ?? ''));

describe('compression', () => {
  let db: Db;
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bet-compress-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), SHELL);
    writeFileSync(join(dir, 'assets', 'app.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'app.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'assets', 'app.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(dir, 'assets', 'core.worker-x1.js'), SCRIPT);
    db = await openDb({ dataDir: '' });
    await migrate(db);
    await seedDemo(db, SEED_NOW);
    app = await buildApp({ db, clock: () => SEED_NOW, staticDir: dir });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) => app.inject({ method: 'GET', url: '/assets/app.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends an asset precompressed in the encoding the browser prefers, brotli first', async () => {
    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(decoded(br)).toBe(SCRIPT);
    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(SCRIPT);
  });

  it('sends a page\'s script the headers that act on it, a worker\'s script and the HTML the document ones too', async () => {
    const script = await asset('br');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['referrer-policy']).toBe('no-referrer');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    const worker = await app.inject({ method: 'GET', url: '/assets/core.worker-x1.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-security-policy']).toMatch(/default-src 'self'/);
    const page = await app.inject({ method: 'GET', url: '/tr/allsports' });
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['x-frame-options']).toBeDefined();
  });

  it('sends the plain asset when the request accepts no compression', async () => {
    for (const res of [await asset(), await asset('identity')]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(SCRIPT);
      // The reply was chosen by Accept-Encoding: a cache must not hand it to a browser that asks otherwise.
      expect(varies(res)).toBe(true);
    }
  });

  const matches = (acceptEncoding?: string) => app.inject({
    method: 'POST', url: '/api/matches', payload: { sportId: 1 },
    headers: { 'content-type': 'application/json', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

  it('compresses an API reply when asked, and the JSON is the same', async () => {
    const plain = await matches();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await matches('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decoded(br))).toEqual(JSON.parse(plain.body));
    const gz = await matches('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz))).toEqual(JSON.parse(plain.body));
  });

  it('sends a small reply as it is, even when compression is accepted', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/nothing-here', payload: {}, headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: false });
  });

  it('compresses the HTML shell of a client route, with Home\'s first banner in it unless Save-Data', async () => {
    const plain = await app.inject({ method: 'GET', url: '/tr/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.body).toMatch(/<img src="\/banners\/[^"]+" alt="[^"]*" width="\d+" height="\d+" fetchpriority="high">/);
    const br = await app.inject({ method: 'GET', url: '/tr/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br)).toBe(plain.body);
    const saver = await app.inject({ method: 'GET', url: '/tr/', headers: { 'save-data': 'on' } });
    expect(saver.body).not.toContain('<img');
    expect(String(saver.headers.vary)).toMatch(/save-data/i);
    // The player's own data saver (Settings) comes as a cookie.
    expect((await app.inject({ method: 'GET', url: '/tr/', headers: { cookie: 'dataSaver=1' } })).body).not.toContain('<img');
    // Other client routes get the shell without a banner; a missing file is a 404, not the shell.
    expect((await app.inject({ method: 'GET', url: '/tr/coupons' })).body).not.toContain('<img');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends the rows of matches, highlights and odds with their keys once when asked (compact: 1), the same rows read back', async () => {
    const call = (name: string, body: Record<string, unknown>) => app.inject({ method: 'POST', url: `/api/${name}`, payload: body, headers: { 'content-type': 'application/json' } });
    for (const [name, body] of [['matches', { sportId: 1, odds: [1], limit: 200 }], ['matches', { odds: [1, 186], perSport: 5 }], ['highlights', { odds: [1, 186], limit: 10 }]] as const) {
      const plain = await call(name, body);
      const compact = await call(name, { ...body, compact: 1 });
      expect(compact.json().data.results).toMatchObject({ $k: expect.arrayContaining(['id', 'odds']) });
      expect(keysBack(compact.json())).toEqual(plain.json());
      expect(compact.body.length).toBeLessThan(plain.body.length * 0.7);
    }
    const matchId = (await call('matches', { sportId: 1, odds: [1], limit: 1 })).json().data.results[0].id as number;
    const odds = await call('odds', { matchId });
    const oddsCompact = await call('odds', { matchId, compact: 1 });
    expect(keysBack(oddsCompact.json())).toEqual(odds.json());
    expect(oddsCompact.body.length).toBeLessThan(odds.body.length);
  });

  it('answers the settings read with Cache-Control and an ETag, and 304 without a body when the browser has it', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.json()).toMatchObject({ status: true, settings: expect.any(Object) });
    const again = await app.inject({ method: 'GET', url: '/api/settings?rev=3', headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await app.inject({ method: 'GET', url: '/api/settings', headers: { 'if-none-match': 'W/"old"' } })).statusCode).toBe(200);
  });
});
