import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { MatchListItem, OddsGroup } from '../../../domain/protocol/entities.ts';
import { createCoreApi } from '../api.ts';
import { CoreDb } from '../cache/db.ts';
import type { CoreEvent, SlipView } from '../events.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');

const groups: OddsGroup[] = [
  { oddsid: 10, oddstype: 1, typeName: '1', nicename: '1', special: '', active: 1, iss: 0, isv: 1,
    outcomes: [1, 2, 3].map((o) => ({ oddid: 100 + o, outcomeid: o, outcome: '', odd: 2000 + o * 100, special: '', active: 1 as const, iss: 0 as const, isv: 1 as const })) },
];
const match: Omit<MatchListItem, 'odds'> = {
  id: 7, matchDate: new Date(NOW + 3_600_000).toISOString(), homeTeam: 'Galatasaray', awayTeam: 'Fenerbahçe', homeTeamId: 1, awayTeamId: 2,
  oddCount: 3, categoryId: 6, categoryName: 'Türkiye', categoryFlag: 'tr', sportId: 1, sportName: 'Futbol', tournamentId: 11,
  tournamentName: 'Süper Lig', liveActive: 0, minTip: 1, iss: 0, isv: 1, matchstatus: 'not_started', betstatus: 'started',
};

/** A server of canned replies with a switch to cut the network, recording the calls made. */
function fakeServer() {
  const net = { down: false, calls: [] as Array<{ key: string; body: Record<string, unknown> }> };
  const fetch = (async (input: string, init?: RequestInit) => {
    if (net.down) throw new TypeError('Failed to fetch');
    const key = String(input).replace('/api/', '');
    const body = init?.body ? JSON.parse(String(init.body)) as Record<string, unknown> : {};
    net.calls.push({ key, body });
    const reply = key === 'settings' ? { status: true, settings: { tofixedNumber: 2, team_logos: 0 } }
      : key === 'odds' ? (body.matchId === 7 ? { status: true, match, results: groups } : { status: false, msg: 'matchNotFound' })
      : key === 'sports' ? { status: true, results: [{ id: 1, name: 'Futbol', status: 1, matchCount: 1 }] }
      : key === 'categories' ? { status: true, results: [{ id: 6, title: 'Türkiye', countryFlag: 'tr', matchCount: 1, sid: 1 }] }
      : key === 'tournament' ? { status: true, results: [{ id: 11, title: 'Süper Lig', matchCount: 1, sid: 1, cid: 6 }] }
      : key === 'matches' || key === 'highlights' ? { status: true, data: { results: [{ ...match, odds: groups }], totalRows: 1 } }
      : key === 'shortcode' ? (body.code === 'AB12' ? { status: true, results: [{ ...match, odds: [] }] } : { status: false, msg: 'searchNotFound' })
      : { status: false, msg: 'unknown' };
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { net, fetch };
}

function makeCore(name: string) {
  const server = fakeServer();
  const events: CoreEvent[] = [];
  const core = createCoreApi({ fetch: server.fetch, db: new CoreDb(name), clock: () => NOW, uuid: () => name });
  core.subscribe((e) => events.push(e));
  const slip = () => [...events].reverse().find((e) => e.type === 'slip-changed')!.payload as SlipView;
  return { core, slip, net: server.net };
}

describe('sports api (worker)', () => {
  it('builds the tree with the filter window in the player zone, and leagues and matches on demand', async () => {
    const { core, net } = makeCore('sports-tree');
    const tree = await core.allSports({ sportId: 1, filter: 'today', timeZone: 'Europe/Istanbul' }, 'network');
    expect(tree!.countries).toEqual([{ id: 6, sid: 1, title: 'Türkiye', flag: '🇹🇷', matchCount: 1 }]);
    expect(tree!.oddsTypes.map((o) => o.label)).toEqual(['1X2', '+/-']);
    const cats = net.calls.find((c) => c.key === 'categories')!.body;
    expect(cats.endDate).toBe('2026-06-01T21:00:00.000Z'); // Istanbul midnight
    const leagues = await core.leagues({ sportId: 1, categoryId: 6, filter: 'today' }, 'network');
    expect(leagues!.leagues.map((l) => l.title)).toEqual(['Süper Lig']);
    const rows = await core.leagueMatches({ sportId: 1, categoryId: 6, tournamentId: 11, filter: 'today', oddsType: 18 }, 'network');
    expect(net.calls.filter((c) => c.key === 'matches').at(-1)!.body.odds).toEqual([18]);
    expect(rows!.rows.map((r) => r.id)).toEqual([7]);
  });

  it('adds an odd from MatchDetail to the slip, and never from a kept (stale) detail', async () => {
    const { core, slip } = makeCore('sports-detail');
    const detail = await core.matchDetail(7, 'network');
    if (detail?.state !== 'ok') throw new Error('no detail');
    expect(detail.closed).toBe(false);
    const odd = detail.data.groups[0]!.lines[0]!.odds[0]!;
    await core.toggleOdd(7, odd.oddsid, odd.oddid);
    expect(slip().entries.map((e) => e.key)).toEqual([odd.key]);

    // A fresh worker offline: the kept detail shows at once, locked, and a tap adds nothing.
    const other = createCoreApi({ fetch: (async () => { throw new TypeError('offline'); }) as typeof fetch, db: new CoreDb('sports-detail'), clock: () => NOW + 60_000, uuid: () => 'x' });
    const events: CoreEvent[] = [];
    other.subscribe((e) => events.push(e));
    const kept = await other.matchDetail(7, 'network');
    if (kept?.state !== 'ok') throw new Error('no kept detail');
    expect(kept.fresh).toMatchObject({ stale: true, offline: true, updatedAt: NOW });
    expect(kept.data.groups[0]!.lines[0]!.odds.every((o) => !o.open)).toBe(true);
    await other.toggleOdd(7, odd.oddsid, odd.oddid);
    const last = [...events].reverse().find((e) => e.type === 'slip-changed')!.payload as SlipView;
    expect(last.entries).toHaveLength(0);
  });

  it('says not found for an unknown match and an unknown short code, upper-cases the code', async () => {
    const { core, net } = makeCore('sports-misc');
    expect(await core.matchDetail(99, 'network')).toEqual({ state: 'notFound' });
    expect(await core.shortcode(' ab12 ')).toEqual({ code: 'AB12', matchId: 7 });
    expect(await core.shortcode('zz')).toEqual({ code: 'ZZ', matchId: null });
    expect(net.calls.filter((c) => c.key === 'shortcode').map((c) => c.body.code)).toEqual(['AB12', 'ZZ']);
  });

  it('remembers the time filter for an arrival with sid or cid only', async () => {
    const { core } = makeCore('sports-filter');
    await core.rememberFilter('d2');
    expect(await core.initialFilter(true)).toBe('d2');
    expect(await core.initialFilter(false)).toBe('today');
  });

  it('asks half-size pages of Highlights, Upcoming and search under data saver', async () => {
    const { core, net: all } = makeCore('sports-saver');
    const net = { calls: { at: (i: number) => all.calls.filter((c) => c.key !== 'settings').at(i) } };
    await core.upcomingList({ sportId: 1, filter: 'all', page: 1 }, 'network');
    expect(net.calls.at(-1)!.body).toMatchObject({ limit: 10, order: 10 });
    await core.setDataSaver(true);
    await core.upcomingList({ sportId: 1, filter: 'all', page: 1 }, 'network');
    expect(net.calls.at(-1)!.body).toMatchObject({ limit: 5, order: 5 });
    await core.highlightList({ sportId: 1, filter: 'all', page: 2 }, 'network');
    expect(net.calls.at(-1)!).toMatchObject({ key: 'highlights', body: { limit: 5, order: 10 } });
    await core.search({ sportId: 1, filter: 'all', keyWord: 'Galata' });
    expect(net.calls.at(-1)!.body).toMatchObject({ keyWord: 'Galata', limit: 5, order: 0 });
    await core.setDataSaver(false);
    await core.highlightList({ sportId: 1, filter: 'all' }, 'network');
    expect(net.calls.at(-1)!.body).toMatchObject({ limit: 10, order: 0 });
  });
});
