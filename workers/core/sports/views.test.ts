import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Category, MatchListItem, OddsGroup, Tournament } from '../../../domain/protocol/entities.ts';
import { CoreDb } from '../cache/db.ts';
import { NetworkError, type CallFn } from '../request.ts';
import { teamLogoUrl } from '../views.ts';
import { bestLeagues, flagGlyph, listRows, rowOddsTypes, sportHeader, sportOddsTypes } from './list-views.ts';
import { isQuarterLine, matchDetailData, hasOpenMarkets } from './match-detail.ts';
import { pruneKept, swrCall } from './swr.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');

const group = (oddsid: number, oddstype: number, special: string, outcomes: Array<[number, number, string?]>): OddsGroup => ({
  oddsid, oddstype, typeName: String(oddstype), nicename: String(oddstype), special, active: 1, iss: 0, isv: 1,
  outcomes: outcomes.map(([outcomeid, odd, name], i) => ({ oddid: oddsid * 10 + i, outcomeid, outcome: name ?? '', odd, special, active: 1, iss: 0, isv: 1 })),
});

const match = (id: number, minutesFromNow: number, odds: OddsGroup[] = [], extra: Partial<MatchListItem> = {}): MatchListItem => ({
  id, matchDate: new Date(NOW + minutesFromNow * 60_000).toISOString(), homeTeam: 'Borussia Mönchengladbach', awayTeam: 'Bayern',
  homeTeamId: 4001, awayTeamId: 12, oddCount: 20, categoryId: 4, categoryName: 'Almanya', categoryFlag: 'de', sportId: 1, sportName: 'Futbol',
  tournamentId: 9, tournamentName: 'Bundesliga', liveActive: 0, minTip: 1, iss: 0, isv: 1, matchstatus: 'not_started', betstatus: 'started', odds, ...extra,
});

const result = (id: number) => group(id, 1, '', [[1, 2100], [2, 3300], [3, 3500]]);
const total = (id: number, line: string) => group(id, 18, line, [[12, 1900], [13, 1900]]);

describe('list rows', () => {
  it('hide started matches and those 5 minutes past their start, by date ascending', () => {
    const rows = listRows([
      match(3, 120, [result(30)]), match(1, -6, [result(10)]), match(2, 30, [result(20)]),
      match(4, 10, [result(40)], { matchstatus: '1p' }), match(5, -4, [result(50)]),
    ], NOW, {});
    expect(rows.map((r) => r.id)).toEqual([5, 2, 3]);
  });

  it('show the chosen odds type with its line, and lock a stale row', () => {
    const m = match(1, 60, [result(10), total(11, '2.5')]);
    const [main] = listRows([m], NOW, { oddsTypes: rowOddsTypes(1, undefined) });
    expect(main!.odds.map((o) => [o.label, o.price, o.open])).toEqual([['1', '2.10', true], ['X', '3.30', true], ['2', '3.50', true]]);
    const [over] = listRows([m], NOW, { oddsTypes: rowOddsTypes(1, 18), stale: true });
    expect(over!.special).toBe('2.5');
    expect(over!.odds.map((o) => [o.label, o.open])).toEqual([['Over', false], ['Under', false]]);
  });

  it('toggle between the first two odds types of a sport', () => {
    expect(sportOddsTypes(1).map((o) => o.label)).toEqual(['1X2', '+/-']);
    expect(sportOddsTypes(3).map((o) => o.oddsType)).toEqual([186, 18]);
    expect(rowOddsTypes(0, undefined)).toEqual([1, 186]);
  });
});

describe('tree helpers', () => {
  it('order the Home sport header: first four, then the rest', () => {
    const s = (id: number, status: 0 | 1 = 1) => ({ id, name: String(id), status, matchCount: 1 });
    const h = sportHeader([s(1), s(3), s(4, 0), s(5), s(6), s(7), s(23)]);
    expect(h.first.map((x) => x.id)).toEqual([1, 3, 5, 6]);
    expect(h.rest.map((x) => x.id)).toEqual([7, 23]);
  });

  it('show flags as emoji, a globe for international', () => {
    expect(flagGlyph('tr')).toBe('🇹🇷');
    expect(flagGlyph('int')).toBe('🌐');
  });

  it('find the best football leagues only under All, in the spec order, in their countries', () => {
    const cats: Category[] = [
      { id: 1, title: 'İngiltere', countryFlag: 'gb', matchCount: 5, sid: 1 },
      { id: 7, title: 'Avrupa', countryFlag: 'eu', matchCount: 5, sid: 1 },
      { id: 9, title: 'Kanada', countryFlag: 'ca', matchCount: 5, sid: 1 },
    ];
    const leagues: Tournament[] = [
      { id: 70, title: 'Europa League', matchCount: 2, sid: 1, cid: 7 },
      { id: 10, title: 'Premier League', matchCount: 3, sid: 1, cid: 1 },
      { id: 90, title: 'Premier League', matchCount: 3, sid: 1, cid: 9 },
      { id: 71, title: 'Champions League', matchCount: 2, sid: 1, cid: 7 },
    ];
    expect(bestLeagues(1, 'all', cats, leagues).map((b) => b.id)).toEqual([10, 71, 70]);
    expect(bestLeagues(1, 'today', cats, leagues)).toEqual([]);
    expect(bestLeagues(3, 'all', cats, leagues)).toEqual([]);
  });

  it('build team logo paths by id divided by 2000', () => {
    expect(teamLogoUrl('https://img.example/teams/', 4001)).toBe('https://img.example/teams/2/4001.png');
    expect(teamLogoUrl(undefined, 4001)).toBeNull();
  });
});

describe('match detail', () => {
  const m = match(1, 60, [
    result(10),
    total(11, '3.5'), total(12, '2.5'), total(13, '2.25'),
    group(14, 56, '1', [[6, 1500], [7, 9000], [8, 2500]]),
    group(15, 8, '2', [[6, 1600], [7, 8000], [8, 2600]]),
    group(16, 186, '', [[4, 1005], [5, 9000]]),
    { ...group(17, 29, '', [[74, 1800], [76, 1900]]), isv: 0 },
  ]);

  it('merges 56, 52, 226, 8, 383 into one group with the special as an info cell', () => {
    const d = matchDetailData(m);
    const g = d.groups.find((x) => x.key === '56')!;
    expect(g.lines.map((l) => l.info)).toEqual(['1', '2']);
    expect(d.groups.filter((x) => x.key === '8')).toHaveLength(0);
  });

  it('cuts team names in labels to 10 characters plus a dot', () => {
    const g = matchDetailData(m).groups.find((x) => x.key === '186')!;
    expect(g.lines[0]!.odds.map((o) => o.label)).toEqual(['Borussia M.', 'Bayern']);
    expect(g.lines[0]!.odds[0]!.price).toBe('1.005');
  });

  it('hides quarter lines of totals, sorts lines by value, leaves out hidden groups', () => {
    const g = matchDetailData(m).groups.find((x) => x.key === '18')!;
    expect(g.lines.map((l) => l.info)).toEqual(['2.5', '3.5']);
    expect(isQuarterLine('-0.75')).toBe(true);
    expect(isQuarterLine('2.5')).toBe(false);
    expect(matchDetailData(m).groups.some((x) => x.key === '29')).toBe(false);
  });

  it('opens the first 10 groups and offers only filters that hold a group', () => {
    const many = match(2, 60, Array.from({ length: 12 }, (_, i) => group(100 + i, 1000 + i, '', [[1, 2000]])));
    const d = matchDetailData(many);
    expect(d.groups.filter((g) => g.open)).toHaveLength(10);
    expect(matchDetailData(m).filters).toEqual(['all', 'main', 'total', 'goals']);
  });

  it('reports a match without open markets (match-closed message)', () => {
    expect(hasOpenMarkets(matchDetailData(m))).toBe(true);
    expect(hasOpenMarkets(matchDetailData({ ...m, betstatus: 'stopped' }))).toBe(false);
  });
});

describe('stale-while-revalidate', () => {
  it('answers from IndexedDB at once, and stands in for the network when it fails', async () => {
    const db = new CoreDb('swr-test');
    let down = false;
    let n = 0;
    const call = (async () => {
      if (down) throw new NetworkError('offline');
      return { status: true, results: [++n] };
    }) as CallFn;
    let clock = NOW;
    const deps = { db, call, clock: () => clock };
    expect(await swrCall(deps, 'cache', 'sports', {}, 'today')).toBeNull();
    const fresh = await swrCall<{ results: number[] }>(deps, 'network', 'sports', { startDate: 'x' }, 'today');
    expect(fresh!.fresh).toEqual({ stale: false, offline: false, updatedAt: NOW });
    clock += 60_000;
    // Another window of the same filter: the kept reply still answers it.
    const kept = await swrCall<{ results: number[] }>(deps, 'cache', 'sports', { startDate: 'y' }, 'today');
    expect(kept!.reply.results).toEqual([1]);
    expect(kept!.fresh).toEqual({ stale: true, offline: false, updatedAt: NOW });
    down = true;
    const offline = await swrCall<{ results: number[] }>(deps, 'network', 'sports', {}, 'today');
    expect(offline!.fresh).toEqual({ stale: true, offline: true, updatedAt: NOW });
    await expect(swrCall(deps, 'network', 'sports', {}, 'all')).rejects.toBeInstanceOf(NetworkError);
    db.close();
  });

  it('keeps only the last viewed match details', async () => {
    const db = new CoreDb('swr-prune');
    for (let i = 1; i <= 5; i++) await db.replies.put({ key: `swr:odds:${i}`, at: NOW + i, reply: {} });
    await db.replies.put({ key: 'swr:sports:today', at: NOW - 10 * 86_400_000, reply: {} });
    await db.replies.put({ key: 'sports:{}', at: NOW - 10 * 86_400_000, reply: {} });
    await pruneKept(db, NOW, 2);
    expect((await db.replies.toCollection().primaryKeys()).sort()).toEqual(['sports:{}', 'swr:odds:4', 'swr:odds:5']);
    db.close();
  });
});
