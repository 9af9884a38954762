/**
 * First load on a cheap phone on a slow network: `npx tsx tests/bench/lighthouse.bench.ts`
 * (needs `npm run build`).
 *
 * Lighthouse 12 (mobile defaults: simulated slow 4G, 4x CPU slowdown) in Debian's Chromium, RUNS
 * runs (3) per page, the median of each figure, on Home, AllSports, LiveBets, a MatchDetail,
 * Coupons (logged in as demo: the session cookie is set in the browser first) and the casino lobby
 * of the built app with demo data, and on a bare page of the same stack (React 19, TanStack Router,
 * Lingui, Vite: tests/bench/bare/) built and served the same way in the same run, as the baseline.
 * The server serves a copy of dist/ taken at start, so a build during the run changes nothing.
 * Each page also prints where its main-thread time went (Lighthouse's bootup-time and
 * mainthread-work-breakdown of the median run).
 * Each line also prints Lighthouse's CPU benchmark index of the host (blocking time scales with it).
 * Goals: performance >= 95, LCP <= 2.0 s, TBT <= 100 ms, CLS <= 0.05, accessibility 100.
 * BENCH_URL=http://host:port measures a server already running instead of starting one;
 * BENCH_PAGES=home,coupons measures some pages only (bare, home, allsports, livebets, match, coupons, casino); BENCH_SAVE=dir keeps each report's JSON there.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../e2e/browser.ts';
import { startServer } from '../e2e/server-process.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const GOAL = { performance: 95, lcp: 2000, tbt: 100, cls: 0.05, accessibility: 100 };

interface Figures { performance: number; accessibility: number; fcp: number; lcp: number; tbt: number; cls: number; si: number; js: number; cpu: number }
/** Where a run's main-thread time went: the top scripts (bootup-time) and the work groups. */
interface Where { scripts: string; groups: string }

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** One Lighthouse run of `url` in a fresh Chromium (a cold cache, as a first visit). */
async function run(url: string, cookie: string | undefined): Promise<Figures & Where & { finalUrl: string; lcpElement: string }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    if (cookie) {
      // The session cookie is set in the browser itself (Lighthouse keeps cookies across its storage
      // reset): an extra request header would not reach the worker's calls.
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const [name, value] = cookie.split('=') as [string, string];
      await cdp.contexts()[0]!.addCookies([{ name, value, url: new URL(url).origin }]);
      await cdp.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    if (process.env.BENCH_SAVE) writeFileSync(join(process.env.BENCH_SAVE, `${new URL(url).pathname.replace(/\W+/g, '_')}.json`), JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const num = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
    const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items;
    const failedA11y = Object.values(lhr.audits).filter((a) => a.score === 0 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id)).map((a) => a.id);
    if (failedA11y.length) console.log(`    accessibility failures on ${url}: ${failedA11y.join(', ')}`);
    // The page's JavaScript as sent (compressed, with each reply's headers), the worker and the service worker aside.
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    const js = requests.filter((r) => r.resourceType === 'Script' && !/core\.worker|\/sw\.js|workbox/.test(r.url)).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const items = <T>(id: string): T[] => ((lhr.audits[id]?.details as { items?: T[] } | undefined)?.items ?? []);
    const scripts = items<{ url: string; total: number; scripting: number }>('bootup-time').slice(0, 4)
      .map((b) => `${b.url.split('/').pop() || b.url} ${Math.round(b.total)}/${Math.round(b.scripting)}`).join(', ');
    const groups = items<{ groupLabel?: string; group?: string; duration: number }>('mainthread-work-breakdown').slice(0, 4)
      .map((g) => `${g.group ?? g.groupLabel} ${Math.round(g.duration)}`).join(', ');
    return {
      scripts, groups,
      js,
      // Lighthouse's measure of this host's CPU: the blocking time it simulates (observed task
      // times x 4) depends on it, so figures of two machines compare only beside it.
      cpu: lhr.environment.benchmarkIndex,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      si: num('speed-index'),
      finalUrl: lhr.finalDisplayedUrl,
      lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '',
    };
  } finally {
    chrome.kill();
  }
}

/** One run, once more when Lighthouse itself fails to record the load (NO_NAVSTART on a busy machine). */
async function runOnceMore(url: string, cookie: string | undefined): Promise<Awaited<ReturnType<typeof run>>> {
  try {
    return await run(url, cookie);
  } catch (err) {
    console.log(`    again after: ${(err as Error).message.slice(0, 120)}`);
    return run(url, cookie);
  }
}

/** The median of RUNS runs, figure by figure. */
async function measure(name: string, url: string, cookie?: string): Promise<Figures> {
  const runs: Awaited<ReturnType<typeof run>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runOnceMore(url, cookie));
  const pick = (k: keyof Figures) => median(runs.map((r) => r[k]));
  const mid = [...runs].sort((a, b) => a.tbt - b.tbt)[Math.floor(runs.length / 2)]!;
  const f: Figures = { performance: pick('performance'), accessibility: pick('accessibility'), fcp: pick('fcp'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), si: pick('si'), js: pick('js'), cpu: pick('cpu') };
  const met = f.performance >= GOAL.performance && f.lcp <= GOAL.lcp && f.tbt <= GOAL.tbt && f.cls <= GOAL.cls && f.accessibility >= GOAL.accessibility;
  console.log(`${name.padEnd(12)} perf ${String(f.performance).padStart(3)}  a11y ${String(f.accessibility).padStart(3)}  FCP ${(f.fcp / 1000).toFixed(2)} s  LCP ${(f.lcp / 1000).toFixed(2)} s  TBT ${Math.round(f.tbt)} ms  CLS ${f.cls.toFixed(3)}  SI ${(f.si / 1000).toFixed(2)} s  JS sent ${(f.js / 1024).toFixed(0)} KiB  CPU index ${Math.round(f.cpu)}  ${met ? 'goals met' : 'goals NOT met'}`
    + `  (runs: perf ${runs.map((r) => r.performance).join('/')}, LCP ${runs.map((r) => (r.lcp / 1000).toFixed(1)).join('/')} s; final ${new URL(runs[0]!.finalUrl).pathname}; LCP element ${runs[0]!.lcpElement.slice(0, 80)})`);
  console.log(`${''.padEnd(12)} main thread (median-TBT run, ms): ${mid.groups}; scripts total/scripting: ${mid.scripts}`);
  return f;
}

/** Builds the bare page and serves it as the app is served (precompressed, same static plugin). */
async function startBare(): Promise<{ url: string; stop(): Promise<void> }> {
  const out = mkdtempSync(join(tmpdir(), 'bet-bare-'));
  const build = spawnSync('npx', ['vite', 'build', '--config', 'tests/bench/bare/vite.config.mjs', '--outDir', out, '--emptyOutDir'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('bare build failed');
  spawnSync(process.execPath, ['scripts/precompress.mjs', out], { stdio: 'inherit' });
  const app = Fastify();
  await app.register(fastifyStatic, { root: out, preCompressed: true });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, stop: async () => { await app.close(); rmSync(out, { recursive: true, force: true }); } };
}

const only = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
const wanted = (name: string) => !only.length || only.includes(name);

const dataDir = mkdtempSync(join(tmpdir(), 'bet-bench-lh-'));
const staticDir = join(dataDir, 'dist');
if (!process.env.BENCH_URL) cpSync('dist', staticDir, { recursive: true });
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => undefined }
  : await startServer({ DATA_DIR: dataDir, STATIC_DIR: staticDir, DATABASE_URL: '', REDIS_URL: '', FEED_SEED: '17' });
const bare = wanted('bare') ? await startBare() : null;
try {
  const post = (call: string, body: unknown, cookie?: string) => fetch(`${server.url}/api/${call}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body),
  });
  const login = await post('login', { userName: 'demo', password: 'demo1234' });
  const sid = (login.headers.get('set-cookie') ?? '').match(/sid=[^;]+/)?.[0];
  if (!sid) throw new Error(`demo login failed: ${login.status}`);
  const highlights = await (await post('highlights', {})).json() as { data?: { results?: { id: number }[] } };
  const matchId = highlights.data?.results?.[0]?.id;
  console.log(`Lighthouse ${RUNS} runs per page, mobile defaults (simulated slow 4G, 4x CPU), Chromium ${CHROMIUM}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (bare) await measure('bare page', `${bare.url}/`);
  if (wanted('home')) await measure('Home', `${server.url}/tr/`);
  if (wanted('allsports')) await measure('AllSports', `${server.url}/tr/allsports`);
  if (wanted('livebets')) await measure('LiveBets', `${server.url}/tr/livebets`);
  if (wanted('match') && matchId) await measure('MatchDetail', `${server.url}/tr/matchdetail/${matchId}?ttype=N`);
  if (wanted('coupons')) await measure('Coupons', `${server.url}/tr/coupons`, sid);
  if (wanted('casino')) await measure('Casino lobby', `${server.url}/tr/casino`, sid);
} finally {
  await bare?.stop();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
