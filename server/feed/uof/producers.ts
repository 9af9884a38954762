/**
 * The producers' health and recovery (the feed's alive and snapshot_complete semantics):
 * - a producer is up only after a recovery of ours completed (its snapshot_complete with our
 *   request id); it goes down when its alive messages stop for longer than the limit, when one
 *   says subscribed="0", or when the connection drops;
 * - a producer that is down asks for a recovery at the next alive it sends (a request made before
 *   the producer speaks fails), from the last alive timestamp heard while it was up (stored in the
 *   database), or its full state when that is older than its recovery window or unknown;
 * - a recovery that gets no snapshot_complete in time is asked again.
 * State changes are reported to the adapter (suspend or reopen the producer's markets) and kept
 * in feed_producers, so the next leader recovers from the same point.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { PROVIDER } from './ids.ts';

export type ProducerState = 'down' | 'recovering' | 'up';

export interface ProducerInfo {
  id: number;
  name: string;
  /** Where its recovery requests go (producers.xml api_url). */
  apiUrl: string;
  /** How far back a recovery may ask (minutes). */
  recoveryWindowMin: number;
}

export interface ProducerHealth {
  id: number;
  name: string;
  state: ProducerState;
  /** Local time the last alive arrived (epoch ms), or null. */
  lastAliveAt: number | null;
  /** Timestamp of the last alive heard while up: recovery asks from here. */
  lastAliveTs: number | null;
  recovery: { requestId: number; after: number | null; startedAt: number } | null;
}

interface Entry extends ProducerHealth {
  info: ProducerInfo;
  /** The last recovery failed to start (no alive yet, a refusal): tried again at the next alive. */
  retryAt: number;
}

export interface ProducersOptions {
  db: Db;
  clock: Clock;
  producers: readonly ProducerInfo[];
  /** Sends a recovery request; answers the response code (ACCEPTED ...) or throws. */
  requestRecovery: (p: ProducerInfo, after: number | undefined, requestId: number) => Promise<string>;
  /** A producer's state changed (down: suspend its markets; up: reopen them). */
  onState: (id: number, state: ProducerState) => void;
  /** No alive for this long: down (default 20 s, the feed sends one every 10 s). */
  aliveTimeoutMs?: number;
  /** A recovery without snapshot_complete for this long is asked again (default 10 min). */
  recoveryTimeoutMs?: number;
  log?: (msg: string) => void;
}

export class Producers {
  private readonly entries = new Map<number, Entry>();
  private nextRequest: number;

  constructor(private readonly opts: ProducersOptions) {
    for (const info of opts.producers) {
      this.entries.set(info.id, { id: info.id, name: info.name, state: 'down', lastAliveAt: null, lastAliveTs: null, recovery: null, info, retryAt: 0 });
    }
    // request ids of this process: above any earlier one (they are only matched, never ordered)
    this.nextRequest = Math.floor(opts.clock.now() / 1000) % 1_000_000_000;
  }

  /** Loads what the last leader stored: recovery points (every producer starts down: we must recover). */
  async load(): Promise<void> {
    const rows = await this.opts.db.query<{ id: number; last_alive_ts: string | null; recovery_request_id: string | null }>(
      'select id, last_alive_ts, recovery_request_id from feed_producers where provider = $1', [PROVIDER]);
    for (const r of rows) {
      const e = this.entries.get(r.id);
      if (!e) continue;
      e.lastAliveTs = r.last_alive_ts === null ? null : Number(r.last_alive_ts);
      if (r.recovery_request_id !== null) this.nextRequest = Math.max(this.nextRequest, Number(r.recovery_request_id) + 1);
    }
  }

  /** Whether a producer's markets may take bets (unknown producers: yes, they are not watched). */
  isUp(id: number | undefined): boolean {
    const e = id === undefined ? undefined : this.entries.get(id);
    return !e || e.state === 'up';
  }

  /** Whether any watched producer is up or recovering (the connection is worth a heartbeat). */
  anyAlive(): boolean {
    return [...this.entries.values()].some((e) => e.state !== 'down');
  }

  has(id: number): boolean {
    return this.entries.has(id);
  }

  health(): ProducerHealth[] {
    return [...this.entries.values()].map(({ id, name, state, lastAliveAt, lastAliveTs, recovery }) => ({ id, name, state, lastAliveAt, lastAliveTs,
      recovery: recovery && { ...recovery } }));
  }

  /** An alive message arrived (local time `now`). */
  async onAlive(product: number, timestamp: number, subscribed: 0 | 1): Promise<void> {
    const e = this.entries.get(product);
    if (!e) return;
    const now = this.opts.clock.now();
    e.lastAliveAt = now;
    if (!subscribed) {
      // the producer is back but sends us nothing until we recover
      if (e.state === 'up') this.set(e, 'down', 'subscribed="0"');
      // a recovery asked for already: the producer says subscribed="1" once it has it
      if (e.state === 'recovering' && e.recovery) return;
      await this.recover(e, now);
      return;
    }
    if (e.state === 'up') {
      e.lastAliveTs = timestamp;
      await this.save(e);
    } else if (e.state === 'down' || (e.state === 'recovering' && !e.recovery)) {
      await this.recover(e, now);
    }
  }

  /** A snapshot_complete arrived: the producer is up when it ends our recovery. */
  async onSnapshotComplete(product: number, requestId: number): Promise<void> {
    const e = this.entries.get(product);
    if (!e || e.state !== 'recovering' || e.recovery?.requestId !== requestId) return;
    e.recovery = null;
    // a recovery from scratch still gives the next one a point to start from
    e.lastAliveTs ??= this.opts.clock.now();
    this.set(e, 'up', `recovery ${requestId} complete`);
    await this.save(e);
  }

  /** The connection dropped: every producer is down until it recovers. */
  onDisconnect(): void {
    for (const e of this.entries.values()) {
      e.recovery = null;
      if (e.state !== 'down') this.set(e, 'down', 'connection lost');
    }
  }

  /** The periodic check: alive timeouts and recoveries that never completed. */
  async tick(): Promise<void> {
    const now = this.opts.clock.now();
    const aliveLimit = this.opts.aliveTimeoutMs ?? 20_000;
    const recoveryLimit = this.opts.recoveryTimeoutMs ?? 600_000;
    for (const e of this.entries.values()) {
      if (e.state !== 'down' && e.lastAliveAt !== null && now - e.lastAliveAt > aliveLimit) {
        e.recovery = null;
        this.set(e, 'down', `no alive for ${Math.round((now - e.lastAliveAt) / 1000)} s`);
      } else if (e.state === 'recovering' && e.recovery && now - e.recovery.startedAt > recoveryLimit) {
        this.opts.log?.(`uof: producer ${e.id}: recovery ${e.recovery.requestId} got no snapshot_complete, asked again`);
        await this.recover(e, now);
      }
    }
  }

  private async recover(e: Entry, now: number): Promise<void> {
    if (now < e.retryAt) return;
    const windowMs = e.info.recoveryWindowMin * 60_000;
    const after = e.lastAliveTs !== null && now - e.lastAliveTs < windowMs ? e.lastAliveTs : undefined;
    const requestId = this.nextRequest++;
    e.recovery = { requestId, after: after ?? null, startedAt: now };
    this.set(e, 'recovering', `recovery ${requestId} ${after === undefined ? 'of the full state' : `after ${after}`}`);
    await this.save(e);
    try {
      const code = await this.opts.requestRecovery(e.info, after, requestId);
      if (code !== 'ACCEPTED' && code !== 'OK' && code !== 'CREATED') throw new Error(`answered ${code}`);
    } catch (err) {
      // tried again at an alive after a pause (the API limits recovery requests)
      e.recovery = null;
      e.retryAt = now + 10_000;
      this.opts.log?.(`uof: producer ${e.id}: recovery request failed: ${(err as Error).message}`);
    }
  }

  private set(e: Entry, state: ProducerState, why: string): void {
    if (e.state === state) return;
    e.state = state;
    this.opts.log?.(`uof: producer ${e.id} (${e.name}) ${state}: ${why}`);
    this.opts.onState(e.id, state);
  }

  private async save(e: Entry): Promise<void> {
    await this.opts.db.query(
      `insert into feed_producers (provider, id, name, state, last_alive_ts, recovery_request_id, recovery_after, recovery_started_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now())
       on conflict (provider, id) do update set name = excluded.name, state = excluded.state, last_alive_ts = excluded.last_alive_ts,
         recovery_request_id = coalesce(excluded.recovery_request_id, feed_producers.recovery_request_id), recovery_after = excluded.recovery_after,
         recovery_started_at = excluded.recovery_started_at, updated_at = now()`,
      [PROVIDER, e.id, e.name, e.state, e.lastAliveTs, e.recovery?.requestId ?? null, e.recovery?.after ?? null, e.recovery?.startedAt ?? null]);
  }
}
