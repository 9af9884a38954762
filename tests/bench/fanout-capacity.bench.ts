/**
 * Fan-out capacity bench: `npx tsx tests/bench/fanout-capacity.bench.ts`
 *
 * How many LiveBets-like subscribers (one sport tab each, the list view's subscription) one server
 * process serves with the feed at 5,000 changes/s and a change-to-client lag p99 under 200 ms.
 * Measured twice in the same run on loopback: through the product's path (FeedHub and /ws/feed:
 * per-connection sequence, backpressure, filtering) and through raw `ws` broadcasting the same
 * bytes (one tap per sport on the same hub, its frames sent as they are to every socket of that
 * sport), the ceiling of what one Node process can push. The clients run in this process, step up
 * by STEPS, each step measured for BENCH_STEP_SECONDS (a miss measured once more); a step passes
 * with p99 < BENCH_P99_MS and no frame dropped by backpressure. Prints both capacities and their ratio.
 * Options: FEED_RATE (5000), FEED_LIVE_COUNT (200), BENCH_STEPS ("250,500,1000,2000,3000,4000,5000,6000,8000"),
 * BENCH_STEP_SECONDS (6), BENCH_P99_MS (200).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { FEED_PROTOCOL_VERSION } from '../../domain/protocol/feed.ts';
import { frameHeader, startBenchChild } from './feed-bench-child.ts';

const SELF = fileURLToPath(import.meta.url);
const require = createRequire(import.meta.url);

interface WsLike {
  send(data: Uint8Array, opts?: { binary: boolean }): void;
  readonly bufferedAmount: number;
  close(): void;
  on(event: 'open', fn: () => void): void;
  on(event: 'message', fn: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'close' | 'error', fn: (...a: unknown[]) => void): void;
}

const MAX_BUFFERED = 1 << 20;

if (process.argv[2] === 'server') {
  // One server process: the simulator as leader on the in-process bus, and either the product's
  // socket (mode 'hub') or a raw ws server fed by one hub tap per sport (mode 'raw').
  const mode = process.argv[3];
  const Fastify = (await import('fastify')).default;
  const { createFeedFromEnv } = await import('../../server/feed/service.ts');
  const { registerFeedSocket } = await import('../../server/feed/ws.ts');
  const { decodeClientMessage } = await import('../../domain/protocol/feed-codec.ts');
  const feed = await createFeedFromEnv({
    FEED_LIVE_COUNT: process.env.FEED_LIVE_COUNT ?? '200', FEED_RATE: process.env.FEED_RATE ?? '5000', FEED_SEED: '7', FEED_ID_BASE: '3000000',
  });
  let port = 0;
  let rawDropped = 0;
  let rawConns = 0;
  const app = Fastify();
  if (mode === 'hub') {
    await registerFeedSocket(app, feed.hub, { path: '/ws/feed' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    port = typeof addr === 'object' && addr ? addr.port : 0;
  } else {
    const { WebSocketServer } = require('ws') as { WebSocketServer: new (o: { port: number; host: string }) => { on(e: 'connection', fn: (ws: WsLike) => void): void; address(): { port: number }; once(e: 'listening', fn: () => void): void } };
    const groups = new Map<number, Set<WsLike>>();
    const tap = (sport: number): Set<WsLike> => {
      let g = groups.get(sport);
      if (g) return g;
      const group = new Set<WsLike>();
      groups.set(sport, (g = group));
      let first = true;
      const conn = feed.hub.connect({
        send: (bytes) => {
          // the tap's own snapshot is not a delta: the raw clients get deltas only
          if (first) { first = false; return; }
          for (const ws of group) {
            if (ws.bufferedAmount > MAX_BUFFERED) { rawDropped++; continue; }
            ws.send(bytes, { binary: true });
          }
        },
        buffered: () => 0,
        close: () => undefined,
      });
      conn.receive({ op: 'sub', sports: [sport] });
      return g;
    };
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => wss.once('listening', r));
    port = wss.address().port;
    wss.on('connection', (ws) => {
      rawConns++;
      let mine: Set<WsLike> | undefined;
      ws.on('message', (data: Buffer) => {
        const msg = decodeClientMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        if (msg?.op === 'sub' && msg.sports?.length) { mine?.delete(ws); (mine = tap(msg.sports[0]!)).add(ws); }
      });
      ws.on('close', () => { rawConns--; mine?.delete(ws); });
      ws.on('error', () => undefined);
    });
  }
  const sports = [...new Set(feed.state.listMatches().map((m) => m.sid))];
  process.stdout.write(`${JSON.stringify({ port, sports })}\n`);
  process.on('message', async (m) => {
    if (m === 'stats') process.send?.({ dropped: feed.hub.dropped + rawDropped, conns: mode === 'hub' ? feed.hub.size : rawConns });
    if (m === 'stop') { await feed.stop(); await app.close(); process.exit(0); }
  });
} else {
  const WebSocket = require('ws') as new (url: string) => WsLike;
  const steps = (process.env.BENCH_STEPS ?? '250,500,1000,2000,3000,4000,5000,6000,8000').split(',').map(Number);
  const stepSeconds = Number(process.env.BENCH_STEP_SECONDS ?? 6);
  const limitMs = Number(process.env.BENCH_P99_MS ?? 200);
  const rate = process.env.FEED_RATE ?? '5000';

  interface StepResult { clients: number; p50: number; p99: number; framesPerSec: number; dropped: number; pass: boolean }

  async function capacity(mode: 'hub' | 'raw'): Promise<{ best: number; results: StepResult[] }> {
    const { encodeClientMessage } = await import('../../domain/protocol/feed-codec.ts');
    const child = await startBenchChild<{ port: number; sports: number[] }>(SELF, ['server', mode]);
    const { info, ask } = child;
    const url = `ws://127.0.0.1:${info.port}/ws/feed?v=${FEED_PROTOCOL_VERSION}`;
    const sockets: WsLike[] = [];
    let lags: number[] = [];
    let frames = 0;
    let open = 0;
    const heard = new Set<WsLike>();
    let best = 0;
    const results: StepResult[] = [];
    for (const target of steps) {
      while (sockets.length < target) {
        const i = sockets.length;
        const ws = new WebSocket(url);
        // LiveBets: the list of one sport tab
        const sub = encodeClientMessage({ op: 'sub', sports: [info.sports[i % info.sports.length]!] });
        ws.on('open', () => { open++; ws.send(sub); });
        ws.on('message', (data: Buffer) => {
          if (!heard.has(ws)) heard.add(ws);
          if (data[0] !== 0x41) return;
          frames++;
          lags.push(Date.now() - frameHeader(data).t);
        });
        ws.on('error', () => undefined);
        sockets.push(ws);
        if (i % 200 === 199) await new Promise((r) => setTimeout(r, 30));
      }
      // the open handlers count up while this waits (at most a minute)
      for (let w = 0; w < 600; w++) {
        if (open >= target) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // measure the steady state: every client has had its first frame (the product's snapshot,
      // which raw clients do not get, is large), then a second more
      for (let w = 0; w < 300; w++) {
        if (heard.size >= sockets.length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 1000));
      // a step that misses is measured once more: on a shared machine one window can be unlucky
      let r: StepResult | undefined;
      for (let attempt = 0; attempt < 2 && !r?.pass; attempt++) {
        const before = await ask<{ dropped: number }>('stats');
        lags = [];
        frames = 0;
        const start = Date.now();
        await new Promise((done) => setTimeout(done, stepSeconds * 1000));
        const elapsed = (Date.now() - start) / 1000;
        const after = await ask<{ dropped: number; conns: number }>('stats');
        const sorted = lags.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
        const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
        r = { clients: open, p50: pct(50), p99: pct(99), framesPerSec: frames / elapsed, dropped: after.dropped - before.dropped, pass: false };
        r.pass = open >= target && sorted.length > 0 && r.p99 < limitMs && r.dropped === 0;
        results.push(r);
        console.log(`  ${mode.padEnd(3)} ${String(r.clients).padStart(5)} clients: lag p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.framesPerSec.toFixed(0)} frames/s, dropped ${r.dropped} -> ${r.pass ? 'ok' : 'over'}`);
      }
      if (!r) break;
      if (!r.pass) break;
      best = r.clients;
    }
    for (const s of sockets) s.close();
    await child.stop();
    return { best, results };
  }

  console.log(`fan-out capacity: LiveBets subscribers (one sport each), FEED_RATE ${rate}/s, FEED_LIVE_COUNT ${process.env.FEED_LIVE_COUNT ?? 200}, p99 < ${limitMs} ms, ${stepSeconds} s a step (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  const raw = await capacity('raw');
  const hub = await capacity('hub');
  const top = steps.at(-1)!;
  const shown = (b: number, rs: StepResult[]) => (rs.at(-1)?.pass && b >= top ? `>= ${b}` : String(b));
  console.log(`  capacity: FeedHub /ws/feed ${shown(hub.best, hub.results)} subscribers, raw ws broadcast ${shown(raw.best, raw.results)}: ${raw.best ? (hub.best / raw.best).toFixed(2) : 'n/a'}x of raw`);
  process.exit(0);
}
