/**
 * Feed health per producer: state and recovery (producers.ts), the last alive, messages per second
 * and the lag between a message's timestamp and its handling. The leader counts; every few seconds
 * it writes the figures to feed_producers, so /readyz, /metrics and the back office of any process
 * show the same thing (readFeedHealth).
 */
import { Gauge } from 'prom-client';
import type { Queryable } from '../../db/client.ts';
import { registry } from '../../ops/metrics.ts';
import { PROVIDER } from './ids.ts';
import type { FeedProducerHealth } from '../../../domain/trading/calls.ts';

export type { FeedProducerHealth };

/** Counts messages and lags of one reporting window per producer. */
export class FeedCounters {
  private readonly windows = new Map<number, { n: number; lags: number[] }>();
  private since: number;

  constructor(now: number) {
    this.since = now;
  }

  /** A message of a producer generated at `timestamp` was handled at `now`. */
  record(producer: number, timestamp: number, now: number): void {
    let w = this.windows.get(producer);
    if (!w) this.windows.set(producer, (w = { n: 0, lags: [] }));
    w.n++;
    if (w.lags.length < 10_000) w.lags.push(Math.max(0, now - timestamp));
  }

  /** The window's figures per producer, and a new window. */
  take(now: number): Map<number, { perSec: number; lagMs: number | null }> {
    const secs = Math.max(0.001, (now - this.since) / 1000);
    const out = new Map<number, { perSec: number; lagMs: number | null }>();
    for (const [id, w] of this.windows) {
      const sorted = w.lags.sort((a, b) => a - b);
      out.set(id, { perSec: w.n / secs, lagMs: sorted.length ? sorted[Math.floor(sorted.length / 2)]! : null });
    }
    this.windows.clear();
    this.since = now;
    return out;
  }
}

/** Writes the leader's figures (state and recovery are written by producers.ts). */
export async function writeFeedFigures(q: Queryable, figures: ReadonlyMap<number, { perSec: number; lagMs: number | null }>,
  lastAlive: ReadonlyMap<number, number | null>, ids: readonly number[]): Promise<void> {
  const rows = ids.map((id) => ({ id, per_sec: figures.get(id)?.perSec ?? 0, lag_ms: figures.get(id)?.lagMs ?? null,
    last_alive_at: lastAlive.get(id) ?? null }));
  await q.query(
    `insert into feed_producers (provider, id, messages_per_sec, lag_ms, last_alive_at, updated_at)
     select $1, x.id, x.per_sec, x.lag_ms, x.last_alive_at, now() from json_to_recordset($2::json) as x(id int, per_sec real, lag_ms int, last_alive_at bigint)
     on conflict (provider, id) do update set messages_per_sec = excluded.messages_per_sec, lag_ms = excluded.lag_ms,
       last_alive_at = excluded.last_alive_at, updated_at = now()`,
    [PROVIDER, JSON.stringify(rows)]);
}

let last: FeedProducerHealth[] = [];

/** The producers' health as stored (any process), and kept for /metrics. */
export async function readFeedHealth(q: Queryable, now: number): Promise<FeedProducerHealth[]> {
  const rows = await q.query<{
    id: number; name: string; state: FeedProducerHealth['state']; last_alive_at: string | null; recovery_request_id: string | null;
    recovery_after: string | null; recovery_started_at: string | null; messages_per_sec: number; lag_ms: number | null; updated_at: Date;
  }>('select * from feed_producers where provider = $1 order by id', [PROVIDER]);
  last = rows.map((r) => ({
    id: r.id, name: r.name, state: r.state,
    lastAliveAt: r.last_alive_at === null ? null : Number(r.last_alive_at),
    lastAliveAgoSec: r.last_alive_at === null ? null : Math.max(0, Math.round((now - Number(r.last_alive_at)) / 1000)),
    recovery: r.state === 'recovering' && r.recovery_request_id !== null
      ? { requestId: Number(r.recovery_request_id), after: r.recovery_after === null ? null : Number(r.recovery_after),
        startedAt: Number(r.recovery_started_at ?? 0) }
      : null,
    messagesPerSec: Math.round(Number(r.messages_per_sec) * 10) / 10, lagMs: r.lag_ms, reportedAt: new Date(r.updated_at).getTime(),
  }));
  return last;
}

const STATES = { down: 0, recovering: 1, up: 2 } as const;

/** The gauges of /metrics, read from the last report at each scrape. */
export const feedGauges = [new Gauge({
  name: 'bet_feed_producer_state',
  help: 'Feed producers (provider uof): 0 down, 1 recovering, 2 up; as of the last /readyz or back-office read of this process.',
  labelNames: ['producer'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const p of last) this.set({ producer: String(p.id) }, STATES[p.state]);
  },
}), new Gauge({
  name: 'bet_feed_producer_messages_per_second',
  help: 'Messages a second handled per feed producer, as the leader last reported.',
  labelNames: ['producer'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const p of last) this.set({ producer: String(p.id) }, p.messagesPerSec);
  },
}), new Gauge({
  name: 'bet_feed_producer_lag_seconds',
  help: 'Median lag from a feed message\'s timestamp to its handling, per producer, as the leader last reported.',
  labelNames: ['producer'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const p of last) if (p.lagMs !== null) this.set({ producer: String(p.id) }, p.lagMs / 1000);
  },
}), new Gauge({
  name: 'bet_feed_producer_last_alive_age_seconds',
  help: 'Seconds since a feed producer\'s last alive message, as of the last report.',
  labelNames: ['producer'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const p of last) if (p.lastAliveAgoSec !== null) this.set({ producer: String(p.id) }, p.lastAliveAgoSec);
  },
})];
