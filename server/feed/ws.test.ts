import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeFrame, encodeClientMessage } from '../../domain/protocol/feed-codec.ts';
import type { FeedFrame } from '../../domain/protocol/feed.ts';
import { manualScheduler } from './clock.ts';
import { FeedHub } from './hub.ts';
import { LiveState } from './live-state.ts';
import { fixtureMatch } from './test-fixtures.ts';
import { registerFeedSocket, WS_CLOSE_VERSION } from './ws.ts';

/** The `ws` client (no type package installed: the part used here). */
interface WsClient {
  binaryType: string;
  send(data: Uint8Array | string): void;
  close(): void;
  on(event: 'open', fn: () => void): void;
  on(event: 'message', fn: (data: Uint8Array, isBinary: boolean) => void): void;
  on(event: 'close', fn: (code: number) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function serve() {
  const clock = manualScheduler(10_000);
  const state = new LiveState();
  state.apply([{ type: 'fixture', match: fixtureMatch(1, 1) }, { type: 'fixture', match: fixtureMatch(2, 5) }], clock.now());
  const hub = new FeedHub({ state, clock });
  app = Fastify();
  await registerFeedSocket(app, hub);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { state, hub, clock, url: `ws://127.0.0.1:${port}/ws/feed` };
}

/** A client that queues decoded frames and lets a test await the next one. */
function open(url: string) {
  const ws = new WebSocket(url);
  const frames: FeedFrame[] = [];
  const waiters: (() => void)[] = [];
  let closeCode: number | null = null;
  ws.on('message', (data, isBinary) => {
    expect(isBinary).toBe(true);
    frames.push(decodeFrame(new Uint8Array(data)));
    waiters.splice(0).forEach((w) => w());
  });
  ws.on('close', (code) => {
    closeCode = code;
    waiters.splice(0).forEach((w) => w());
  });
  ws.on('error', () => undefined);
  const opened = new Promise<void>((resolve) => ws.on('open', resolve));
  const until = async (cond: () => boolean) => {
    const end = Date.now() + 3000;
    while (!cond()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
  };
  return { ws, frames, opened, until, closeCode: () => closeCode };
}

describe('GET /ws/feed', () => {
  it('streams a snapshot, filtered binary deltas and a snapshot on resync', async () => {
    const { state, hub, clock, url } = await serve();
    const c = open(url);
    await c.opened;
    c.ws.send(encodeClientMessage({ op: 'sub', sports: [1] }));
    await c.until(() => c.frames.length === 1);
    expect(c.frames[0]).toMatchObject({ kind: 'snapshot', seq: 1 });
    expect(c.frames[0]!.kind === 'snapshot' && c.frames[0]!.matches.map((m) => m.id)).toEqual([1]);
    expect(hub.size).toBe(1);

    const g1 = fixtureMatch(1, 1).odds[0]!;
    const g2 = fixtureMatch(2, 5).odds[0]!;
    const changes = state.apply([
      { type: 'odds', matchId: 2, odds: [{ oddsid: g2.oddsid, oddid: g2.outcomes[0]!.oddid, odd: 1600, active: 1 }] },
      { type: 'odds', matchId: 1, odds: [{ oddsid: g1.oddsid, oddid: g1.outcomes[0]!.oddid, odd: 2250, active: 1 }] },
    ], clock.now());
    hub.publish(changes, clock.now());
    await c.until(() => c.frames.length === 2);
    expect(c.frames[1]).toEqual({ seq: 2, t: clock.now(), kind: 'delta', changes: [{ k: 'o', m: 1, g: g1.oddsid, o: g1.outcomes[0]!.oddid, v: 2250, ac: 1 }] });

    c.ws.send(encodeClientMessage({ op: 'resync' }));
    await c.until(() => c.frames.length === 3);
    expect(c.frames[2]).toMatchObject({ kind: 'snapshot', seq: 3 });
    c.ws.close();
    await c.until(() => hub.size === 0);
  });

  it('accepts a JSON text subscription', async () => {
    const { url } = await serve();
    const c = open(url);
    await c.opened;
    c.ws.send(JSON.stringify({ op: 'sub', matches: [2] }));
    await c.until(() => c.frames.length === 1);
    expect(c.frames[0]!.kind === 'snapshot' && c.frames[0]!.matches.map((m) => m.id)).toEqual([2]);
  });

  it('closes on a malformed message and on another protocol version', async () => {
    const { url } = await serve();
    const bad = open(url);
    await bad.opened;
    bad.ws.send(JSON.stringify({ op: 'sub', sports: 'all' }));
    await bad.until(() => bad.closeCode() !== null);
    expect(bad.closeCode()).toBe(1008);
    const old = open(`${url}?v=0`);
    await old.until(() => old.closeCode() !== null);
    expect(old.closeCode()).toBe(WS_CLOSE_VERSION);
  });
});
