/**
 * Operations endpoints (issue 19): Prometheus metrics at /metrics count the calls and placements,
 * and /api/openapi.json describes every registered call from its zod schema.
 */
import { describe, expect, it } from 'vitest';
import { registeredCalls } from '../../server/ops/openapi.ts';
import { drivers, footballWith1x2, pickOf, tipOf, useHarness } from './harness.ts';

const DRIVERS = await drivers();

/** The value of one sample line of a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    const have = inner.split(',');
    if (want.every((w) => have.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe.each(DRIVERS)('operations on %s', (driver) => {
  const h = useHarness(driver);
  const metrics = async () => {
    const res = await h.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('/metrics counts each call by route and status, with its latency, and the placements', async () => {
    const before = await metrics();
    const count = (text: string, status: string) => sample(text, 'bet_http_request_duration_seconds_count', { route: '/api/sports', method: 'POST', status });
    await h.call('sports', {});
    await h.call('sports', {});
    await h.call('sports', { sportId: 'x', lang: 1 });
    const [m] = await footballWith1x2(h, 1);
    const { cookie } = await h.player('metrics', 100_000);
    const placed = await h.call('createCoupon', { ticketType: 'TK', totalStake: 100, ticketStake: 100, tips: [tipOf(pickOf(m!))] }, { cookie });
    expect(placed.json()).toMatchObject({ status: true });
    const after = await metrics();
    expect(count(after, '2xx') - count(before, '2xx')).toBe(2);
    expect(count(after, '4xx') - count(before, '4xx')).toBe(1);
    expect(sample(after, 'bet_http_request_duration_seconds_bucket', { route: '/api/sports', method: 'POST', status: '2xx', le: '+Inf' })).toBe(count(after, '2xx'));
    expect(sample(after, 'bet_coupon_placements_total', { result: 'accepted' }) - sample(before, 'bet_coupon_placements_total', { result: 'accepted' })).toBe(1);
    for (const name of ['bet_settlement_lag_seconds', 'bet_feed_lag_seconds', 'bet_ws_clients', 'bet_pg_pool_connections', 'process_cpu_seconds_total']) {
      expect(after).toContain(`# TYPE ${name}`);
    }
    if (driver === 'pg') expect(sample(after, 'bet_pg_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });

  it('/api/openapi.json is OpenAPI 3.1 with every registered call and its schema', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, { post?: { requestBody: { content: Record<string, { schema: { type?: string; properties?: Record<string, unknown>; required?: string[] } }> }; security: unknown[] } }> }>();
    expect(doc.openapi).toBe('3.1.0');
    const calls = registeredCalls(h.app);
    expect(calls.length).toBeGreaterThan(50);
    for (const c of calls) expect(doc.paths[`/api/${c.name}`]?.post, c.name).toBeDefined();
    const odds = doc.paths['/api/odds']!.post!;
    expect(odds.requestBody.content['application/json']!.schema).toMatchObject({ type: 'object', required: ['matchId'], properties: { matchId: { type: 'integer', maximum: 2 ** 31 - 1 } } });
    expect(doc.paths['/api/createCoupon']!.post!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/sports']!.post!.security).toEqual([]);
  });
});
