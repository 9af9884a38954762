/**
 * Fan-out bench: `npx tsx tests/bench/fanout.bench.ts`
 *
 * One server process (a child: the simulator at FEED_RATE as leader on the in-process bus, the
 * hub and /ws/feed on loopback) and BENCH_CLIENTS websocket clients in this process. Each client
 * subscribes like a phone does: one sport (LiveBets on a sport tab) or a few matches (a slip and a
 * MatchDetail), decodes every frame and records its lag: receipt time minus the frame's server
 * time (the moment the feed changed; same machine clock). Prints frames and bytes per second
 * delivered, lag p50 / p99 / max, and the ratio of frames delivered to frames the hub would send.
 * Loopback only, bounded in clients and time. Options: BENCH_CLIENTS (2000), FEED_RATE (1000),
 * FEED_LIVE_COUNT (200), BENCH_SECONDS (20).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { FEED_PROTOCOL_VERSION } from '../../domain/protocol/feed.ts';
import { frameHeader as header, startBenchChild } from './feed-bench-child.ts';

const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === 'server') {
  const Fastify = (await import('fastify')).default;
  const { createFeedFromEnv } = await import('../../server/feed/service.ts');
  const { registerFeedSocket } = await import('../../server/feed/ws.ts');
  const feed = await createFeedFromEnv({
    FEED_LIVE_COUNT: process.env.FEED_LIVE_COUNT ?? '200', FEED_RATE: process.env.FEED_RATE ?? '1000', FEED_SEED: '5', FEED_ID_BASE: '3000000',
  });
  const app = Fastify();
  await registerFeedSocket(app, feed.hub, { path: '/ws/feed' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const sports = [...new Set(feed.state.listMatches().map((m) => m.sid))];
  const ids = feed.state.listMatches().map((m) => m.id);
  process.stdout.write(`${JSON.stringify({ port: typeof addr === 'object' && addr ? addr.port : 0, sports, ids })}\n`);
  process.on('message', async (m) => {
    if (m === 'stats') process.send?.({ dropped: feed.hub.dropped, conns: feed.hub.size, seq: feed.service.seq() });
    if (m === 'stop') { await feed.stop(); await app.close(); process.exit(0); }
  });
} else {
  const { encodeClientMessage } = await import('../../domain/protocol/feed-codec.ts');
  interface WsClient {
    binaryType: string;
    send(data: Uint8Array): void;
    close(): void;
    on(event: 'open', fn: () => void): void;
    on(event: 'message', fn: (data: Buffer) => void): void;
    on(event: 'close' | 'error', fn: (...a: unknown[]) => void): void;
  }
  const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

  const clients = Number(process.env.BENCH_CLIENTS ?? 2000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);

  const child = await startBenchChild<{ port: number; sports: number[]; ids: number[] }>(SELF, ['server']);
  const { info, ask } = child;

  const lags: number[] = [];
  let frames = 0;
  let bytes = 0;
  let snapshots = 0;
  let gaps = 0;
  let measuring = false;
  const url = `ws://127.0.0.1:${info.port}/ws/feed?v=${FEED_PROTOCOL_VERSION}`;
  const sockets: WsClient[] = [];
  let open = 0;
  const t0 = Date.now();
  for (let i = 0; i < clients; i++) {
    const ws = new WebSocket(url);
    const seqRef = { seq: 0 };
    // 60% on a sport tab, 40% on a slip of 3 matches (the shapes a phone subscribes with)
    const sub = i % 5 < 3
      ? { op: 'sub' as const, sports: [info.sports[i % info.sports.length]!] }
      : { op: 'sub' as const, matches: [0, 1, 2].map((k) => info.ids[(i * 7 + k * 13) % info.ids.length]!) };
    ws.on('open', () => { open++; ws.send(encodeClientMessage(sub)); });
    ws.on('message', (data: Buffer) => {
      const now = Date.now();
      const f = header(data);
      if (f.kind === 'snapshot') snapshots++;
      else if (f.seq !== seqRef.seq + 1) gaps++;
      seqRef.seq = f.seq;
      if (!measuring) return;
      frames++;
      bytes += data.byteLength;
      if (f.kind === 'delta') lags.push(now - f.t);
    });
    ws.on('error', () => undefined);
    sockets.push(ws);
    // connect in small bursts so the accept queue of one process is not the thing measured
    if (i % 200 === 199) await new Promise((r) => setTimeout(r, 50));
  }
  // the open handlers count up while this waits
  for (let i = 0; i < 1200; i++) {
    if (open >= clients) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const connectMs = Date.now() - t0;
  await new Promise((r) => setTimeout(r, 2000));
  measuring = true;
  const before = await ask<{ dropped: number; seq: number }>('stats');
  const start = Date.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (Date.now() - start) / 1000;
  const after = await ask<{ dropped: number; conns: number; seq: number }>('stats');
  lags.sort((a, b) => a - b);
  const pct = (p: number) => lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? NaN;
  const busFrames = after.seq - before.seq;
  console.log(`fan-out: ${open}/${clients} clients connected in ${connectMs} ms on loopback, ${info.ids.length} live matches, FEED_RATE ${process.env.FEED_RATE ?? 1000}/s, ${elapsed.toFixed(1)} s measured`);
  console.log(`  frames delivered   ${(frames / elapsed).toFixed(0)} /s   (${(bytes / elapsed / 1024 / 1024).toFixed(2)} MiB/s, ${(bytes / Math.max(1, frames)).toFixed(0)} B/frame)`);
  console.log(`  per client         ${(frames / elapsed / Math.max(1, open)).toFixed(2)} frames/s; feed frames produced ${(busFrames / elapsed).toFixed(2)} /s`);
  console.log(`  lag change->client p50 ${pct(50)} ms   p99 ${pct(99)} ms   max ${lags.at(-1) ?? NaN} ms   (${lags.length} deltas)`);
  console.log(`  dropped by backpressure ${after.dropped - before.dropped}, sequence gaps seen ${gaps}, snapshots ${snapshots}, server connections ${after.conns}`);
  for (const s of sockets) s.close();
  await child.stop();
  process.exit(0);
}
