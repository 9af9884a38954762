import { describe, expect, it } from 'vitest';
import { createRequest } from './request.ts';
import { wireLang } from '../../domain/wire-lang.ts';

/** A fetch that records the JSON bodies it is sent and answers { status: true }. */
function recordingFetch() {
  const bodies: Array<{ path: string; lang: unknown }> = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { lang?: unknown };
    bodies.push({ path: String(url), lang: body.lang });
    return new Response(JSON.stringify({ status: true }), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, bodies };
}

// account-platform.md section 7: iq maps to ku for some keys and kr for the slider key.
describe('the lang a call sends', () => {
  it('iq is sent as kr for the banner slider and ku for the Kurdish content calls', async () => {
    const { fetch, bodies } = recordingFetch();
    const call = createRequest({ fetch, lang: () => 'iq' });
    await call('banners', { displayState: [12, 1] });
    await call('getPage', { pageid: 6 });
    await call('getPopups');
    await call('promotions');
    await call('login', { userName: 'x', password: 'y' });
    expect(bodies).toEqual([
      { path: '/api/banners', lang: 'kr' },
      { path: '/api/getPage', lang: 'ku' },
      { path: '/api/getPopups', lang: 'ku' },
      { path: '/api/promotions', lang: 'ku' },
      // Account calls keep iq: the user's stored language must stay a route code.
      { path: '/api/login', lang: 'iq' },
    ]);
  });

  it('other languages go out unchanged on every key', async () => {
    const { fetch, bodies } = recordingFetch();
    let lang = 'tr';
    const call = createRequest({ fetch, lang: () => lang });
    await call('banners', { displayState: 1 });
    lang = 'kr';
    await call('getPage', { pageid: 6 });
    expect(bodies.map((b) => b.lang)).toEqual(['tr', 'kr']);
    expect(wireLang('en', 'getPage')).toBe('en');
    expect(wireLang('iq', 'matches')).toBe('iq');
  });
});
