/**
 * Fan-out of the live feed to websocket connections. Each connection subscribes by sport and/or
 * match ids; it gets a snapshot of what it subscribed to, then only the deltas that concern it,
 * numbered by its own sequence. A client that sees a gap sends {op:'resync'} and gets a fresh
 * snapshot. A connection whose socket is backed up has deltas dropped (its sequence still moves,
 * so the client sees the gap and resyncs) instead of the server buffering without bound.
 */
import { createFeedCodec } from '../../domain/protocol/feed-codec.ts';
import type { FeedCodec } from '../../domain/protocol/feed-codec.ts';
import { deltaFrame, snapshotFrame } from '../../domain/protocol/feed.ts';
import type { ClientMessage, FeedChange } from '../../domain/protocol/feed.ts';
import type { Clock } from './clock.ts';
import type { LiveState } from './live-state.ts';
import { observeFeedLag } from '../ops/metrics.ts';

/** Where a connection's frames go (a websocket in ws.ts, an array in tests). */
export interface FeedSink {
  send(bytes: Uint8Array): void;
  /** Bytes queued on the socket and not yet written. */
  buffered(): number;
  close(code: number, reason: string): void;
}

/** One subscriber as the hub sees it. */
export interface FeedConnection {
  readonly id: number;
  /** Sequence number of the last frame sent (or dropped). */
  readonly seq: number;
  /** Handles a client message: sub (replaces the subscription, sends a snapshot) or resync. */
  receive(msg: ClientMessage): void;
  /** Forgets the connection (the socket closed). */
  close(): void;
}

export interface HubOptions {
  state: LiveState;
  clock: Clock;
  codec?: FeedCodec;
  /** Above this many queued bytes a connection's deltas are dropped (default 1 MiB). */
  maxBuffered?: number;
  /** Most match ids / sport ids one subscription may name (default 1000 / 64). */
  maxMatchIds?: number;
  maxSportIds?: number;
}

interface Subscription {
  all: boolean;
  sports: ReadonlySet<number>;
  matches: ReadonlySet<number>;
  /** Connections with the same key get the same filtered changes (filtered once per publish). */
  key: string;
}

interface Conn {
  id: number;
  seq: number;
  sink: FeedSink;
  sub: Subscription | null;
  closed: boolean;
  /** Clock time of the last frame sent, for heartbeats. */
  sentAt: number;
}

/** Encodes as uint32 (0xce + 4 bytes): a template's sequence is overwritten per connection. */
const SEQ_PLACEHOLDER = 0xfffffffe;

/** A copy of a delta template with the connection's sequence number. */
function withSeq(tpl: Uint8Array, seq: number): Uint8Array {
  const b = tpl.slice();
  new DataView(b.buffer, b.byteOffset, b.byteLength).setUint32(2, seq >>> 0);
  return b;
}

export class FeedHub {
  private readonly state: LiveState;
  private readonly clock: Clock;
  private readonly codec: FeedCodec;
  private readonly maxBuffered: number;
  private readonly maxMatchIds: number;
  private readonly maxSportIds: number;
  private readonly conns = new Map<number, Conn>();
  private nextId = 1;
  /** Frames dropped for backed-up sockets, for metrics. */
  dropped = 0;
  /**
   * Encoded snapshots by subscription key and sequence, valid until the state next changes. Why:
   * a reconnect storm (a server restart, a network blip) brings thousands of clients with a few
   * distinct subscriptions at once, all at sequence 1; encoding each snapshot once keeps the
   * process free to keep sending deltas.
   */
  private readonly snapshots = new Map<string, Uint8Array>();

  constructor(opts: HubOptions) {
    this.state = opts.state;
    this.clock = opts.clock;
    this.codec = opts.codec ?? createFeedCodec();
    this.maxBuffered = opts.maxBuffered ?? 1 << 20;
    this.maxMatchIds = opts.maxMatchIds ?? 1000;
    this.maxSportIds = opts.maxSportIds ?? 64;
  }

  /** Open connections. */
  get size(): number {
    return this.conns.size;
  }

  /** Registers a connection; it receives nothing until it subscribes. */
  connect(sink: FeedSink): FeedConnection {
    const conn: Conn = { id: this.nextId++, seq: 0, sink, sub: null, closed: false, sentAt: this.clock.now() };
    this.conns.set(conn.id, conn);
    return {
      id: conn.id,
      get seq() {
        return conn.seq;
      },
      receive: (msg) => this.receive(conn, msg),
      close: () => {
        conn.closed = true;
        this.conns.delete(conn.id);
      },
    };
  }

  /** Delivers changes already applied to the state to every connection they concern. */
  publish(changes: readonly FeedChange[], at: number): void {
    if (changes.length) this.snapshots.clear();
    if (!changes.length || !this.conns.size) return;
    observeFeedLag(this.clock.now(), at);
    const byKey = new Map<string, FeedChange[]>();
    const templates = new Map<string, Uint8Array | null>();
    for (const conn of this.conns.values()) {
      if (!conn.sub) continue;
      const key = conn.sub.key;
      let mine = byKey.get(key);
      if (!mine) byKey.set(key, (mine = this.filter(changes, conn.sub)));
      if (!mine.length) continue;
      conn.seq++;
      if (conn.sink.buffered() > this.maxBuffered) {
        this.dropped++;
        continue;
      }
      // one encoding per subscription, the connection's sequence written into a copy
      let tpl = templates.get(key);
      if (tpl === undefined) templates.set(key, (tpl = this.template(at, mine)));
      conn.sink.send(tpl ? withSeq(tpl, conn.seq) : this.codec.encodeFrame(deltaFrame(conn.seq, at, mine)));
      conn.sentAt = this.clock.now();
    }
  }

  /**
   * Sends an empty delta to every subscribed connection that got nothing for `idleMs`: the
   * client then knows a silent socket means a dead feed (workers/core/feed/sweeps.ts
   * silenceSweep). Called only while this process's feed is fresh.
   */
  heartbeat(idleMs: number): void {
    const now = this.clock.now();
    let tpl: Uint8Array | null | undefined;
    for (const conn of this.conns.values()) {
      if (!conn.sub || now - conn.sentAt < idleMs || conn.sink.buffered() > this.maxBuffered) continue;
      conn.seq++;
      if (tpl === undefined) tpl = this.template(now, []);
      conn.sink.send(tpl ? withSeq(tpl, conn.seq) : this.codec.encodeFrame(deltaFrame(conn.seq, now, [])));
      conn.sentAt = now;
    }
  }

  /** Sends every subscribed connection a fresh snapshot (a follower reloaded its state). */
  resyncAll(): void {
    this.snapshots.clear();
    for (const conn of this.conns.values()) if (conn.sub) this.sendSnapshot(conn);
  }

  /** Closes every connection (shutdown). */
  closeAll(code = 1001, reason = 'server shutting down'): void {
    for (const conn of [...this.conns.values()]) {
      this.conns.delete(conn.id);
      conn.sink.close(code, reason);
    }
  }

  private receive(conn: Conn, msg: ClientMessage): void {
    if (conn.closed) return;
    if (msg.op === 'sub') {
      const sports = msg.sports ?? [];
      const matches = msg.matches ?? [];
      if (sports.length > this.maxSportIds || matches.length > this.maxMatchIds) {
        conn.sink.close(1008, 'subscription too large');
        return;
      }
      const all = msg.sports === undefined && msg.matches === undefined;
      const s = [...new Set(sports)].sort((a, b) => a - b);
      const m = [...new Set(matches)].sort((a, b) => a - b);
      conn.sub = { all, sports: new Set(s), matches: new Set(m), key: all ? '*' : `${s.join(',')}|${m.join(',')}` };
    }
    this.sendSnapshot(conn);
  }

  private sendSnapshot(conn: Conn): void {
    const sub = conn.sub;
    conn.seq++;
    const key = sub ? `${sub.key}#${conn.seq}` : null;
    let bytes = key ? this.snapshots.get(key) : undefined;
    if (!bytes) {
      const matches = !sub ? [] : sub.all
        ? this.state.shownSnapshot()
        : this.state.shownSnapshot({ sports: [...sub.sports], matches: [...sub.matches] });
      // encoded at once: the snapshot holds the state's own objects, which later changes mutate
      bytes = this.codec.encodeFrame(snapshotFrame(conn.seq, this.clock.now(), [...matches]));
      if (key) {
        if (this.snapshots.size >= 512) this.snapshots.clear();
        this.snapshots.set(key, bytes);
      }
    }
    conn.sink.send(bytes);
    conn.sentAt = this.clock.now();
  }

  /**
   * A delta frame encoded with a placeholder sequence that msgpack writes as a fixed uint32
   * (0xce + 4 bytes) right after the record header, or null if the layout is not the expected one.
   */
  private template(at: number, changes: FeedChange[]): Uint8Array | null {
    const b = this.codec.encodeFrame(deltaFrame(SEQ_PLACEHOLDER, at, changes));
    return b[1] === 0xce && b.length > 6 ? b : null;
  }

  private filter(changes: readonly FeedChange[], sub: Subscription): FeedChange[] {
    if (sub.all) return changes as FeedChange[];
    const out: FeedChange[] = [];
    for (const c of changes) {
      const id = c.k === 'a' ? c.match.id : c.m;
      if (sub.matches.has(id)) {
        out.push(c);
        continue;
      }
      if (!sub.sports.size) continue;
      const sid = c.k === 'a' ? c.match.sid : c.k === 'r' ? c.sid : this.state.sportOf(id);
      if (sid !== undefined && sub.sports.has(sid)) out.push(c);
    }
    return out;
  }
}
