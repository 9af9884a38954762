import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CoreDb } from './cache/db.ts';
import { createRequest } from './request.ts';
import { swrCall } from './sports/swr.ts';
import { rowView } from './coupons/coupons-api.ts';
import type { CouponItem } from '../../domain/protocol/coupons.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');

// Names come from the server in the player's language (lang on every call); a language
// switch must not draw the names kept in the previous one.
describe('a language switch', () => {
  it('sends the new lang and keeps replies per language', async () => {
    let lang = 'tr';
    let down = false;
    const sent: string[] = [];
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      if (down) throw new TypeError('offline');
      const body = JSON.parse(String(init?.body)) as { lang: string };
      sent.push(body.lang);
      return new Response(JSON.stringify({ status: true, results: [{ id: 1, name: body.lang === 'de' ? 'Fußball' : 'Futbol' }] }));
    }) as typeof globalThis.fetch;
    const db = new CoreDb('lang-switch');
    const deps = { db, call: createRequest({ fetch, lang: () => lang }), clock: () => NOW, lang: () => lang };
    const name = (got: Awaited<ReturnType<typeof swrCall<{ results: Array<{ name: string }> }>>>) => got?.reply.results?.[0]?.name;

    expect(name(await swrCall(deps, 'network', 'sports', {}, 'all'))).toBe('Futbol');
    lang = 'de';
    // Nothing kept in German yet: the Turkish names are not drawn as German ones.
    expect(await swrCall(deps, 'cache', 'sports', {}, 'all')).toBeNull();
    expect(name(await swrCall(deps, 'network', 'sports', {}, 'all'))).toBe('Fußball');
    expect(sent).toEqual(['tr', 'de']);
    // Offline, each language reads its own kept names.
    down = true;
    expect(name(await swrCall(deps, 'network', 'sports', {}, 'all'))).toBe('Fußball');
    lang = 'tr';
    expect(name(await swrCall(deps, 'network', 'sports', {}, 'all'))).toBe('Futbol');
    db.close();
  });
});

describe('the odds format of coupons', () => {
  it('shows a coupon\'s total odds in the chosen format, decimal by default', () => {
    const c = { totalOdds: 2500, status: 0, income: 0, ticketType: 'TK', totalTipps: 1 } as unknown as CouponItem;
    expect(rowView(c).totalOddsText).toBe('2.50');
    expect(rowView(c, 'fractional').totalOddsText).toBe('6/4');
    expect(rowView(c, 'american').totalOddsText).toBe('\u200E+150');
  });
});
