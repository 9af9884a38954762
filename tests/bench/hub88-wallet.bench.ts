/**
 * Hub88's wallet beside the demo protocol on PostgreSQL: `npx tsx tests/bench/hub88-wallet.bench.ts`
 *
 * A real listening server (a child process: buildApp on a throwaway PostgreSQL database seeded like
 * the tests, HUB88_PUBLIC_KEY a 2048-bit key made here) and 50 players, each with a launch token of
 * a Hub88 game and one of a demo game. A round is a bet then a win that names it (round closed),
 * over HTTP/1.1 keep-alive; the players start rounds on a fixed schedule (open loop) adding up to
 * BENCH_RATE rounds a second. First the demo protocol (HMAC-SHA256, minor units), the baseline, then
 * Hub88 (RSA-SHA256 verified on every call, amounts x 100,000), in the same run. Bodies are signed
 * before the clock starts (Hub88 signs on its side, not ours). Prints rounds/s, p50/p95/p99, the
 * ratio of the p99s and of the server CPU per round, and the share of the server's CPU that RSA
 * verification takes (its cost per call measured here times the calls, over the server's CPU of the
 * Hub88 run); checks the ledger afterwards.
 *
 * Options: BENCH_PLAYERS (50), BENCH_RATE (500 a second), BENCH_SECONDS (10), PG_POOL_MAX (8),
 * TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432/postgres).
 */
import { createPublicKey, generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
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
  const { hmacSign, providerSecret } = await import('../../server/casino/signature.ts');
  const { hub88User } = await import('../../domain/casino/hub88.ts');

  const players = Number(process.env.BENCH_PLAYERS ?? 50);
  const rate = Number(process.env.BENCH_RATE ?? 500);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  if (!(await drivers()).includes('pg')) {
    console.log('hub88-wallet bench: PostgreSQL is not reachable; nothing measured.');
    return;
  }
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const { db, drop } = await openTestDb('pg');
  let server: BenchServer | undefined;
  try {
    await migrate(db);
    await seedDemo(db, SEED_NOW);
    const name = (await db.query<{ n: string }>('select current_database() as n'))[0]!.n;
    const dbUrl = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
    dbUrl.pathname = `/${name}`;
    const [demoGame] = await db.query<{ id: number }>(`select id from casino_games where code = 'fruit-fiesta'`);
    // a studio of Hub88 with one slot, as a sync would make it
    const [studio] = await db.query<{ id: number }>(
      `insert into casino_providers (code, name, protocol, parent_id, list_order) select 'hub88-bench-studio', 'Bench Studio', 'hub88', id, 200 from casino_providers where code = 'hub88' returning id`);
    const [hubGame] = await db.query<{ id: number }>(`insert into casino_games (provider_id, product, code, title) values ($1, 5, 'bch_slot', 'Bench Slot') returning id`, [studio!.id]);

    const users: number[] = [];
    const demoTokens: string[] = [];
    const hubTokens: string[] = [];
    for (let i = 0; i < players; i++) {
      await db.tx(async (q) => {
        const [u] = await q.query<{ id: number }>(
          `insert into users (username, password_hash, first_name, last_name, email)
           select $1, password_hash, 'Bench', 'Player', $1 || '@example.com' from users where username = 'demo' returning id`, [`hbench_${i}`]);
        await q.query(`insert into wallets (user_id, currency, balance) values ($1, 'TRY', 0)`, [u!.id]);
        await postLedger(q, { userId: u!.id, amount: 100_000_000, kind: 'deposit', refType: 'bench', refId: null });
        users.push(u!.id);
        for (const [game, list] of [[demoGame!.id, demoTokens], [hubGame!.id, hubTokens]] as const) {
          const token = randomUUID();
          await q.query(`insert into casino_sessions (token, user_id, game_id, currency, created_at, expires_at) values ($1, $2, $3, 'TRY', $4, $5)`,
            [token, u!.id, game, new Date(SEED_NOW), new Date(SEED_NOW + 86_400_000)]);
          list.push(token);
        }
      });
    }

    server = await startBenchServer(SELF, dbUrl.toString(), { env: { HUB88_PUBLIC_KEY: keys.publicKey }, sockets: players * 2 });
    const post = server.post;
    const ok = async (r: Promise<{ body: string }>) => (JSON.parse((await r).body) as { status: string }).status === 'RS_OK';

    // Every body of both runs, signed before the clock starts.
    // the measured rounds, then those of the warm-up at the end of each player's list
    const perPlayer = Math.ceil((seconds * rate) / players) + 2 + Math.ceil((2 * rate) / players) + 1;
    const secret = providerSecret('DEMO_PROVIDER_SECRET');
    type Signed = { raw: string; sig: string };
    const demoRounds: Array<Array<[Signed, Signed]>> = [];
    const hubRounds: Array<Array<[Signed, Signed]>> = [];
    const t0 = performance.now();
    for (let p = 0; p < players; p++) {
      const d: Array<[Signed, Signed]> = [], hb: Array<[Signed, Signed]> = [];
      for (let n = -1; n < perPlayer; n++) {
        const round = `d-${p}-${n}`;
        const base = { token: demoTokens[p], round, game_code: 'fruit-fiesta', currency: 'TRY' };
        const bet = JSON.stringify({ request_uuid: randomUUID(), ...base, transaction_uuid: `${round}-b`, amount: 100 });
        const win = JSON.stringify({ request_uuid: randomUUID(), ...base, transaction_uuid: `${round}-w`, reference_transaction_uuid: `${round}-b`, round_closed: true, amount: n % 4 === 0 ? 300 : 0 });
        d.push([{ raw: bet, sig: hmacSign(secret, bet) }, { raw: win, sig: hmacSign(secret, win) }]);
        const hr = `h-${p}-${n}`;
        const hbase = { user: hub88User(users[p]!), token: hubTokens[p], round: hr, game_code: 'bch_slot', currency: 'TRY', supplier_user: `s${p}`, is_free: false, is_aggregated: false, bet: 'zero', meta: {} };
        const hbet = JSON.stringify({ ...hbase, request_uuid: randomUUID(), transaction_uuid: `${hr}-b`, supplier_transaction_id: `${hr}-sb`, round_closed: false, amount: 100_000 });
        const hwin = JSON.stringify({ ...hbase, request_uuid: randomUUID(), transaction_uuid: `${hr}-w`, supplier_transaction_id: `${hr}-sw`, reference_transaction_uuid: `${hr}-b`, round_closed: true, amount: n % 4 === 0 ? 300_000 : 0 });
        const s = (raw: string) => ({ raw, sig: sign('sha256', Buffer.from(raw), keys.privateKey).toString('base64') });
        hb.push([s(hbet), s(hwin)]);
      }
      demoRounds.push(d);
      hubRounds.push(hb);
    }
    console.log(`signed ${players * (perPlayer + 1) * 4} bodies in ${((performance.now() - t0) / 1000).toFixed(1)} s (before the runs)`);
    const demoCall = (op: string, b: Signed) => post(`/casino/wallet/demo/${op}`, b.raw, { 'x-signature': b.sig });
    const hubCall = (op: string, b: Signed) => post(`/casino/hub88/transaction/${op}`, b.raw, { 'x-hub88-signature': b.sig });
    // warm-up: a round per player on each protocol (index 0 is round -1)
    for (let p = 0; p < players; p++) {
      for (const [call, rounds] of [[demoCall, demoRounds], [hubCall, hubRounds]] as const) {
        if (!(await ok(call('bet', rounds[p]![0]![0])) && await ok(call('win', rounds[p]![0]![1])))) throw new Error(`warm-up round of player ${p} refused`);
      }
    }
    const opts = { db, dbName: name, serverPid: server.child.pid!, players, rate, seconds };
    // both paths warm (JIT, pool, plans) before either is measured: 2 s of each, not reported
    const warm = { ...opts, seconds: 2 };
    const warmRounds = Math.ceil((2 * rate) / players) + 1;
    await paced(warm, 'warm-up demo', async (p, n) => (n < warmRounds ? (await ok(demoCall('bet', demoRounds[p]![perPlayer - warmRounds + n]![0]))) && ok(demoCall('win', demoRounds[p]![perPlayer - warmRounds + n]![1])) : true));
    await paced(warm, 'warm-up Hub88', async (p, n) => (n < warmRounds ? (await ok(hubCall('bet', hubRounds[p]![perPlayer - warmRounds + n]![0]))) && ok(hubCall('win', hubRounds[p]![perPlayer - warmRounds + n]![1])) : true));
    const demo = await paced(opts, 'demo protocol bet+win round (HMAC)', async (p, n) => {
      const [bet, win] = demoRounds[p]![n + 1]!;
      return (await ok(demoCall('bet', bet))) && ok(demoCall('win', win));
    });
    const hub = await paced(opts, 'Hub88 bet+win round (RSA-SHA256 verified)', async (p, n) => {
      const [bet, win] = hubRounds[p]![n + 1]!;
      return (await ok(hubCall('bet', bet))) && ok(hubCall('win', win));
    });

    // RSA verification's cost, measured here on the same key and bodies, times the calls of the Hub88 run
    // (a key object, as the server holds it: parsing the PEM at each call would cost more than the check)
    const publicKey = createPublicKey(keys.publicKey);
    const sample = hubRounds[0]!.slice(1, 201).flat().map((b) => ({ raw: Buffer.from(b.raw), sig: Buffer.from(b.sig, 'base64') }));
    for (const b of sample.slice(0, 50)) verify('sha256', b.raw, publicKey, b.sig);
    const verifyStart = process.cpuUsage();
    let checked = 0;
    for (let k = 0; k < 5; k++) for (const b of sample) checked += verify('sha256', b.raw, publicKey, b.sig) ? 1 : 0;
    const vc = process.cpuUsage(verifyStart);
    const verifyUs = (vc.user + vc.system) / checked;
    const verifySec = (hub.done * 2 * verifyUs) / 1e6;
    console.log(`RSA-SHA256 verification (2048-bit): ${verifyUs.toFixed(0)} us of CPU a call; ${hub.done * 2} calls = ${verifySec.toFixed(2)} s`
      + ` = ${((100 * verifySec) / Math.max(1e-9, hub.serverCpuS)).toFixed(1)} % of the server's CPU in the Hub88 run (${hub.serverCpuS.toFixed(2)} s)`);
    console.log(`Hub88 p99 / demo p99 = ${(hub.p99 / demo.p99).toFixed(2)}; server CPU per round Hub88 / demo = ${(hub.serverCpuMs / demo.serverCpuMs).toFixed(2)}`
      + ` (${hub.serverCpuMs.toFixed(2)} / ${demo.serverCpuMs.toFixed(2)} ms); CPU per round, all processes, ${(hub.cpuMs / demo.cpuMs).toFixed(2)}`);
    const bad = await ledgerViolations(db);
    console.log(bad.length ? `LEDGER VIOLATIONS: ${bad.slice(0, 5).join('; ')}` : 'ledger: every balance equals its rows');
  } finally {
    await server?.close();
    await drop();
  }
}
