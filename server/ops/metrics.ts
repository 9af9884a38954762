/**
 * Prometheus metrics of one server process at GET /metrics (prom-client): the rate and latency of
 * every call, coupon placements, settlement lag, feed lag, websocket clients and the PostgreSQL pool.
 * One registry per process, as Prometheus scrapes a process: the modules where the events happen
 * (placement queue, settlement loop, feed socket) call the small recorders below.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';

/** The process's registry (Node's own metrics included). */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const callDuration = new Histogram({
  name: 'bet_http_request_duration_seconds',
  help: 'HTTP requests by route (/api/<call>), method and status class: the count is the rate, the buckets the latency.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

const placements = new Counter({
  name: 'bet_coupon_placements_total',
  help: 'createCoupon placements through the placement queue, accepted (a coupon or its first reply) or refused.',
  labelNames: ['result'] as const,
  registers: [registry],
});

const settlementLag = new Histogram({
  name: 'bet_settlement_lag_seconds',
  help: 'Time from a result being stored to its coupons being settled.',
  buckets: [0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 900, 3600],
  registers: [registry],
});

const feedLag = new Histogram({
  name: 'bet_feed_lag_seconds',
  help: 'Time from a feed change (its frame time) to its fan-out to the websocket clients of this process.',
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
  registers: [registry],
});

const wsClients = new Gauge({
  name: 'bet_ws_clients',
  help: 'Open websocket connections by socket.',
  labelNames: ['socket'] as const,
  registers: [registry],
});

/** The pools of the databases of the apps of this process (tests build several). */
const pools = new Set<NonNullable<Db['poolStats']>>();
/** Read at each scrape from the pools of this process. */
export const poolConnections = new Gauge({
  name: 'bet_pg_pool_connections',
  help: 'PostgreSQL pool connections by state: total, idle, and waiting (requests queued for a connection).',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0, idle = 0, waiting = 0;
    for (const stats of pools) {
      const s = stats();
      total += s.total; idle += s.idle; waiting += s.waiting;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** Counts a placement by how it ends; returns the same promise's outcome. */
export function countPlacement<T>(placed: Promise<T>): Promise<T> {
  return placed.then(
    (r) => { placements.inc({ result: 'accepted' }); return r; },
    (err: unknown) => { placements.inc({ result: 'refused' }); throw err; },
  );
}

/** A result settled `ms` after it was stored. */
export function observeSettlementLag(ms: number): void {
  settlementLag.observe(Math.max(0, ms) / 1000);
}

/** Changes of frame time `at` fanned out at `now`. */
export function observeFeedLag(now: number, at: number): void {
  feedLag.observe(Math.max(0, now - at) / 1000);
}

/** A websocket of `socket` opened (+1) or closed (-1). */
export function countWsClient(socket: 'feed' | 'site', delta: 1 | -1): void {
  wsClients.inc({ socket }, delta);
}

const statusClass = (code: number): string => `${Math.floor(code / 100)}xx`;

/**
 * Times every request by its route and serves GET /metrics. Unmatched URLs share one label, so a
 * scan of random paths cannot grow the series without bound.
 */
export function registerMetrics(app: FastifyInstance, opts: { db: Db; token?: string | undefined }): void {
  const started = new WeakMap<object, bigint>();
  app.addHook('onRequest', (req, _reply, done) => { started.set(req, process.hrtime.bigint()); done(); });
  app.addHook('onResponse', (req, reply, done) => {
    const t0 = started.get(req);
    if (t0 !== undefined) {
      const route = req.routeOptions.url ?? 'unmatched';
      callDuration.observe({ route, method: req.method, status: statusClass(reply.statusCode) }, Number(process.hrtime.bigint() - t0) / 1e9);
    }
    done();
  });
  const stats = opts.db.poolStats?.bind(opts.db);
  if (stats) {
    pools.add(stats);
    app.addHook('onClose', (_app, done) => { pools.delete(stats); done(); });
  }
  // On the public port only behind a bearer token (METRICS_TOKEN); else the metrics are served on
  // their own port (serveMetrics, METRICS_PORT), out of the proxy's reach whatever the path spelling.
  const token = opts.token;
  if (token) {
    app.get('/metrics', async (req, reply) => {
      const given = Buffer.from(String(req.headers.authorization ?? ''));
      const want = Buffer.from(`Bearer ${token}`);
      if (given.length !== want.length || !timingSafeEqual(given, want)) return reply.code(401).header('www-authenticate', 'Bearer').send('');
      return sendMetrics(reply);
    });
  }
}

const sendMetrics = async (reply: FastifyReply) =>
  reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());

/** Serves GET /metrics of this process on an app of its own (the METRICS_PORT listener). */
export function serveMetrics(app: FastifyInstance): void {
  app.get('/metrics', async (_req, reply) => sendMetrics(reply));
}
