/**
 * Health endpoints for the load balancer and the orchestrator, outside /api (no session, no
 * spec shape): /healthz says the process is alive (its event loop answers); /readyz says it can
 * serve players: the database and the feed bus answer, and its live feed is fresh (a process
 * whose feed is stale suspends its live markets, so it should get no traffic). 503 otherwise,
 * with what failed.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';

export interface HealthDeps {
  db: Queryable;
  /** The feed bus (Redis across processes); absent: nothing to check. */
  bus?: { ping(): Promise<void> } | undefined;
  /** The live state; absent: no feed to check. */
  live?: { isFresh(): boolean } | undefined;
  /**
   * A feed provider's producers (state, last alive, recovery, messages per second, lag), shown in
   * the reply; a producer down does not make the process unready (its markets are suspended).
   */
  providers?: (() => Promise<unknown>) | undefined;
  /** How long a check may take before it counts as failed (default 2 s). */
  timeoutMs?: number;
}

/** Resolves true when `p` settles fine within `ms`, false on an error or a timeout. */
async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  try {
    return await Promise.race([p.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealth(app: FastifyInstance, deps: HealthDeps): void {
  const ms = deps.timeoutMs ?? 2000;
  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const [db, bus] = await Promise.all([
      within(deps.db.query('select 1'), ms),
      deps.bus ? within(deps.bus.ping(), ms) : Promise.resolve(true),
    ]);
    const feed = deps.live ? deps.live.isFresh() : true;
    const ready = db && bus && feed;
    const providers = deps.providers && db ? await deps.providers().catch(() => null) : undefined;
    return reply.code(ready ? 200 : 503).header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unready', db, bus, feed, ...(providers !== undefined ? { producers: providers } : {}) });
  });
}
