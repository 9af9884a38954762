/**
 * The feed bus: carries encoded delta frames from the process that runs the feed (the leader)
 * to every other server process, plus the latest snapshot a joining process starts from.
 * In-process for one process and tests; Redis pub/sub (REDIS_URL) for several processes.
 */
import { Redis } from 'ioredis';
import { outageLog } from '../util/outage-log.ts';

export interface FeedBus {
  /** Sends an encoded frame to every subscriber, in order. */
  publish(bytes: Uint8Array): Promise<void>;
  /** Receives encoded frames in publish order; resolves once subscribed, to the unsubscribe. */
  subscribe(handler: (bytes: Uint8Array) => void): Promise<() => Promise<void>>;
  /** Stores the latest encoded snapshot frame. */
  saveSnapshot(bytes: Uint8Array): Promise<void>;
  /** The latest stored snapshot frame, or null. */
  loadSnapshot(): Promise<Uint8Array | null>;
  /** Stores the leader's provider checkpoint (JSON), for the next leader to go on from. */
  saveCheckpoint(json: string): Promise<void>;
  /** The latest stored provider checkpoint, or null. */
  loadCheckpoint(): Promise<string | null>;
  /** Resolves when the bus answers (readiness); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A bus inside one process: delivery is synchronous, in publish order. */
export function createMemoryBus(): FeedBus {
  const handlers = new Set<(bytes: Uint8Array) => void>();
  let snapshot: Uint8Array | null = null;
  let checkpoint: string | null = null;
  return {
    async publish(bytes) {
      for (const h of [...handlers]) h(bytes);
    },
    async subscribe(handler) {
      handlers.add(handler);
      return async () => {
        handlers.delete(handler);
      };
    },
    async saveSnapshot(bytes) {
      snapshot = bytes.slice();
    },
    async loadSnapshot() {
      return snapshot;
    },
    async saveCheckpoint(json) {
      checkpoint = json;
    },
    async loadCheckpoint() {
      return checkpoint;
    },
    async ping() {},
    async close() {
      handlers.clear();
    },
  };
}

export interface RedisBusOptions {
  /** Pub/sub channel of delta frames (default 'feed:deltas'). */
  channel?: string;
  /** Key of the latest snapshot (default 'feed:snapshot'). */
  snapshotKey?: string;
  /** Seconds a stored snapshot lives without a newer one (default 3600). */
  snapshotTtlSec?: number;
  /** Where connection errors go (ioredis reconnects by itself; without a listener they are unhandled). */
  onError?: (err: Error) => void;
}

const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/**
 * A bus over Redis: PUBLISH/SUBSCRIBE for frames (Redis keeps per-channel order), SET/GET for the
 * snapshot. A subscribing connection cannot issue other commands, so subscribers get their own.
 */
export function createRedisBus(url: string, opts: RedisBusOptions = {}): FeedBus {
  const channel = opts.channel ?? 'feed:deltas';
  const snapshotKey = opts.snapshotKey ?? 'feed:snapshot';
  const ttl = opts.snapshotTtlSec ?? 3600;
  const checkpointKey = `${snapshotKey}:checkpoint`;
  // A dead Redis must fail a call quickly (readiness, a snapshot save), not queue it for minutes.
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, connectTimeout: 2000 });
  const report = opts.onError ?? ((err: Error) => console.error(`redis: ${err.message}`));
  const log = outageLog((msg) => report(new Error(msg)));
  const onError = (err: Error) => log(err.message);
  pub.on('error', onError);
  const subs = new Set<Redis>();
  return {
    async publish(bytes) {
      await pub.publish(channel, asBuffer(bytes));
    },
    async subscribe(handler) {
      const sub = pub.duplicate();
      sub.on('error', onError);
      subs.add(sub);
      sub.on('messageBuffer', (ch: Buffer, message: Buffer) => {
        if (ch.toString() === channel) handler(new Uint8Array(message.buffer, message.byteOffset, message.byteLength));
      });
      await sub.subscribe(channel);
      return async () => {
        subs.delete(sub);
        await sub.unsubscribe(channel).catch(() => undefined);
        sub.disconnect();
      };
    },
    async saveSnapshot(bytes) {
      await pub.set(snapshotKey, asBuffer(bytes), 'EX', ttl);
    },
    async loadSnapshot() {
      const b = await pub.getBuffer(snapshotKey);
      return b ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : null;
    },
    async saveCheckpoint(json) {
      await pub.set(checkpointKey, json, 'EX', ttl);
    },
    async loadCheckpoint() {
      return pub.get(checkpointKey);
    },
    async ping() {
      await pub.ping();
    },
    async close() {
      for (const s of subs) s.disconnect();
      subs.clear();
      await pub.quit().catch(() => undefined);
    },
  };
}

