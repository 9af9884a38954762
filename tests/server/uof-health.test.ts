/**
 * Feed health per producer on /readyz and in /metrics, as any process shows it: the leader's
 * figures (state, last alive, recovery in flight, messages a second, lag) stored in
 * feed_producers are read back by every process. Both databases.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readFeedHealth, writeFeedFigures } from '../../server/feed/uof/health.ts';
import { registerHealth } from '../../server/http/routes/health.ts';
import { registry } from '../../server/ops/metrics.ts';
import { drivers, useHarness } from './harness.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('feed health on %s', (driver) => {
  const h = useHarness(driver);

  it('/readyz lists each producer and /metrics has its gauges; a producer down leaves the process ready', async () => {
    const now = Date.now();
    await h.db.query(
      `insert into feed_producers (provider, id, name, state, last_alive_ts, recovery_request_id, recovery_after, recovery_started_at)
       values ('uof', 1, 'LO', 'up', $1, null, null, null), ('uof', 3, 'Ctrl', 'recovering', $1, 77, $1, $1)
       on conflict (provider, id) do update set name = excluded.name, state = excluded.state, recovery_request_id = excluded.recovery_request_id,
         recovery_after = excluded.recovery_after, recovery_started_at = excluded.recovery_started_at`, [now - 60_000]);
    await writeFeedFigures(h.db, new Map([[1, { perSec: 812.5, lagMs: 40 }], [3, { perSec: 2, lagMs: null }]]),
      new Map([[1, now - 3000], [3, now - 25_000]]), [1, 3]);
    const app = Fastify();
    registerHealth(app, { db: h.db, live: { isFresh: () => true }, providers: () => readFeedHealth(h.db, now) });
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; producers: Array<Record<string, unknown>> }>();
    expect(body.status).toBe('ready');
    expect(body.producers).toEqual([
      expect.objectContaining({ id: 1, name: 'LO', state: 'up', lastAliveAgoSec: 3, messagesPerSec: 812.5, lagMs: 40, recovery: null }),
      expect.objectContaining({ id: 3, name: 'Ctrl', state: 'recovering', lastAliveAgoSec: 25, lagMs: null,
        recovery: { requestId: 77, after: now - 60_000, startedAt: now - 60_000 } }),
    ]);
    const metrics = await registry.metrics();
    expect(metrics).toContain('bet_feed_producer_state{producer="1"} 2');
    expect(metrics).toContain('bet_feed_producer_state{producer="3"} 1');
    expect(metrics).toContain('bet_feed_producer_messages_per_second{producer="1"} 812.5');
    expect(metrics).toContain('bet_feed_producer_lag_seconds{producer="1"} 0.04');
    expect(metrics).not.toContain('bet_feed_producer_lag_seconds{producer="3"}');
    expect(metrics).toContain('bet_feed_producer_last_alive_age_seconds{producer="3"} 25');
    await app.close();
  });
});
