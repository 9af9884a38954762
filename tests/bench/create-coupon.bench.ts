/**
 * createCoupon throughput on PostgreSQL: `npx tsx tests/bench/create-coupon.bench.ts`
 *
 * A real listening server (a child process: buildApp on a throwaway PostgreSQL database, seeded like
 * the tests) and 50 players placing coupons over HTTP/1.1 on loopback, each waiting for its reply
 * before sending the next on its own keep-alive connection: every request goes through Fastify's
 * whole call handling (CSRF hook, cookie, session and permission, zod, the handler, helmet's
 * headers) as a player's does. The mix is what a slip sends: 50% singles, 30%
 * combinations of 3, 20% systems 2-of-4, each with its own Idempotency-Key and picks that rotate so
 * no player trips the same-coupon or stake-per-tip rule. Prints coupons/s and latency percentiles,
 * then checks that every accepted coupon was debited once and the ledger sums to the balances.
 * Goal on the 2-core machine: over 1,000 coupons/s with p99 under 50 ms.
 *
 * The server places coupons of several players in one transaction when they arrive together
 * (server/betting/placement-queue.ts); how many went in each transaction is printed.
 *
 * The CPU used per coupon by the server, its PostgreSQL backends and this client is printed too:
 * on the shared machine the rate follows the neighbours' load, the CPU per coupon much less.
 *
 * Options: BENCH_PLAYERS (50), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2), PG_POOL_MAX for the
 * server (default here 8), TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CLIENT=node-http (node:http instead of the lean socket client), BENCH_CPU_PROF=dir (V8 CPU
 * profile of the server), BENCH_PG_STATS=1 (time per call of the placement's database functions),
 * BENCH_LIABILITY=1 (four windows of BENCH_SECONDS with the book's liability tracking off, on, off, on:
 * its triggers disabled for 'off'; prints both rates and the cost of tracking).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { availableParallelism, loadavg } from 'node:os';
import { cpuSeconds, serveBenchApp } from './bench-server.ts';

const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === '--serve') await serveBenchApp(process.argv[3]!);
else await main();


async function main(): Promise<void> {
  const { openTestDb, SEED_NOW, ledgerViolations, drivers } = await import('../server/harness.ts');
  const { migrate } = await import('../../server/db/migrate.ts');
  const { seedDemo } = await import('../../server/demo/seed.ts');
  const { postLedger } = await import('../../server/wallet/ledger.ts');
  const { createSession } = await import('../../server/accounts/sessions.ts');

  const players = Number(process.env.BENCH_PLAYERS ?? 50);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
  const poolMax = process.env.PG_POOL_MAX ?? '8';

  if (!(await drivers()).includes('pg')) {
    console.log('create-coupon bench: PostgreSQL is not reachable; nothing measured.');
    return;
  }
  const { db, drop } = await openTestDb('pg');
  let child: ReturnType<typeof spawn> | undefined;
  try {
    await migrate(db);
    await seedDemo(db, SEED_NOW);
    const url = (await db.query<{ url: string }>(`select current_database() as url`))[0]!.url;
    const dbUrl = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
    dbUrl.pathname = `/${url}`;

    // Players with plenty of credit and a session each (no argon2: the session row is written directly).
    const cookies: string[] = [];
    for (let i = 0; i < players; i++) {
      const token = await db.tx(async (q) => {
        const [u] = await q.query<{ id: number }>(
          `insert into users (username, password_hash, first_name, last_name, email)
           select $1, password_hash, 'Bench', 'Player', $1 || '@example.com' from users where username = 'demo' returning id`, [`bench_${i}`]);
        await q.query(`insert into wallets (user_id, currency, balance) values ($1, 'TRY', 0)`, [u!.id]);
        await postLedger(q, { userId: u!.id, amount: 100_000_000, kind: 'deposit', refType: 'bench', refId: null });
        return createSession(q, u!.id, 86_400, SEED_NOW);
      });
      cookies.push(`sid=${token}`);
    }

    // Upcoming matches with a 1X2 market at the seed time: the pick pool.
    const pool = await db.query<{ mid: number; outcome_id: number; odd: number }>(
      `select m.id as mid, o.outcome_id, o.odd
         from matches m join odds_groups g on g.match_id = m.id and g.odds_type = 1 and g.special = ''
         join outcomes o on o.group_id = g.id
        where m.status = 'not_started' and m.match_date > $1 and m.active = 1 and o.active = 1 and o.odd >= 1010
        order by m.id, o.outcome_id`, [new Date(SEED_NOW + 60_000)]);
    const byMatch = new Map<number, Array<{ outcome_id: number; odd: number }>>();
    for (const r of pool) byMatch.set(r.mid, [...(byMatch.get(r.mid) ?? []), r]);
    const matches = [...byMatch.entries()].filter(([, o]) => o.length === 3);
    if (matches.length < 40) throw new Error(`only ${matches.length} matches to bet on`);

    // BENCH_PG_STATS=1: PostgreSQL times its PL/pgSQL functions (this throwaway database only),
    // printed after the run with the database's per-table work
    if (process.env.BENCH_PG_STATS) await db.exec(`alter database ${url} set track_functions = 'pl'`);
    // BENCH_CPU_PROF=dir writes a V8 CPU profile of the server process there
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    child = spawn(process.execPath, [...prof, '--import', 'tsx', SELF, '--serve', dbUrl.toString()], {
      env: { ...process.env, PG_POOL_MAX: poolMax }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      const rl = createInterface({ input: child!.stdout! });
      rl.on('line', (line) => { const m = /^PORT (\d+)/.exec(line); if (m) resolve(Number(m[1])); });
      child!.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });

    // BENCH_CLIENT=node-http sends through node:http (its Agent, keep-alive); by default each player
    // has its own keep-alive socket and writes the request bytes itself (rawHttpClient): the same
    // HTTP/1.1 requests reach the server, the load generator just spends less of the shared CPU.
    const client = process.env.BENCH_CLIENT === 'node-http' ? nodeHttpClient(port, players) : rawHttpClient(port);
    /** The r-th coupon of player p: distinct picks until a player has cycled the pool 3 times. */
    const payload = (p: number, r: number): string => {
      const kind = r % 10 < 5 ? 'TK' : r % 10 < 8 ? 'KK' : 'SK';
      const n = kind === 'TK' ? 1 : kind === 'KK' ? 3 : 4;
      const base = (p * 13 + r * 7) % matches.length;
      const outcome = Math.floor(r / matches.length) % 3;
      const tips = Array.from({ length: n }, (_, j) => {
        const [mid, outs] = matches[(base + j * 17) % matches.length]!;
        const o = outs[(outcome + j) % 3]!;
        return { mid, oddTypeId: 1, ttype: 'N', odd: o.odd, banko: false, ktip: { outcomeid: o.outcome_id, special: '' } };
      });
      const count = kind === 'SK' ? 6 : 1;
      const ticketStake = 500;
      return JSON.stringify({
        lang: 'tr', ticketType: kind, oddChangeOk: false, systemTickets: kind === 'SK' ? [2] : [],
        totalStake: ticketStake * count, ticketStake, tips,
      });
    };

    const latencies: number[] = [];
    const codes = new Map<number, number>();
    let measuring = false;
    const run = { stop: false };
    const seq = new Array<number>(players).fill(0);
    const loop = async (p: number) => {
      while (!run.stop) {
        const r = seq[p]!++;
        const body = payload(p, r);
        const t0 = performance.now();
        const code = await client.post(p, body, cookies[p]!, `b-${p}-${r}`);
        const dt = performance.now() - t0;
        if (measuring) {
          latencies.push(dt);
          codes.set(code, (codes.get(code) ?? 0) + 1);
        }
      }
    };
    const loops = Array.from({ length: players }, (_, p) => loop(p));
    await new Promise((r) => setTimeout(r, warmup * 1000));
    // CPU used during the measured window by the server process, its PostgreSQL backends and this client:
    // on a shared machine the wall-clock rate depends on the neighbours, the CPU per coupon does not
    const backends = (await db.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).map((r) => r.pid);
    const cpu = () => ({ server: cpuSeconds(child!.pid!), pg: backends.reduce((s, pid) => s + cpuSeconds(pid), 0), client: process.cpuUsage() });
    // BENCH_LIABILITY=1: the book's liability (migration 255) off and on in alternate windows of the same run,
    // its triggers disabled for 'off'; while on, the deltas are folded every second as the leader does
    const { foldLiability } = await import('../../server/trading/liability.ts');
    const windows: Array<'on' | 'off'> = process.env.BENCH_LIABILITY ? ['off', 'on', 'off', 'on'] : ['on'];
    const perWindow: Array<{ mode: 'on' | 'off'; ok: number; seconds: number }> = [];
    const tracking = async (on: boolean) => {
      for (const t of ['coupon_tips_liability_added', 'coupon_tips_liability_removed']) await db.exec(`alter table coupon_tips ${on ? 'enable' : 'disable'} trigger ${t}`);
      await db.exec(`alter table coupons ${on ? 'enable' : 'disable'} trigger coupons_liability_moved`);
    };
    const cpu0 = cpu();
    const load0 = loadavg()[0]!;
    for (const mode of windows) {
      if (windows.length > 1) {
        await tracking(mode === 'on');
        await new Promise((r) => setTimeout(r, 1000));
      }
      const before = codes.get(200) ?? 0;
      measuring = true;
      const w0 = performance.now();
      const folder = mode === 'on' && windows.length > 1 ? setInterval(() => void foldLiability(db).catch(() => undefined), 1000) : null;
      await new Promise((r) => setTimeout(r, seconds * 1000));
      if (folder) clearInterval(folder);
      measuring = false;
      perWindow.push({ mode, ok: (codes.get(200) ?? 0) - before, seconds: (performance.now() - w0) / 1000 });
    }
    const elapsed = perWindow.reduce((a, w) => a + w.seconds, 0);
    const cpu1 = cpu();
    const load1 = loadavg()[0]!;
    run.stop = true;
    await Promise.all(loops);
    client.close();
    if (windows.length > 1) {
      await tracking(true);
      const rateOf = (mode: 'on' | 'off') => {
        const ws = perWindow.filter((w) => w.mode === mode);
        return ws.reduce((a, w) => a + w.ok, 0) / ws.reduce((a, w) => a + w.seconds, 0);
      };
      const on = rateOf('on');
      const off = rateOf('off');
      console.log(`  liability tracking: off ${off.toFixed(0)} coupons/s, on ${on.toFixed(0)} coupons/s (windows ${perWindow.map((w) => `${w.mode} ${(w.ok / w.seconds).toFixed(0)}`).join(', ')});`
        + ` cost ${(((off - on) / off) * 100).toFixed(1)} % (goal < 20 %: ${(off - on) / off < 0.2 ? 'met' : 'NOT met'})`);
    }

    latencies.sort((a, b) => a - b);
    const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    const ok = codes.get(200) ?? 0;
    const rate = ok / elapsed;
    const [placed] = await db.query<{ coupons: number; bets: number; debited: number }>(
      `select (select count(*)::int from coupons) as coupons, (select count(*)::int from ledger where kind = 'bet') as bets,
              (select coalesce(-sum(amount), 0)::int8 from ledger where kind = 'bet') as debited`);
    const [stakes] = await db.query<{ total: number }>('select coalesce(sum(total_stake), 0)::int8 as total from coupons');
    const violations = await ledgerViolations(db);
    // The placement queue's batches: coupons written by one transaction share its id (xmin).
    const [tx] = await db.query<{ n: number }>('select count(distinct xmin::text)::int as n from coupons');

    console.log(`createCoupon on PostgreSQL, ${players} players over HTTP/1.1 (loopback, ${process.env.BENCH_CLIENT === 'node-http' ? 'node:http client' : 'raw keep-alive sockets'}), server pool ${poolMax}, ${elapsed.toFixed(1)} s measured after ${warmup} s warm-up`);
    console.log(`  replies: ${[...codes.entries()].map(([c, n]) => `${c} x ${n}`).join(', ')}`);
    console.log(`  throughput: ${rate.toFixed(0)} coupons/s (goal > 1000: ${rate > 1000 ? 'met' : 'NOT met'})`);
    console.log(`  latency ms: p50 ${pct(0.5).toFixed(1)}, p90 ${pct(0.9).toFixed(1)}, p99 ${pct(0.99).toFixed(1)}, max ${(latencies.at(-1) ?? NaN).toFixed(1)} (goal p99 < 50: ${pct(0.99) < 50 ? 'met' : 'NOT met'})`);
    const perCoupon = (x: number) => (ok ? (x * 1000) / ok : NaN).toFixed(3);
    const clientCpu = (cpu1.client.user + cpu1.client.system - cpu0.client.user - cpu0.client.system) / 1e6;
    const totalCpu = cpu1.server - cpu0.server + cpu1.pg - cpu0.pg + clientCpu;
    console.log(`  CPU ms per coupon: server ${perCoupon(cpu1.server - cpu0.server)}, PostgreSQL backends ${perCoupon(cpu1.pg - cpu0.pg)} (${backends.length}), client ${perCoupon(clientCpu)};`
      + ` load average ${load0.toFixed(1)} -> ${load1.toFixed(1)} on ${ncpus()} CPUs (others' work shares them)`);
    console.log(`  ceiling if this CPU per coupon held on an otherwise idle machine (contention inflates it): ${ok && totalCpu > 0 ? Math.round((ncpus() * ok) / totalCpu) : 'n/a'} coupons/s`);
    console.log(`  placement batches: ${tx!.n} transactions wrote ${placed!.coupons} coupons (${(placed!.coupons / Math.max(1, tx!.n)).toFixed(1)} per transaction)`);
    console.log(`  check: ${placed!.coupons} coupons, ${placed!.bets} bet rows, debited ${placed!.debited} = stakes ${stakes!.total}: ${placed!.coupons === placed!.bets && Number(placed!.debited) === Number(stakes!.total) ? 'ok' : 'MISMATCH'}; ledger ${violations.length ? violations.slice(0, 3).join('; ') : 'sums to every balance'}`);
    if (process.env.BENCH_PG_STATS) {
      // counters reach the statistics views when a backend goes idle; give the server's a moment
      await new Promise((r) => setTimeout(r, 1000));
      const fns = await db.query<{ funcname: string; calls: number; total: number; self: number }>(
        `select funcname, calls::int, total_time as total, self_time as self from pg_stat_user_functions order by total_time desc`);
      for (const f of fns) console.log(`  pg function ${f.funcname}: ${f.calls} calls, ${(f.total / Math.max(1, f.calls) * 1000).toFixed(0)} us each (self ${(f.self / Math.max(1, f.calls) * 1000).toFixed(0)} us)`);
    }
    if (placed!.coupons !== placed!.bets || violations.length) process.exitCode = 1;
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await drop();
  }
}

function ncpus(): number {
  return availableParallelism();
}

/** POSTs /api/createCoupon for player p and resolves with the reply's HTTP status. */
interface BenchClient { post(p: number, body: string, cookie: string, key: string): Promise<number>; close(): void }

/** node:http with a keep-alive Agent, one socket per player. */
function nodeHttpClient(port: number, players: number): BenchClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: players });
  return {
    post: (_p, body, cookie, key) => new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1', port, path: '/api/createCoupon', method: 'POST', agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie, 'idempotency-key': key },
      }, (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      });
      req.once('error', reject);
      req.end(body);
    }),
    close: () => agent.destroy(),
  };
}

/**
 * One keep-alive socket per player writing the HTTP/1.1 request itself and reading the reply's
 * status line, Content-Length and body (the server's JSON replies always carry a length). One
 * request at a time per socket, as a player waits for each reply.
 */
function rawHttpClient(port: number): BenchClient {
  const sockets = new Map<number, { socket: net.Socket; done: ((code: number) => void) | null; fail: ((e: Error) => void) | null; buf: Buffer<ArrayBufferLike> }>();
  const open = (p: number) => {
    const c = { socket: net.connect({ port, host: '127.0.0.1', noDelay: true }), done: null as ((code: number) => void) | null, fail: null as ((e: Error) => void) | null, buf: Buffer.alloc(0) as Buffer<ArrayBufferLike> };
    c.socket.on('data', (chunk: Buffer) => {
      c.buf = c.buf.length ? Buffer.concat([c.buf, chunk]) : chunk;
      const end = c.buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = c.buf.toString('latin1', 0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      if (!Number.isFinite(length)) { c.fail?.(new Error(`reply without content-length: ${head}`)); return; }
      if (c.buf.length < end + 4 + length) return;
      c.buf = c.buf.subarray(end + 4 + length);
      const done = c.done;
      c.done = c.fail = null;
      done?.(Number(head.slice(9, 12)));
    });
    c.socket.on('error', (e) => c.fail?.(e));
    c.socket.on('close', () => { c.fail?.(new Error('connection closed')); sockets.delete(p); });
    sockets.set(p, c);
    return c;
  };
  return {
    post: (p, body, cookie, key) => new Promise<number>((resolve, reject) => {
      const c = sockets.get(p) ?? open(p);
      c.done = resolve;
      c.fail = reject;
      c.socket.write(`POST /api/createCoupon HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n`
        + `content-length: ${Buffer.byteLength(body)}\r\ncookie: ${cookie}\r\nidempotency-key: ${key}\r\n\r\n${body}`);
    }),
    close: () => { for (const c of sockets.values()) c.socket.destroy(); },
  };
}
