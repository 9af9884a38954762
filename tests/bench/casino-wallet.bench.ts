/**
 * Casino game wallet on PostgreSQL: `npx tsx tests/bench/casino-wallet.bench.ts`
 *
 * A real listening server (a child process: buildApp on a throwaway PostgreSQL database seeded like
 * the tests) and 50 players, each with a launch token of a slot. A provider round is a signed bet
 * then a signed win (round closed) over HTTP/1.1 keep-alive, as the demo provider sends them; the
 * players start rounds on a fixed schedule (open loop) adding up to BENCH_RATE rounds a second.
 * Then, in the same run and at the same rate, the same players place single coupons with
 * createCoupon: the baseline. Prints rounds/s, the round trip's latency percentiles (goal: p99
 * under 20 ms) and the ratio of the two p99s, and checks the ledger afterwards.
 *
 * Options: BENCH_NO_JACKPOT=1 (bets feed no jackpot pool), BENCH_PLAYERS (50), BENCH_RATE (500 a second), BENCH_SECONDS (10), PG_POOL_MAX (8),
 * TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { serveBenchApp, startBenchServer, type BenchServer } from './bench-server.ts';
import { paced } from './paced.ts';

const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === '--serve') await serveBenchApp(process.argv[3]!);
else await main();

async function main(): Promise<void> {
  const { openTestDb, SEED_NOW, ledgerViolations, drivers } = await import('../server/harness.ts');
  const { migrate } = await import('../../server/db/migrate.ts');
  const { seedDemo } = await import('../../server/demo/seed.ts');
  const { postLedger } = await import('../../server/wallet/ledger.ts');
  const { createSession } = await import('../../server/accounts/sessions.ts');
  const { hmacSign, providerSecret } = await import('../../server/casino/signature.ts');

  const players = Number(process.env.BENCH_PLAYERS ?? 50);
  const rate = Number(process.env.BENCH_RATE ?? 500);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  if (!(await drivers()).includes('pg')) {
    console.log('casino-wallet bench: PostgreSQL is not reachable; nothing measured.');
    return;
  }
  const { db, drop } = await openTestDb('pg');
  let server: BenchServer | undefined;
  try {
    await migrate(db);
    await seedDemo(db, SEED_NOW);
    const name = (await db.query<{ n: string }>('select current_database() as n'))[0]!.n;
    const dbUrl = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
    dbUrl.pathname = `/${name}`;
    const [game] = await db.query<{ id: number }>(`select id from casino_games where code = 'fruit-fiesta'`);
    // BENCH_NO_JACKPOT=1: bets feed no jackpot (to see what the pools cost)
    if (process.env.BENCH_NO_JACKPOT) await db.query('update jackpots set contrib_ppm = 0');

    const cookies: string[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < players; i++) {
      await db.tx(async (q) => {
        const [u] = await q.query<{ id: number }>(
          `insert into users (username, password_hash, first_name, last_name, email)
           select $1, password_hash, 'Bench', 'Player', $1 || '@example.com' from users where username = 'demo' returning id`, [`cbench_${i}`]);
        await q.query(`insert into wallets (user_id, currency, balance) values ($1, 'TRY', 0)`, [u!.id]);
        await postLedger(q, { userId: u!.id, amount: 100_000_000, kind: 'deposit', refType: 'bench', refId: null });
        cookies.push(`sid=${await createSession(q, u!.id, 86_400, SEED_NOW)}`);
        const token = randomUUID();
        await q.query(`insert into casino_sessions (token, user_id, game_id, currency, created_at, expires_at) values ($1, $2, $3, 'TRY', $4, $5)`,
          [token, u!.id, game!.id, new Date(SEED_NOW), new Date(SEED_NOW + 86_400_000)]);
        tokens.push(token);
      });
    }
    const singles = await db.query<{ mid: number; outcome_id: number; odd: number }>(
      `select m.id as mid, o.outcome_id, o.odd from matches m join odds_groups g on g.match_id = m.id and g.odds_type = 1 and g.special = ''
         join outcomes o on o.group_id = g.id
        where m.status = 'not_started' and m.match_date > $1 and m.active = 1 and o.active = 1 and o.odd >= 1010 order by m.id, o.outcome_id`,
      [new Date(SEED_NOW + 60_000)]);

    server = await startBenchServer(SELF, dbUrl.toString(), { sockets: players * 2 });
    const post = server.post;
    const secret = providerSecret('DEMO_PROVIDER_SECRET');
    const signed = (op: string, b: object) => {
      const raw = JSON.stringify({ request_uuid: randomUUID(), ...b });
      return post(`/casino/wallet/demo/${op}`, raw, { 'x-signature': hmacSign(secret, raw) });
    };

    const opts = { db, dbName: name, serverPid: server.child.pid!, players, rate, seconds };
    // warm-up: a few rounds per player
    for (let p = 0; p < players; p++) {
      const round = `warm-${p}`;
      await signed('bet', { token: tokens[p], transaction_uuid: `${round}-b`, round, game_code: 'fruit-fiesta', currency: 'TRY', amount: 100 });
      await signed('win', { token: tokens[p], transaction_uuid: `${round}-w`, round, round_closed: true, game_code: 'fruit-fiesta', currency: 'TRY', amount: 0 });
    }
    const casino = await paced(opts, 'casino bet+win round', async (p, n) => {
      const round = `b-${p}-${n}`;
      const base = { token: tokens[p], round, game_code: 'fruit-fiesta', currency: 'TRY' };
      const bet = JSON.parse((await signed('bet', { ...base, transaction_uuid: `${round}-b`, amount: 100 })).body) as { status: string };
      if (bet.status !== 'RS_OK') return false;
      const win = JSON.parse((await signed('win', { ...base, transaction_uuid: `${round}-w`, round_closed: true, amount: n % 4 === 0 ? 300 : 0 })).body) as { status: string };
      return win.status === 'RS_OK';
    });
    const coupon = await paced(opts, 'createCoupon single', async (p, n) => {
      const s = singles[(p * 31 + n * 7) % singles.length]!;
      const body = JSON.stringify({
        lang: 'tr', ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: 500, ticketStake: 500,
        tips: [{ mid: s.mid, oddTypeId: 1, ttype: 'N', odd: s.odd, banko: false, ktip: { outcomeid: s.outcome_id, special: '' } }],
      });
      const r = await post('/api/createCoupon', body, { cookie: cookies[p]!, 'idempotency-key': randomUUID(), 'sec-fetch-site': 'same-origin' });
      return r.status === 200;
    });
    console.log(`casino round p99 / createCoupon p99 = ${(casino.p99 / coupon.p99).toFixed(2)}; CPU per round / CPU per coupon = ${(casino.cpuMs / coupon.cpuMs).toFixed(2)}; casino round p99 ${casino.p99 < 20 ? 'meets' : 'misses'} the 20 ms goal`);
    const bad = await ledgerViolations(db);
    console.log(bad.length ? `LEDGER VIOLATIONS: ${bad.slice(0, 5).join('; ')}` : 'ledger: every balance equals its rows');
  } finally {
    await server?.close();
    await drop();
  }
}
