/**
 * Settlement bench: `npx tsx tests/bench/settlement.bench.ts`
 *
 * Settles N coupons (default 2000, BENCH_N) on one match result with settleMatch, in coupons per
 * second, against a baseline measured in the same run on the same database: one transaction per
 * coupon that only locks the coupon row and writes its status (the least an exactly-once,
 * one-transaction-per-coupon settlement can do). Also measured: the replay of the same result
 * (every coupon already settled: the fingerprint check) and a correction (reversal + new payout).
 * PGlite in memory by default; BENCH_DATABASE_URL runs it on PostgreSQL (a scratch database!).
 */
import { openDb } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { settleMatch } from '../../server/settlement/settle-match.ts';

const N = Number(process.env.BENCH_N ?? 2000);
const NOW = Date.parse('2026-06-01T12:00:00Z');
const db = await openDb(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { dataDir: '' });
await migrate(db);
await seedDemo(db, NOW);

const matches = await db.query<{ match_id: number; special: string; odd: number }>(
  `select g.match_id, g.special, o.odd from odds_groups g join outcomes o on o.group_id = g.id
    where g.odds_type = 1 and o.outcome_id = 1 order by g.match_id limit 2`,
);
if (matches.length < 2) throw new Error('the demo has no two matches with a match result market');
const users = (await db.query<{ id: number }>('select user_id as id from wallets order by user_id limit 3')).map((u) => u.id);

/** N single coupons on a match at its current odd, spread over the demo players (no debit: bench only). */
async function placeCoupons(m: { match_id: number; special: string; odd: number }): Promise<void> {
  await db.query(
    `insert into coupons (user_id, ticket_type, total_stake, ticket_stake, total_odds, max_pay, created_at)
     select ($1::int[])[1 + (i % array_length($1::int[], 1))], 'TK', 1000, 1000, $2::numeric, (1000 * $2::bigint) / 1000, $4
       from generate_series(1, $3::int) as i`,
    [users, m.odd, N, new Date(NOW)],
  );
  await db.query(
    `insert into coupon_tips (coupon_id, match_id, odds_type, outcome_id, special, odd)
     select c.id, $1, 1, 1, $2, $3 from coupons c where not exists (select 1 from coupon_tips t where t.coupon_id = c.id)`,
    [m.match_id, m.special, m.odd],
  );
}

const [a, b] = matches as [typeof matches[0], typeof matches[0]];
await placeCoupons(a);
await placeCoupons(b);

const time = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
};

// Baseline: lock and write each coupon of match A in its own transaction.
const ids = await db.query<{ coupon_id: number }>('select coupon_id from coupon_tips where match_id = $1 order by coupon_id', [a.match_id]);
const baseline = await time(async () => {
  for (const { coupon_id } of ids) {
    await db.tx(async (q) => {
      await q.query('select id from coupons where id = $1 for update', [coupon_id]);
      await q.query('update coupons set status = 0 where id = $1', [coupon_id]);
    });
  }
});

const HOME_WIN = { ft: { h: 2, a: 0 }, ht: { h: 1, a: 0 } };
const first = await time(() => settleMatch(db, b.match_id, HOME_WIN, NOW));
const replay = await time(() => settleMatch(db, b.match_id, HOME_WIN, NOW));
const correction = await time(() => settleMatch(db, b.match_id, { ft: { h: 0, a: 1 }, ht: { h: 0, a: 0 } }, NOW));

const [check] = await db.query<{ won: number; wins: number; reversals: number }>(
  `select (select count(*)::int from coupons c join coupon_tips t on t.coupon_id = c.id where t.match_id = $1 and c.status = -1) as won,
          (select count(*)::int from ledger where kind = 'win') as wins,
          (select count(*)::int from ledger where kind = 'reversal') as reversals`,
  [b.match_id],
);
const rate = (s: number) => Math.round(N / s);
console.log(`settlement bench on ${db.driver}, ${N} single coupons on one match`);
console.log(`  baseline (lock + write, 1 tx per coupon): ${rate(baseline).toLocaleString('en')} coupons/s`);
console.log(`  settleMatch, first result:                ${rate(first).toLocaleString('en')} coupons/s  (${(baseline / first).toFixed(2)}x baseline)`);
console.log(`  settleMatch, same result again (replay):  ${rate(replay).toLocaleString('en')} coupons/s  (${(baseline / replay).toFixed(2)}x baseline)`);
console.log(`  settleMatch, corrected result:            ${rate(correction).toLocaleString('en')} coupons/s  (${(baseline / correction).toFixed(2)}x baseline)`);
console.log(`  check: ${check!.won} coupons lost after the correction, ${check!.wins} win rows, ${check!.reversals} reversal rows (expected ${N}, ${N}, ${N})`);
if (check!.won !== N || check!.wins !== N || check!.reversals !== N) {
  console.error('settlement bench: the ledger does not show each coupon paid once and reversed once');
  process.exitCode = 1;
}
await db.close();
