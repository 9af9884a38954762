/**
 * Matches bench: `npx tsx tests/bench/matches.bench.ts`
 *
 * Loads BENCH_MATCHES (default 50,000) demo matches with their markets into a fresh PostgreSQL
 * database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 * dropped at the end), then measures the `matches` call through the HTTP app (validation, SQL,
 * JSON) as the league list and the search box send it: p50 and p99 latency. The baseline is the
 * same calls in the same run after dropping the filter indexes (league and date, trigram search),
 * so PostgreSQL must scan. Goal: p99 under 20 ms with the indexes.
 * Options: BENCH_ITER calls per measured query (default 400), BENCH_BASE_ITER for the baseline (default 60).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { openDb, type Queryable } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { buildApp } from '../../server/http/app.ts';
import { listMatches } from '../../server/catalogue/match-queries.ts';
import { loadBenchMatches } from './matches-seed.ts';

const COUNT = Number(process.env.BENCH_MATCHES ?? 50_000);
const ITER = Number(process.env.BENCH_ITER ?? 400);
const BASE_ITER = Number(process.env.BENCH_BASE_ITER ?? 60);
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

// BENCH_DB names an already loaded database to measure again (kept; its indexes are put back).
const reuse = process.env.BENCH_DB;
const dbName = reuse || `bet_bench_${randomBytes(5).toString('hex')}`;
if (!reuse) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
}
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const db = await openDb({ databaseUrl: url.toString() });
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const FILTER_INDEXES = ['matches_tournament_date_idx', 'matches_search_trgm_idx', 'matches_sport_date_idx', 'matches_category_date_idx', 'matches_date_idx', 'matches_highlight_date_idx'];
let dropped: string[] = [];
try {
  await migrate(db);
  console.log(`matches bench on PostgreSQL ${(await db.query<{ server_version: string }>('show server_version'))[0]!.server_version}`);
  let now = Date.now();
  if (reuse) {
    // The load's clock: just before its first kick-off.
    const [first] = await db.query<{ t: Date }>('select min(match_date) as t from matches');
    now = first!.t.getTime() - 20 * 60_000;
  } else {
    const load = await loadBenchMatches(db, COUNT, now);
    console.log(`loaded ${fmt(load.matches)} matches, ${fmt(load.groups)} odds groups, ${fmt(load.outcomes)} outcomes, ${fmt(load.leagues.length)} leagues, ${fmt(load.teams)} teams in ${(load.ms / 1000).toFixed(1)} s (bulk: unnest arrays and INSERT ... SELECT)`);
  }

  const app = await buildApp({ db, clock: () => now });
  // Leagues with matches, and keywords of a few matches each (team names) and of many (a suffix).
  const leagues = (await db.query<{ id: number }>(`select tournament_id as id from matches group by tournament_id having count(*) >= 20 order by tournament_id`)).map((r) => r.id);
  const names = (await db.query<{ name: string }>(`select name from teams order by id`)).map((r) => r.name);
  const keywords = [
    'galatasaray', 'fenerbah', 'real madrid', 'bayern',
    ...Array.from({ length: 16 }, (_, i) => names[(i * 7919) % names.length]!.split(' ')[0]!.toLowerCase().slice(0, 7)),
  ];
  const leaguePayload = (i: number) => ({ tournamentId: leagues[(i * 31) % leagues.length], odds: [1, 186], limit: 100, lang: 'tr' });
  const searchPayload = (i: number) => ({ keyWord: keywords[i % keywords.length], odds: [1, 186], limit: 50, lang: 'tr' });

  let rows = 0;
  async function time(payload: (i: number) => Record<string, unknown>, n: number): Promise<{ p50: number; p99: number; mean: number }> {
    for (let i = 0; i < Math.min(20, n); i++) await app.inject({ method: 'POST', url: '/api/matches', payload: payload(i) }); // warm
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/matches', payload: payload(i) });
      ms.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`matches ${res.statusCode}: ${res.body}`);
      rows += (res.json() as { data: { results: unknown[] } }).data.results.length;
    }
    ms.sort((a, b) => a - b);
    return { p50: ms[Math.floor(n * 0.5)]!, p99: ms[Math.min(n - 1, Math.floor(n * 0.99))]!, mean: ms.reduce((s, x) => s + x, 0) / n };
  }

  /** The same query without HTTP: listMatches on the database alone. */
  async function timeSql(payload: (i: number) => Record<string, unknown>, n: number): Promise<{ p50: number; p99: number; mean: number }> {
    const filter = (i: number) => {
      const x = payload(i) as { tournamentId?: number; keyWord?: string; odds: number[]; limit: number };
      return { tournamentId: x.tournamentId, keyWord: x.keyWord, oddsTypes: x.odds, limit: x.limit };
    };
    for (let i = 0; i < Math.min(20, n); i++) await listMatches(db, filter(i), now);
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await listMatches(db, filter(i), now);
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return { p50: ms[Math.floor(n * 0.5)]!, p99: ms[Math.min(n - 1, Math.floor(n * 0.99))]!, mean: ms.reduce((s, x) => s + x, 0) / n };
  }

  /**
   * The time PostgreSQL itself spends (planning + execution, EXPLAIN ANALYZE) on the statements of
   * listMatches: less sensitive than a round trip to other processes competing for the cores.
   */
  async function timeInDb(payload: (i: number) => Record<string, unknown>, n: number): Promise<{ p50: number; p99: number }> {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const x = payload(i) as { tournamentId?: number; keyWord?: string; odds: number[]; limit: number };
      const statements: Array<[string, readonly unknown[] | undefined]> = [];
      const spy: Queryable = { query: async <T,>(sql: string, params?: readonly unknown[]) => { statements.push([sql, params]); return db.query<T>(sql, params); } };
      await listMatches(spy, { tournamentId: x.tournamentId, keyWord: x.keyWord, oddsTypes: x.odds, limit: x.limit }, now);
      let ms = 0;
      for (const [sql, params] of statements) {
        const [plan] = await db.query<{ 'QUERY PLAN': Array<{ 'Planning Time': number; 'Execution Time': number }> }>(`explain (analyze, format json) ${sql}`, params);
        ms += plan!['QUERY PLAN'][0]!['Planning Time'] + plan!['QUERY PLAN'][0]!['Execution Time'];
      }
      out.push(ms);
    }
    out.sort((a, b) => a - b);
    return { p50: out[Math.floor(n * 0.5)]!, p99: out[Math.min(n - 1, Math.floor(n * 0.99))]! };
  }

  const loadBefore = loadavg()[0]!;
  const indexed = { league: await time(leaguePayload, ITER), search: await time(searchPayload, ITER) };
  const sqlOnly = { league: await timeSql(leaguePayload, ITER), search: await timeSql(searchPayload, ITER) };
  const inDb = { league: await timeInDb(leaguePayload, 100), search: await timeInDb(searchPayload, 100) };
  const avgRows = { league: 0, search: 0 };
  rows = 0; await time(leaguePayload, 50); avgRows.league = rows / 50;
  rows = 0; await time(searchPayload, 50); avgRows.search = rows / 50;

  // Baseline: the same calls without the filter indexes.
  dropped = (await db.query<{ indexdef: string }>('select indexdef from pg_indexes where indexname = any($1::text[])', [FILTER_INDEXES])).map((r) => r.indexdef);
  for (const ix of FILTER_INDEXES) await db.query(`drop index if exists ${ix}`);
  await db.query('analyze matches');
  const base = { league: await time(leaguePayload, BASE_ITER), search: await time(searchPayload, BASE_ITER) };
  const baseInDb = { league: await timeInDb(leaguePayload, BASE_ITER), search: await timeInDb(searchPayload, BASE_ITER) };
  await app.close();

  const f = (x: number) => x.toFixed(2).padStart(7);
  const line = (label: string, a: { p50: number; p99: number; mean: number }, b: { p50: number; p99: number; mean: number }) =>
    console.log(`${label.padEnd(16)} indexed p50 ${f(a.p50)} ms  p99 ${f(a.p99)} ms | no index p50 ${f(b.p50)} ms  p99 ${f(b.p99)} ms | p50 ratio ${(b.p50 / a.p50).toFixed(1)}x`);
  console.log(`${ITER} calls per query with the indexes, ${BASE_ITER} without; ${leagues.length} leagues and ${keywords.length} keywords in rotation; about ${avgRows.league.toFixed(0)} and ${avgRows.search.toFixed(0)} rows a reply`);
  console.log(`machine load average (1 min) ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after, on ${cpus().length} cores: latency on a busy machine includes waiting for a core`);
  console.log('the matches call through HTTP (validation, SQL, JSON):');
  line('league list', indexed.league, base.league);
  line('keyword search', indexed.search, base.search);
  console.log(`the database part alone (listMatches), with the indexes: league p50 ${f(sqlOnly.league.p50)} ms p99 ${f(sqlOnly.league.p99)} ms; search p50 ${f(sqlOnly.search.p50)} ms p99 ${f(sqlOnly.search.p99)} ms`);
  const dbLine = (label: string, a: { p50: number; p99: number }, b: { p50: number; p99: number }) =>
    console.log(`${label.padEnd(16)} indexed p50 ${f(a.p50)} ms  p99 ${f(a.p99)} ms | no index p50 ${f(b.p50)} ms  p99 ${f(b.p99)} ms | p50 ratio ${(b.p50 / a.p50).toFixed(1)}x`);
  console.log('time inside PostgreSQL (planning + execution of the same statements, EXPLAIN ANALYZE):');
  dbLine('league list', inDb.league, baseInDb.league);
  dbLine('keyword search', inDb.search, baseInDb.search);
  const worst = Math.max(indexed.league.p99, indexed.search.p99);
  console.log(`goal p99 < 20 ms on PostgreSQL: ${worst < 20 ? 'met' : 'NOT met'} (worst p99 ${worst.toFixed(2)} ms through HTTP)`);
} finally {
  if (reuse) {
    for (const def of dropped) await db.query(def);
    await db.query('analyze matches');
  }
  await db.close();
  if (!reuse) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${dbName}`);
    await c.end();
  }
}
