/**
 * Does permessage-deflate pay on the live feed's binary msgpack frames?
 * `npx tsx tests/bench/ws-deflate.bench.ts`: starts the real server (FEED_LIVE_COUNT 40 live
 * matches at the natural pace, or BENCH_URL), subscribes to the whole feed on /ws/feed for
 * BENCH_SECONDS (30) and compresses each frame received as permessage-deflate would: raw deflate
 * per message (no context takeover: the server keeps no window per socket) and with context
 * takeover (one deflate stream per socket flushed per message, which costs about 300 KiB of zlib
 * memory per socket on the server). Prints the bytes saved and the CPU per frame; the feed socket
 * enables it only if it saves at least a quarter of the bytes.
 */
import { deflateRawSync, createDeflateRaw, constants } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeClientMessage } from '../../domain/protocol/feed-codec.ts';
import { startServer } from '../e2e/server-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const dataDir = mkdtempSync(join(tmpdir(), 'bet-bench-wsdeflate-'));
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => undefined }
  : await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', FEED_SEED: '17' });

/** Deflate with context takeover: one stream, a sync flush per message (RFC 7692 section 7.2.1). */
function contextDeflater(): (msg: Buffer) => Promise<number> {
  const z = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION });
  return (msg) => new Promise((resolve) => {
    let n = 0;
    const onData = (d: Buffer) => { n += d.length; };
    z.on('data', onData);
    z.write(msg);
    z.flush(constants.Z_SYNC_FLUSH, () => { z.off('data', onData); resolve(n - 4); });
  });
}

/** The part of the ws package's client this uses (ws ships no types here). */
interface WsClient {
  once(event: 'open' | 'error', fn: (err?: Error) => void): void;
  on(event: 'message', fn: (data: Buffer) => void): void;
  send(data: Uint8Array): void;
  close(): void;
}
// A computed name keeps the type checker from looking for the package's (missing) declarations.
const wsPackage = 'ws';
const { default: WebSocket } = await import(wsPackage) as { default: new (url: string) => WsClient };

try {
  const frames: Buffer[] = [];
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws/feed`);
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  ws.on('message', (data) => frames.push(Buffer.from(data)));
  ws.send(encodeClientMessage({ op: 'sub' }));
  await new Promise((r) => setTimeout(r, seconds * 1000));
  ws.close();
  if (!frames.length) throw new Error('no feed frames received');

  deflateRawSync(Buffer.from('warm up zlib'));
  // The first frame is the snapshot of the subscription; the rest are the live changes.
  for (const [name, set] of [['snapshot', frames.slice(0, 1)], ['changes', frames.slice(1)]] as const) {
    if (!set.length) continue;
    const raw = set.reduce((s, f) => s + f.length, 0);
    let t0 = process.hrtime.bigint();
    const perMessage = set.reduce((s, f) => s + deflateRawSync(f).length - 4, 0);
    const perMessageUs = Number(process.hrtime.bigint() - t0) / 1000 / set.length;
    const deflate = contextDeflater();
    t0 = process.hrtime.bigint();
    let takeover = 0;
    for (const f of set) takeover += await deflate(f);
    const takeoverUs = Number(process.hrtime.bigint() - t0) / 1000 / set.length;
    const sorted = set.map((f) => f.length).sort((a, b) => a - b);
    const pct = (x: number) => `${(100 * (1 - x / raw)).toFixed(0)} %`;
    console.log(`${name}: ${set.length} frames in ${seconds} s, ${(raw / 1024).toFixed(1)} KiB (median ${sorted[sorted.length >> 1]} B, p95 ${sorted[Math.floor(sorted.length * 0.95)]} B)`);
    console.log(`  permessage-deflate, no context takeover: ${(perMessage / 1024).toFixed(1)} KiB, saves ${pct(perMessage)}, ${perMessageUs.toFixed(0)} us/frame`);
    console.log(`  permessage-deflate, context takeover:    ${(takeover / 1024).toFixed(1)} KiB, saves ${pct(takeover)}, ${takeoverUs.toFixed(0)} us/frame, plus a zlib window per socket`);
    console.log(`  pays (>= 25 % saved without a window per socket): ${perMessage <= raw * 0.75 ? 'yes' : 'no'}`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
