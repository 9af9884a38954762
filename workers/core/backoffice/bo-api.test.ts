import { describe, expect, it } from 'vitest';
import { createContext } from '../context.ts';
import { createBackOfficeApi } from './bo-api.ts';

/** A back-office api on a fetch that records what it is sent and answers `reply` (or fails). */
function setup(reply: unknown | Error) {
  const sent: Array<{ url: string; key: string | null; body: Record<string, unknown> }> = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    if (reply instanceof Error) throw reply;
    sent.push({ url: String(url), key: new Headers(init?.headers).get('idempotency-key'), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const ctx = createContext({ fetch, db: {} as never, clock: () => 0, uuid: () => 'u' });
  return { api: createBackOfficeApi(ctx), sent };
}

describe('the back office door of the worker', () => {
  it('posts /api/bo/<name> with the common fields and passes the reply through', async () => {
    const { api, sent } = setup({ status: true, totalCount: 0, results: [] });
    expect(await api.boCall('coupons', { userName: 'ayse', order: 0 })).toEqual({ status: true, totalCount: 0, results: [] });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/bo/coupons');
    expect(sent[0]!.key).toBeNull();
    expect(sent[0]!.body).toMatchObject({ serverId: 1, operatorId: 1, lang: 'tr', userName: 'ayse', order: 0 });
  });

  it('sends the confirmation dialog\'s Idempotency-Key with a money call', async () => {
    const { api, sent } = setup({ status: true, msg: 'ok' });
    await api.boCall('loadCredit', { targetId: 7, amount: 10_000 }, { idempotencyKey: 'k-1' });
    await api.boCall('loadCredit', { targetId: 7, amount: 10_000 }, { idempotencyKey: 'k-1' });
    expect(sent.map((s) => s.key)).toEqual(['k-1', 'k-1']);
  });

  it('answers a lost network with a refusal instead of throwing', async () => {
    const { api } = setup(new TypeError('offline'));
    expect(await api.boCall('whoami')).toEqual({ status: false, msg: '', error: 'network' });
  });
});
