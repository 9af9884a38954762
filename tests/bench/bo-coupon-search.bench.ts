/**
 * Back-office coupon search on PostgreSQL: `npx tsx tests/bench/bo-coupon-search.bench.ts`
 *
 * A throwaway database with 1,000,000 coupons of 20,000 players under a 5-level tree of 2,000
 * dealers (10, 40, 150, 400, 1,400 per level), all bulk-generated with generate_series, then the
 * search of server/backoffice/coupons.ts (couponSearch: count capped at 10,000 plus one page of 50,
 * newest first) as a dealer picked at random, over its own subtree with filters (the last 30 days,
 * and half the time a status). Prints p50/p95/p99 per dealer level and overall. Goal: p99 < 50 ms.
 *
 * Options: BENCH_QUERIES (600), BENCH_COUPONS (1000000), BENCH_KEEP=1 (keep the database), TEST_DATABASE_URL (else
 * postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { couponSearch, PER_USER_MAX } from '../../server/backoffice/coupons.ts';
import { boCouponsPayload } from '../../domain/backoffice/calls.ts';
import type { BoActor } from '../../server/backoffice/guard.ts';
import { effectivePermissions } from '../../server/backoffice/guard.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const QUERIES = Number(process.env.BENCH_QUERIES ?? 600);
const COUPONS = Number(process.env.BENCH_COUPONS ?? 1_000_000);
const LEVELS = [10, 40, 150, 400, 1_400];
const PLAYERS = 20_000;
const NOW = Date.parse('2026-06-01T12:00:00Z');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function main(): Promise<void> {
  const name = `bet_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  try {
    await migrate(db);
    const t0 = Date.now();
    // The operator, then each level's dealers under the level above (round robin), as user ids 1..2001.
    await db.query(`insert into users (username, password_hash, user_type) values ('bench_operator', 'x', 'O')`);
    const [op] = await db.query<{ id: number }>(`select id from users where username = 'bench_operator'`);
    let prevFirst = op!.id;
    let prevCount = 1;
    for (const [level, count] of LEVELS.entries()) {
      const [first] = await db.query<{ id: number }>(
        `insert into users (username, password_hash, user_type, parent_id)
         select 'bench_d${level}_' || g, 'x', $4, $1 + ((g - 1) % $2) from generate_series(1, $3) g returning id`, [prevFirst, prevCount, count, level === 0 ? 'D' : 'S']);
      const [{ min }] = await db.query<{ min: number }>(`select min(id) as min from users where username like 'bench_d${level}\\_%'`) as [{ min: number }];
      void first;
      prevFirst = min;
      prevCount = count;
    }
    // Players: round robin over all dealers of every level.
    await db.query(
      `insert into users (username, password_hash, user_type, parent_id)
       select 'bench_p' || g, 'x', 'U', (select id from users where user_type in ('D', 'S') order by id offset ((g - 1) % 2000) limit 1)
         from generate_series(1, $1) g`, [PLAYERS]);
    // The closure table, level by level from the parents (bulk set-up only).
    await db.query(`insert into user_tree (ancestor_id, descendant_id, depth) select parent_id, id, 1 from users where parent_id is not null`);
    for (let d = 2; d <= LEVELS.length + 1; d++) {
      await db.query(
        `insert into user_tree (ancestor_id, descendant_id, depth)
         select t.ancestor_id, u.id, t.depth + 1 from users u join user_tree t on t.descendant_id = u.parent_id and t.depth = $1 - 1`, [d]);
    }
    const [{ pmin }] = await db.query<{ pmin: number }>(`select min(id) as pmin from users where user_type = 'U'`) as [{ pmin: number }];
    await db.query(
      `insert into coupons (user_id, ticket_type, is_live, status, total_stake, ticket_stake, total_odds, max_pay, income, created_at)
       select $1 + ((g::int8 * 7919) % $2)::int, (array['TK','KK','CK','SK'])[1 + g % 4], (g % 5 = 0)::int, (array[0, 1, -1, -1, -2, 2])[1 + (g / 7) % 6],
              100 + (g::int8 * 31) % 50000, 100 + (g::int8 * 31) % 50000, 2000, 4000, 0, $3::timestamptz - ((g::int8 * 13) % (90 * 24 * 60)) * interval '1 minute'
         from generate_series(1, $4) g`, [pmin, PLAYERS, new Date(NOW), COUPONS]);
    await db.query('vacuum analyze');
    console.log(`set-up: ${COUPONS} coupons, ${PLAYERS} players, ${LEVELS.reduce((s, x) => s + x, 0)} dealers in ${LEVELS.length} levels, ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const dealers = await db.query<{ id: number; user_type: string; depth: number }>(
      `select u.id, u.user_type, (select count(*)::int from user_tree a where a.descendant_id = u.id) as depth from users u where u.user_type in ('D', 'S')`);
    let seed = 42;
    const rand = () => { seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648; return seed / 2_147_483_648; };
    // Each query runs under every strategy in turn (same load): ordered scan only (0), and user by
    // user up to 1,000 or 3,000 users below the dealer.
    const STRATEGIES = [0, 1_000, 3_000];
    const byLevel = new Map<string, number[]>();
    const all = new Map<number, number[]>(STRATEGIES.map((x) => [x, []]));
    for (let i = 0; i < QUERIES; i++) {
      // Half the time a dealer of a random level (so the big subtrees are measured), else any dealer.
      const level = i % 2 ? 1 + Math.floor(rand() * LEVELS.length) : 0;
      const pool = level ? dealers.filter((d) => d.depth === level) : dealers;
      const d = pool[Math.floor(rand() * pool.length)]!;
      const role = d.user_type === 'D' ? 'dealer' : 'subDealer';
      const actor: BoActor = { userId: d.id, userName: '', role, letter: d.user_type, permissions: effectivePermissions(role, ['viewCoupons']), team: false, currency: 'TRY', transfersBlocked: false, needOtp: false };
      const payload = boCouponsPayload.parse({ from: '2026-05-02', to: '2026-06-01', ...(i % 4 < 2 ? { status: 0 } : {}) });
      for (const strategy of STRATEGIES) {
        const s = performance.now();
        await couponSearch(db, actor, payload, strategy);
        const ms = performance.now() - s;
        all.get(strategy)!.push(ms);
        const key = `${d.depth}/${strategy}`;
        byLevel.set(key, [...(byLevel.get(key) ?? []), ms]);
      }
    }
    for (let lv = 1; lv <= LEVELS.length; lv++) {
      console.log(`level ${lv} (${LEVELS[lv - 1]} dealers): ${STRATEGIES.map((st) => {
        const xs = byLevel.get(`${lv}/${st}`) ?? [0];
        return `[per-user <= ${st}] p50 ${pct(xs, 50).toFixed(1)} p99 ${pct(xs, 99).toFixed(1)} ms`;
      }).join('  ')}`);
    }
    for (const st of STRATEGIES) {
      const xs = all.get(st)!;
      const p99 = pct(xs, 99);
      console.log(`coupon search [per-user <= ${st}${st === PER_USER_MAX ? ', the server default' : ''}], own subtree, last 30 days (+ status half the time): n=${xs.length} p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal < 50 ms: ${p99 < 50 ? 'met' : 'NOT met'})`);
    }
  } finally {
    await db.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
    else await admin.query(`drop database ${name}`).catch(() => undefined);
    await admin.end();
  }
}

await main();
