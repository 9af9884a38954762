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
import { spawn } from 'node:child_process';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { availableParallelism, loadavg } from 'node:os';
import { cpuSeconds, serveBenchApp } from './bench-server.ts';

const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === '--serve') await serveBenchApp(process.argv[3]!);
else await main();

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

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
  let child: ReturnType<typeof spawn> | undefined;
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

    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile of the whole run there (open it in Chrome's DevTools)
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    child = spawn(process.execPath, [...prof, '--import', 'tsx', SELF, '--serve', dbUrl.toString()], {
      env: { ...process.env, PG_POOL_MAX: process.env.PG_POOL_MAX ?? '8', PG_POOL_MIN: process.env.PG_POOL_MIN ?? '8', PG_IDLE_MS: process.env.PG_IDLE_MS ?? '60000' }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      const rl = createInterface({ input: child!.stdout! });
      rl.on('line', (line) => { const m = /^PORT (\d+)/.exec(line); if (m) resolve(Number(m[1])); });
      child!.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: players * 2 });
    const post = (path: string, body: string, headers: Record<string, string>) => new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
    const secret = providerSecret('DEMO_PROVIDER_SECRET');
    const signed = (op: string, b: object) => {
      const raw = JSON.stringify({ request_uuid: randomUUID(), ...b });
      return post(`/casino/wallet/demo/${op}`, raw, { 'x-signature': hmacSign(secret, raw) });
    };

    /**
     * Runs `work` for each player on a fixed schedule adding up to `rate` a second; returns latencies
     * and failures. Also the CPU the server process, its PostgreSQL backends and this client used per
     * operation: on a shared machine the wall-clock figures depend on the neighbours, the CPU per
     * operation much less, and it gives the ceiling of an otherwise idle machine.
     */
    const paced = async (label: string, work: (p: number, n: number) => Promise<boolean>) => {
      const lat: number[] = [];
      let failed = 0;
      // the pool opens and closes backends during the run: each is followed from when it is first seen
      // (a new one from 0) to its last sample
      const backends = new Map<number, { base: number; last: number }>();
      const sampleBackends = async (first: boolean) => {
        for (const { pid } of await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])) {
          const now = cpuSeconds(pid);
          const b = backends.get(pid);
          if (b) { if (now > 0) b.last = now; } else backends.set(pid, { base: first ? now : 0, last: now });
        }
      };
      await sampleBackends(true);
      const sampler = setInterval(() => void sampleBackends(false).catch(() => undefined), 250);
      const cpu = () => ({ server: cpuSeconds(child!.pid!), pg: [...backends.values()].reduce((a, b) => a + b.last - b.base, 0), client: process.cpuUsage() });
      const cpu0 = { ...cpu(), pg: 0 };
      const load0 = loadavg()[0]!;
      const perPlayerMs = (1000 * players) / rate;
      const start = performance.now();
      const end = start + seconds * 1000;
      await Promise.all(Array.from({ length: players }, async (_, p) => {
        let next = start + (p * perPlayerMs) / players;
        for (let n = 0; next < end; n++, next += perPlayerMs) {
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          const t = performance.now();
          if (!(await work(p, n).catch(() => false))) failed++;
          lat.push(performance.now() - t);
        }
      }));
      const elapsed = (performance.now() - start) / 1000;
      clearInterval(sampler);
      await sampleBackends(false);
      const cpu1 = cpu();
      const load1 = loadavg()[0]!;
      lat.sort((a, b) => a - b);
      const r = { label, done: lat.length, perSec: lat.length / elapsed, p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99), max: lat[lat.length - 1] ?? NaN, failed };
      console.log(`${label}: ${r.done} in ${elapsed.toFixed(1)} s = ${r.perSec.toFixed(0)}/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, failed ${failed}`);
      const clientCpu = (cpu1.client.user + cpu1.client.system - cpu0.client.user - cpu0.client.system) / 1e6;
      const total = cpu1.server - cpu0.server + cpu1.pg - cpu0.pg + clientCpu;
      const per = (sec: number) => ((1000 * sec) / Math.max(1, r.done)).toFixed(2);
      console.log(`  CPU ms per operation: ${per(total)} (server ${per(cpu1.server - cpu0.server)}, PostgreSQL backends ${per(cpu1.pg - cpu0.pg)} (${backends.size}), client ${per(clientCpu)});`
        + ` load average ${load0.toFixed(1)} -> ${load1.toFixed(1)} on ${availableParallelism()} CPUs; ceiling on an otherwise idle machine ${total > 0 ? Math.round((availableParallelism() * r.done) / total) : 'n/a'}/s`);
      return { ...r, cpuMs: (1000 * total) / Math.max(1, r.done) };
    };

    // warm-up: a few rounds per player
    for (let p = 0; p < players; p++) {
      const round = `warm-${p}`;
      await signed('bet', { token: tokens[p], transaction_uuid: `${round}-b`, round, game_code: 'fruit-fiesta', currency: 'TRY', amount: 100 });
      await signed('win', { token: tokens[p], transaction_uuid: `${round}-w`, round, round_closed: true, game_code: 'fruit-fiesta', currency: 'TRY', amount: 0 });
    }
    const casino = await paced('casino bet+win round', async (p, n) => {
      const round = `b-${p}-${n}`;
      const base = { token: tokens[p], round, game_code: 'fruit-fiesta', currency: 'TRY' };
      const bet = JSON.parse((await signed('bet', { ...base, transaction_uuid: `${round}-b`, amount: 100 })).body) as { status: string };
      if (bet.status !== 'RS_OK') return false;
      const win = JSON.parse((await signed('win', { ...base, transaction_uuid: `${round}-w`, round_closed: true, amount: n % 4 === 0 ? 300 : 0 })).body) as { status: string };
      return win.status === 'RS_OK';
    });
    const coupon = await paced('createCoupon single', async (p, n) => {
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
    agent.destroy();
  } finally {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await drop();
  }
}
