/**
 * Settings-injected mobile stylesheet and general script (account-platform.md section 2): served
 * from SITE_DIR under the same origin's /site/, named in the settings reply, and the CSP keeps
 * scripts to 'self'. Nothing outside the folder, nor another kind of file, is served.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDb, type Db } from '../../server/db/client.ts';
import { buildApp } from '../../server/http/app.ts';
import { SITE_SETTINGS } from '../../server/http/routes/settings.ts';

describe('site files', () => {
  let db: Db;
  let app: FastifyInstance;
  let dir: string;
  const before = { css: SITE_SETTINGS.mobile_css, js: SITE_SETTINGS.general_js };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bet-site-'));
    writeFileSync(join(dir, 'mobile.css'), 'body { --operator: 1; }');
    writeFileSync(join(dir, 'general.js'), 'window.operatorScript = 1;');
    writeFileSync(join(dir, 'notes.txt'), 'secret');
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'x.js'), 'x');
    writeFileSync(join(tmpdir(), 'outside.js'), 'outside');
    db = await openDb({ dataDir: '' });
    app = await buildApp({ db, siteDir: dir });
  });
  afterAll(async () => {
    SITE_SETTINGS.mobile_css = before.css;
    SITE_SETTINGS.general_js = before.js;
    await app?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(join(tmpdir(), 'outside.js'), { force: true });
  });

  it('names the files of the folder in the settings reply and serves them with their types', async () => {
    const s = (await app.inject({ method: 'GET', url: '/api/settings' })).json<{ mobileCss: string; generalJs: string; settings: Record<string, unknown> }>();
    expect(s).toMatchObject({ mobileCss: '/site/mobile.css', generalJs: '/site/general.js' });
    expect(s.settings).toMatchObject({ mobile_css: '/site/mobile.css', general_js: '/site/general.js' });
    const css = await app.inject({ method: 'GET', url: '/site/mobile.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('--operator');
    const js = await app.inject({ method: 'GET', url: '/site/general.js' });
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves nothing else: other kinds, sub-folders, the way up', async () => {
    for (const url of ['/site/notes.txt', '/site/sub/x.js', '/site/..%2Foutside.js', '/site/%2e%2e%2foutside.js', '/site/missing.js', '/site/.hidden.js']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it("a setting that is not a /site/ file is not passed on; the CSP allows scripts from 'self' only (and WebAssembly compilation, for the camera scan)", async () => {
    SITE_SETTINGS.general_js = 'https://evil.example/x.js';
    try {
      const r = await app.inject({ method: 'GET', url: '/api/settings' });
      expect(r.json<{ generalJs: string }>().generalJs).toBe('');
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*('unsafe-inline'|'unsafe-eval'|https?:)/);
    } finally {
      SITE_SETTINGS.general_js = '/site/general.js';
    }
  });
});
