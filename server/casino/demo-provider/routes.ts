/**
 * The built-in demo provider: a game provider living under /demo-provider/ that knows
 * the operator only through the launch URL's token and the signed wallet API. Its launch page is
 * plain HTML and script (page.ts); its games are the slots of slots.ts and the timed games of
 * timed-games.ts; its money moves only through wallet calls (wallet-client.ts), over HTTP. Its
 * state (sessions with their seeds and fun balances, the bets of timed rounds) is in the database
 * (migration 184), so any server process behind the load balancer answers any of its calls.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../core/call.ts';
import { hmacVerifier, launchText, providerSecret } from '../signature.ts';
import { demoProviderWalletUrl } from '../config.ts';
import { fairFloats, newServerSeed, seedHash } from './fair.ts';
import { SLOTS, spin, winOf } from './slots.ts';
import { bingo, bingoCard, football, footballFixture, keno, resultAt, roulette, roundAt, outcomeOf, roundSeed, type TimedBet, type TimedGame } from './timed-games.ts';
import { walletClient, type Faults, type WalletClient, type WalletTransport } from './wallet-client.ts';
import { GAME_JS, pageHtml } from './page.ts';

/** Which of the operator's provider codes serves each game (three studios, one module). */
export const GAME_PROVIDER: Record<string, string> = {
  'fruit-fiesta': 'demo', 'lucky-sevens': 'demo', 'gem-rush': 'pixel', 'roulette-1': 'aurora', 'roulette-vip': 'aurora',
  'virtual-football': 'pixel', keno: 'pixel', 'bingo-room': 'demo',
};
/** The names the provider's pages show. */
const GAME_TITLES: Record<string, string> = {
  'fruit-fiesta': 'Fruit Fiesta', 'lucky-sevens': 'Lucky Sevens', 'gem-rush': 'Gem Rush', 'roulette-1': 'Aurora Rulet', 'roulette-vip': 'VIP Rulet',
  'virtual-football': 'Sanal Futbol Ligi', keno: 'Keno 20/80', 'bingo-room': 'Bingo Salonu',
};
/** Limit tables of the live tables (minor units), by limitId. */
export const TABLE_LIMITS: Record<number, { min: number; max: number }> = { 1: { min: 100, max: 50_000 }, 2: { min: 1_000, max: 500_000 }, 3: { min: 5_000, max: 2_000_000 } };
const DEFAULT_LIMIT = { min: 100, max: 100_000 };
const FUN_BALANCE = 100_000;

export interface DemoProviderOptions {
  /** Timed games (tests pass short cycles). */
  games?: TimedGame[];
  transport?: WalletTransport;
}

interface Session {
  id: string; token: string; game: string; fun: boolean; limitId: number | null; funBalance: number; currency: string;
  serverSeed: string; clientSeed: string; nonce: number;
}
interface SessionRow { id: string; token: string; game: string; fun: boolean; limit_id: number | null; fun_balance: number; currency: string; server_seed: string; client_seed: string; nonce: number }
const toSession = (r: SessionRow): Session => ({
  id: r.id, token: r.token, game: r.game, fun: r.fun, limitId: r.limit_id, funBalance: Number(r.fun_balance), currency: r.currency,
  serverSeed: r.server_seed, clientSeed: r.client_seed, nonce: r.nonce,
});
const SESSION_COLUMNS = 'id, token, game, fun, limit_id, fun_balance, currency, server_seed, client_seed, nonce';

const tokenOf = z.object({ token: z.string().min(10).max(100) });

export function registerDemoProvider(app: FastifyInstance, deps: AppDeps, opts: DemoProviderOptions = {}): { wallet: WalletClient; faults: Faults } {
  const secret = providerSecret('DEMO_PROVIDER_SECRET');
  // The timed games' seeds: a secret of the provider alone (not the wallet's), revealed per round after it.
  const seeds = providerSecret('DEMO_GAME_SEED') || randomBytes(32).toString('hex');
  const timed = new Map((opts.games ?? [roulette('roulette-1'), roulette('roulette-vip'), keno(), football(), bingo()]).map((g) => [g.code, g]));
  const base = demoProviderWalletUrl();
  // Over HTTP to the operator: the configured URL, else this server's own port once it listens,
  // else (tests that never listen) Fastify's inject, which runs the same HTTP handling.
  const transport: WalletTransport = opts.transport ?? (async (path, body, headers) => {
    const addr = app.server.address();
    const url = base || (addr && typeof addr === 'object' ? `http://127.0.0.1:${addr.port}` : '');
    if (!url) return (await app.inject({ method: 'POST', url: path, payload: body, headers })).json();
    const res = await fetch(url + path, { method: 'POST', body, headers, signal: AbortSignal.timeout(5_000) });
    return res.json();
  });
  const wallet = walletClient(transport, secret);
  const db = deps.db;
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const sessionFor = async (token: string): Promise<Session | undefined> => {
    const [r] = await db.query<SessionRow>(`select ${SESSION_COLUMNS} from demo_provider_sessions where token = $1`, [token]);
    return r ? toSession(r) : undefined;
  };
  const publicBalance = async (s: Session): Promise<{ balance: number; currency: string } | { error: string }> => {
    if (s.fun) return { balance: s.funBalance, currency: 'FUN' };
    const r = await wallet.call(GAME_PROVIDER[s.game]!, 'balance', { token: s.token, game_code: s.game, currency: s.currency });
    return r.status === 'RS_OK' ? { balance: r.balance ?? 0, currency: r.currency ?? s.currency } : { error: r.status };
  };
  /** A bet through the wallet (real) or the fun balance. */
  const debit = async (s: Session, round: string, tx: string, amount: number) => {
    if (s.fun) {
      const [r] = await db.query<{ fun_balance: number }>(
        'update demo_provider_sessions set fun_balance = fun_balance - $2 where token = $1 and fun_balance >= $2 returning fun_balance', [s.token, amount]);
      if (!r) return { status: 'RS_ERROR_NOT_ENOUGH_MONEY' as const };
      s.funBalance = Number(r.fun_balance);
      return { status: 'RS_OK' as const, balance: s.funBalance };
    }
    return wallet.call(GAME_PROVIDER[s.game]!, 'bet', { token: s.token, transaction_uuid: tx, round, round_closed: false, game_code: s.game, currency: s.currency, amount });
  };
  /** A win (0 closes the round), retried: the operator answers a repeat with its first reply. */
  const credit = async (s: Session, round: string, tx: string, amount: number) => {
    if (s.fun) {
      // a fun round is paid once: its win is kept with the round's bets (timed) or paid at once (a spin)
      const [r] = await db.query<{ fun_balance: number }>('update demo_provider_sessions set fun_balance = fun_balance + $2 where token = $1 returning fun_balance', [s.token, amount]);
      s.funBalance = Number(r?.fun_balance ?? s.funBalance + amount);
      return { status: 'RS_OK' as const, balance: s.funBalance };
    }
    let last: Awaited<ReturnType<WalletClient['call']>> = { status: 'RS_ERROR_UNKNOWN', request_uuid: '' };
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        last = await wallet.call(GAME_PROVIDER[s.game]!, 'win', { token: s.token, transaction_uuid: tx, round, round_closed: true, game_code: s.game, currency: s.currency, amount });
        if (last.status !== 'RS_ERROR_UNKNOWN') return last;
      } catch { /* network: try again */ }
    }
    return last;
  };

  app.get('/demo-provider/static/game.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(GAME_JS));

  app.get<{ Querystring: Record<string, string | undefined> }>('/demo-provider/play', async (req, reply) => {
    const q = req.query;
    const game = q.game ?? '';
    if (!q.token || !(game in GAME_PROVIDER)) return reply.code(404).type('text/plain').send('unknown game');
    const kind = game in SLOTS ? 'slot' : game.startsWith('roulette') ? 'roulette' : game;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(pageHtml({ game, title: GAME_TITLES[game] ?? game, kind, token: q.token, mode: q.mode === 'fun' ? 'fun' : 'real', lang: q.lang ?? 'tr', limit: q.limit ?? '', sig: q.sig ?? '' }));
  });

  const initBody = tokenOf.extend({ game: z.string().max(50), mode: z.enum(['fun', 'real']), limit: z.string().max(10).optional(), sig: z.string().max(64).optional(), clientSeed: z.string().max(64).optional() });
  app.post('/demo-provider/api/init', async (req, reply) => {
    const p = initBody.safeParse(req.body);
    if (!p.success || !(p.data.game in GAME_PROVIDER)) return reply.code(400).send({ error: 'bad request' });
    let s = await sessionFor(p.data.token);
    if (!s) {
      // The table limit comes from the operator's signed launch URL; a page that changed it opens nothing.
      const launch = launchText({ token: p.data.token, game: p.data.game, mode: p.data.mode, limit: p.data.limit ?? '' });
      if (!hmacVerifier(secret).verify(Buffer.from(launch), p.data.sig)) return reply.code(403).send({ error: 'BAD_LAUNCH' });
      const fresh: Session = {
        id: randomBytes(6).toString('hex'), token: p.data.token, game: p.data.game, fun: p.data.mode === 'fun', limitId: p.data.limit ? Number(p.data.limit) : null,
        funBalance: FUN_BALANCE, currency: 'TRY', serverSeed: newServerSeed(), clientSeed: p.data.clientSeed || randomBytes(8).toString('hex'), nonce: 0,
      };
      if (!fresh.fun) {
        // The operator's currency of the token: the balance call tells it (TRY first, then what it says).
        const r = await wallet.call(GAME_PROVIDER[fresh.game]!, 'balance', { token: fresh.token, game_code: fresh.game, currency: 'TRY' });
        if (r.status !== 'RS_OK') return reply.send({ error: r.status });
        fresh.currency = r.currency ?? 'TRY';
      }
      // two processes opening the same token at once keep the first
      await db.query(
        `insert into demo_provider_sessions (token, id, game, fun, limit_id, fun_balance, currency, server_seed, client_seed, nonce, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10) on conflict (token) do nothing`,
        [fresh.token, fresh.id, fresh.game, fresh.fun, fresh.limitId, fresh.funBalance, fresh.currency, fresh.serverSeed, fresh.clientSeed, new Date(deps.clock())]);
      s = (await sessionFor(fresh.token)) ?? fresh;
    }
    const bal = await publicBalance(s);
    if ('error' in bal) return reply.send(bal);
    const def = SLOTS[s.game];
    const g = timed.get(s.game);
    return reply.send({
      ...bal, game: s.game, fun: s.fun, serverSeedHash: seedHash(s.serverSeed), clientSeed: s.clientSeed, nonce: s.nonce,
      ...(def ? { symbols: def.symbols, pay3: def.pay3, pay2: def.pay2, rtp: def.rtp } : {}),
      ...(g ? { round: roundAt(g, seeds, deps.clock()), limits: TABLE_LIMITS[s.limitId ?? 0] ?? DEFAULT_LIMIT } : {}),
      ...(s.game === 'virtual-football' ? { fixture: footballFixture(seeds, roundAt(g!, seeds, deps.clock()).round) } : {}),
    });
  });

  const spinBody = tokenOf.extend({ stake: z.number().int().min(10).max(1_000_000), clientSeed: z.string().min(1).max(64).optional() });
  app.post('/demo-provider/api/spin', async (req, reply) => {
    const p = spinBody.safeParse(req.body);
    const found = p.success ? await sessionFor(p.data.token) : undefined;
    const def = found ? SLOTS[found.game] : undefined;
    if (!p.success || !found || !def) return reply.code(400).send({ error: 'bad request' });
    // the spin's nonce, taken in the database (a client seed sent with it is kept for the next ones)
    const [row] = await db.query<SessionRow>(
      `update demo_provider_sessions set nonce = nonce + 1, client_seed = coalesce($2, client_seed) where token = $1 returning ${SESSION_COLUMNS}`,
      [found.token, p.data.clientSeed ?? null]);
    const s = toSession(row!);
    const nonce = s.nonce;
    const round = `${s.id}:${nonce}`;
    const bet = await debit(s, round, `${round}:bet`, p.data.stake);
    if (bet.status !== 'RS_OK') {
      await db.query('update demo_provider_sessions set nonce = nonce - 1 where token = $1 and nonce = $2', [s.token, nonce]);
      return reply.send({ error: bet.status });
    }
    const serverSeed = s.serverSeed;
    const result = spin(def, fairFloats(serverSeed, s.clientSeed, nonce, 3));
    const won = winOf(p.data.stake, result.multiplier);
    const paid = await credit(s, round, `${round}:win`, won);
    // the seed of this spin is revealed; the next spin plays on a new one whose hash is shown now
    s.serverSeed = newServerSeed();
    await db.query('update demo_provider_sessions set server_seed = $3 where token = $1 and server_seed = $2', [s.token, serverSeed, s.serverSeed]);
    return reply.send({
      ...result, win: won, balance: paid.balance ?? bet.balance, winStatus: paid.status,
      serverSeed, clientSeed: s.clientSeed, nonce, nextServerSeedHash: seedHash(s.serverSeed),
    });
  });

  const timedBody = tokenOf.extend({
    bets: z.array(z.object({ kind: z.string().max(20), value: z.union([z.number().int(), z.array(z.number().int()).max(15)]).optional(), amount: z.number().int().min(1).max(10_000_000) })).min(1).max(20),
  });
  app.post('/demo-provider/api/bet', async (req, reply) => {
    const p = timedBody.safeParse(req.body);
    const s = p.success ? await sessionFor(p.data.token) : undefined;
    const g = s ? timed.get(s.game) : undefined;
    if (!p.success || !s || !g) return reply.code(400).send({ error: 'bad request' });
    const now = deps.clock();
    const info = roundAt(g, seeds, now);
    if (info.phase !== 'betting') return reply.send({ error: 'NO_MORE_BETS' });
    const limits = TABLE_LIMITS[s.limitId ?? 0] ?? DEFAULT_LIMIT;
    for (const b of p.data.bets) {
      if (g.invalid(b)) return reply.send({ error: 'INVALID_BET' });
      if (b.amount < limits.min || b.amount > limits.max) return reply.send({ error: 'OUT_OF_LIMITS', limits });
    }
    const total = p.data.bets.reduce((a, b) => a + b.amount, 0);
    const key = `${g.code}:${info.round}`;
    const roundRef = `${key}:${s.id}`;
    const bet = await debit(s, roundRef, `${roundRef}:bet:${randomBytes(6).toString('hex')}`, total);
    if (bet.status !== 'RS_OK') return reply.send({ error: bet.status });
    await db.query(
      `insert into demo_provider_bets (game, round, token, bets, result_at) values ($1, $2, $3, $4::jsonb, $5)
       on conflict (game, round, token) do update set bets = demo_provider_bets.bets || excluded.bets`,
      [g.code, info.round, s.token, JSON.stringify(p.data.bets), new Date(resultAt(g, info.round))]);
    // this process settles the round at its result time; any other process seeing it due does too
    const t = setTimeout(() => { timers.delete(t); void settle(g, info.round).catch(() => undefined); }, Math.max(0, resultAt(g, info.round) - now));
    t.unref?.();
    timers.add(t);
    return reply.send({ ok: true, balance: bet.balance, round: info.round });
  });

  /**
   * Pays every player of a timed round (a win of 0 closes a lost round), then marks the bets
   * settled. Two processes may pay the same round at once: the wallet takes the win's transaction
   * id once (the same body gets the first reply), so each player is paid once. A fun round's win is
   * paid by the process whose mark took the row.
   */
  async function settle(g: TimedGame, round: number): Promise<void> {
    const key = `${g.code}:${round}`;
    const rows = await db.query<SessionRow & { bets: TimedBet[] }>(
      `select ${SESSION_COLUMNS.split(', ').map((c) => `s.${c}`).join(', ')}, b.bets from demo_provider_bets b join demo_provider_sessions s on s.token = b.token
        where b.game = $1 and b.round = $2 and not b.settled`, [g.code, round]);
    if (!rows.length) return;
    const outcome = outcomeOf(g, roundSeed(seeds, g.code, round), round);
    await Promise.all(rows.map(async (r) => {
      const session = toSession(r);
      const won = r.bets.reduce((a, b) => a + g.win(b, outcome), 0);
      if (session.fun) {
        const [mark] = await db.query('update demo_provider_bets set settled = true where game = $1 and round = $2 and token = $3 and not settled returning token', [g.code, round, session.token]);
        if (mark && won > 0) await credit(session, `${key}:${session.id}`, `${key}:${session.id}:win`, won);
        return;
      }
      const paid = await credit(session, `${key}:${session.id}`, `${key}:${session.id}:win`, won).catch(() => null);
      // unpaid (the operator unreachable): left for the next look
      if (paid && paid.status !== 'RS_ERROR_UNKNOWN') await db.query('update demo_provider_bets set settled = true where game = $1 and round = $2 and token = $3', [g.code, round, session.token]);
    }));
  }

  /**
   * Settles the rounds whose result time has passed (every process, on its polls; tests with an
   * injected clock too), at most once a second of the clock; hourly, forgets sessions older than
   * two days and their bets.
   */
  let lastDue = -Infinity, lastPrune = -Infinity;
  const settleDue = async (now: number) => {
    if (now >= lastDue && now - lastDue < 1_000) return;
    lastDue = now;
    if (now - lastPrune > 3_600_000) {
      lastPrune = now;
      await db.query('delete from demo_provider_sessions where created_at < $1', [new Date(now - 2 * 86_400_000)]);
    }
    const due = await db.query<{ game: string; round: number }>(
      'select distinct game, round from demo_provider_bets where not settled and result_at <= $1 order by round limit 50', [new Date(now)]);
    for (const d of due) {
      const g = timed.get(d.game);
      if (g) await settle(g, Number(d.round));
    }
  };

  app.get<{ Params: { game: string } }>('/demo-provider/round/:game', async (req, reply) => {
    const g = timed.get(req.params.game);
    if (!g) return reply.code(404).send({ error: 'unknown game' });
    const now = deps.clock();
    await settleDue(now);
    const info = roundAt(g, seeds, now);
    return reply.header('cache-control', 'no-store').send({ ...info, ...(g.code === 'virtual-football' ? { fixture: footballFixture(seeds, info.round) } : {}) });
  });

  // The table's rounds over a websocket: the round, its phase and time left every second; the
  // seed and the result once known (the launch page falls back to /demo-provider/round/<game>).
  app.get<{ Params: { game: string } }>('/demo-provider/ws/:game', { websocket: true }, (socket, req) => {
    const ws = socket as unknown as { send(t: string): void; close(): void; on(e: string, f: () => void): void };
    const g = timed.get(req.params.game);
    if (!g) { ws.close(); return; }
    const push = () => {
      const now = deps.clock();
      void settleDue(now).catch(() => undefined);
      const info = roundAt(g, seeds, now);
      ws.send(JSON.stringify({ ...info, ...(g.code === 'virtual-football' ? { fixture: footballFixture(seeds, info.round) } : {}) }));
    };
    push();
    const t = setInterval(push, 1_000);
    timers.add(t as unknown as ReturnType<typeof setTimeout>);
    ws.on('close', () => { clearInterval(t); timers.delete(t as unknown as ReturnType<typeof setTimeout>); });
  });

  app.post('/demo-provider/api/card', async (req, reply) => {
    const p = tokenOf.safeParse(req.body);
    if (!p.success || !(await sessionFor(p.data.token))) return reply.code(400).send({ error: 'bad request' });
    return reply.send({ card: bingoCard(fairFloats(randomBytes(16).toString('hex'), 'card', 0, 15)) });
  });

  // Fault switches for tests (DEMO_PROVIDER_FAULTS=1 only).
  app.post('/demo-provider/faults', async (req, reply) => {
    if (process.env.DEMO_PROVIDER_FAULTS !== '1') return reply.code(404).send({ error: 'not found' });
    Object.assign(wallet.faults, z.object({ delayMs: z.number().int().min(0).max(10_000), drop: z.boolean(), duplicate: z.boolean(), lateRollback: z.boolean() }).partial().parse(req.body));
    return reply.send(wallet.faults);
  });

  app.addHook('onClose', async () => { for (const t of timers) clearTimeout(t); timers.clear(); });
  return { wallet, faults: wallet.faults };
}
