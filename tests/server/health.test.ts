/**
 * /healthz and /readyz (server/http/routes/health.ts) and the once-per-deployment loops
 * (whileLeading): ready only when the database and the bus answer and the feed is fresh; a
 * loop runs while its process leads and stops when it does not.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerHealth } from '../../server/http/routes/health.ts';
import { whileLeading, type Leadership } from '../../server/cluster/lease.ts';

describe('health endpoints', () => {
  it('healthz is alive; readyz is 503 with what failed: database, bus (also a hung one), feed', async () => {
    const state = { db: true, bus: true as boolean | 'hang', feed: true };
    const app = Fastify();
    registerHealth(app, {
      db: { query: async <T>() => { if (!state.db) throw new Error('connection terminated'); return [] as T[]; } },
      bus: { ping: () => (state.bus === 'hang' ? new Promise<void>(() => undefined) : state.bus ? Promise.resolve() : Promise.reject(new Error('redis down'))) },
      live: { isFresh: () => state.feed },
      timeoutMs: 100,
    });
    const get = async (url: string) => { const r = await app.inject({ method: 'GET', url }); return { code: r.statusCode, body: r.json<Record<string, unknown>>() }; };
    expect(await get('/healthz')).toEqual({ code: 200, body: { status: 'ok' } });
    expect(await get('/readyz')).toEqual({ code: 200, body: { status: 'ready', db: true, bus: true, feed: true } });
    state.db = false;
    expect(await get('/readyz')).toMatchObject({ code: 503, body: { status: 'unready', db: false, bus: true, feed: true } });
    state.db = true;
    state.bus = 'hang';
    expect(await get('/readyz')).toMatchObject({ code: 503, body: { bus: false } });
    state.bus = false;
    expect(await get('/readyz')).toMatchObject({ code: 503, body: { bus: false } });
    state.bus = true;
    state.feed = false;
    expect(await get('/readyz')).toMatchObject({ code: 503, body: { feed: false } });
    // the process itself is alive all along
    expect((await get('/healthz')).code).toBe(200);
    await app.close();
  });
});

describe('whileLeading', () => {
  it('runs the loop while leading, stops it on losing the lead, starts it again on regaining it', () => {
    let leader = false;
    const fns = new Set<(l: boolean) => void>();
    const lead: Leadership = { isLeader: () => leader, term: 0, onChange: (fn) => { fns.add(fn); return () => fns.delete(fn); }, stop: async () => undefined };
    const set = (l: boolean) => { leader = l; for (const fn of fns) fn(l); };
    const log: string[] = [];
    const stop = whileLeading(lead, () => { log.push('start'); return () => log.push('stop'); });
    expect(log).toEqual([]);
    set(true);
    set(true);
    set(false);
    set(true);
    stop();
    set(false);
    expect(log).toEqual(['start', 'stop', 'start', 'stop']);
  });
});
