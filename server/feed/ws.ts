/**
 * GET /ws/feed: the live feed websocket (binary msgpack frames, see domain/protocol/feed-codec.ts).
 * Clients send {op:'sub', sports?, matches?} or {op:'resync'} as msgpack (or JSON text).
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { asClientMessage, decodeClientMessage } from '../../domain/protocol/feed-codec.ts';
import { FEED_PROTOCOL_VERSION } from '../../domain/protocol/feed.ts';
import type { ClientMessage } from '../../domain/protocol/feed.ts';
import type { FeedHub } from './hub.ts';
import { countWsClient } from '../ops/metrics.ts';
import type { WsLike } from '../util/ws-like.ts';

export interface FeedSocketOptions {
  /** Route path (default '/ws/feed'). */
  path?: string;
  /** Largest client message in bytes (default 64 KiB), used when this registers @fastify/websocket. */
  maxPayload?: number;
}

/** Close code for a client built against another feed protocol version (the ?v= query). */
export const WS_CLOSE_VERSION = 4400;

/**
 * Registers GET /ws/feed on `app`, wired to `hub`. Registers @fastify/websocket first unless the
 * app already has it; call before listen().
 */
export async function registerFeedSocket(app: FastifyInstance, hub: FeedHub, opts: FeedSocketOptions = {}): Promise<void> {
  if (!app.hasPlugin('@fastify/websocket')) {
    await app.register(websocket, { options: { maxPayload: opts.maxPayload ?? 64 * 1024 } });
  }
  app.get(opts.path ?? '/ws/feed', { websocket: true }, (socket, req) => {
    const ws = socket as unknown as WsLike;
    const v = (req.query as { v?: string } | undefined)?.v;
    if (v !== undefined && Number(v) !== FEED_PROTOCOL_VERSION) {
      ws.close(WS_CLOSE_VERSION, `feed protocol ${FEED_PROTOCOL_VERSION}`);
      return;
    }
    const conn = hub.connect({
      send: (bytes) => ws.send(bytes, { binary: true }),
      buffered: () => ws.bufferedAmount,
      close: (code, reason) => ws.close(code, reason),
    });
    ws.on('message', (data, isBinary) => {
      const msg = parseMessage(data, isBinary);
      if (!msg) {
        ws.close(1008, 'bad message');
        return;
      }
      conn.receive(msg);
    });
    countWsClient('feed', 1);
    let open = true;
    const closed = () => {
      conn.close();
      if (open) { open = false; countWsClient('feed', -1); }
    };
    ws.on('close', closed);
    ws.on('error', closed);
  });
}

function toBytes(data: unknown): Uint8Array | null {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (Array.isArray(data) && data.every((x) => x instanceof Uint8Array)) return Buffer.concat(data as Uint8Array[]);
  return null;
}

function parseMessage(data: unknown, isBinary: boolean): ClientMessage | null {
  const bytes = toBytes(data);
  if (!bytes) return null;
  if (isBinary) return decodeClientMessage(bytes);
  try {
    return asClientMessage(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
}
