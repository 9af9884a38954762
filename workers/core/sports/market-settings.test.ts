import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MARKET_SETTINGS } from '../../../domain/catalogue/markets.ts';
import { marketFilters, setMarketFilters } from '../../../domain/market/filters.ts';
import { applyMarketSettings, hidesQuarterLines, liveLeagueRank, MARKET_SETTINGS_TTL_MS, refreshMarketSettings } from './market-settings.ts';
import { matchDetailData } from './match-detail.ts';
import type { CallFn } from '../request.ts';
import type { MatchListItem, OddsGroup } from '../../../domain/protocol/entities.ts';

const reply = (over: Partial<{ quarterHidden: number[]; liveLeagueFeedIds: number[] }> = {}) => ({
  status: true as const, rev: 1, liveLeagueOrder: [],
  types: DEFAULT_MARKET_SETTINGS.types.map((t) => ({ oddsType: t.oddsType, name: t.names.en ?? '', group: t.group, inList: t.inList, inLive: t.inLive, outcomes: {} })),
  filters: { ...DEFAULT_MARKET_SETTINGS.filters, 3: [{ id: 'all' as const, types: [] }, { id: 'corners' as const, types: [136] }] },
  quarterHidden: over.quarterHidden ?? [18], liveLeagueFeedIds: over.liveLeagueFeedIds ?? [1003, 1001],
});

describe('market settings in the worker', () => {
  afterEach(() => applyMarketSettings({ ...reply({ quarterHidden: [16, 18, 68, 90], liveLeagueFeedIds: [] }), filters: DEFAULT_MARKET_SETTINGS.filters }));
  afterEach(() => setMarketFilters(null));

  it('applies the operator\'s tabs, quarter lines and live league order; defaults before', () => {
    expect(marketFilters(3).map((f) => f.id)).toEqual(['all', 'main', 'handicap', 'total']);
    expect(hidesQuarterLines(16)).toBe(true);
    applyMarketSettings(reply());
    expect(marketFilters(3).map((f) => f.id)).toEqual(['all', 'corners']);
    expect(marketFilters(1).map((f) => f.id)).toContain('half');
    expect(hidesQuarterLines(16)).toBe(false);
    expect(hidesQuarterLines(18)).toBe(true);
    expect([liveLeagueRank(1, 1001), liveLeagueRank(1, 1003), liveLeagueRank(1, 1002), liveLeagueRank(3, 1003)]).toEqual([1, 0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
  });

  it('MatchDetail hides the quarter lines of the chosen types only', () => {
    applyMarketSettings(reply({ quarterHidden: [18] }));
    const group = (id: number, type: number, special: string): OddsGroup => ({ oddsid: id, oddstype: type, typeName: '', nicename: '', special, active: 1, iss: 0, isv: 1,
      outcomes: [{ oddid: id * 10, outcomeid: 12, outcome: 'Over', odd: 1900, special, active: 1, iss: 0, isv: 1 }] });
    const m: MatchListItem = { id: 1, matchDate: '2026-06-01T12:00:00Z', homeTeam: 'A', awayTeam: 'B', homeTeamId: 1, awayTeamId: 2, oddCount: 3, categoryId: 1, categoryName: 'X', categoryFlag: 'gb',
      sportId: 1, sportName: 'Football', tournamentId: 1, tournamentName: 'L', liveActive: 0, minTip: 1, iss: 0, isv: 1, matchstatus: 'not_started', betstatus: 'started', shortCode: '1',
      odds: [group(1, 18, '2.25'), group(2, 18, '2.5'), group(3, 16, '-0.75')] };
    const d = matchDetailData(m);
    expect(d.groups.find((g) => g.key === '18')!.lines.map((l) => l.info)).toEqual(['2.5']);
    expect(d.groups.find((g) => g.key === '16')!.lines.map((l) => l.info)).toEqual(['-0.75']);
  });

  it('asks the server once per TTL and keeps what it knows when the call fails', async () => {
    let calls = 0;
    const ok: CallFn = async <T,>() => { calls++; return reply() as unknown as T & { status: boolean }; };
    await refreshMarketSettings(ok, 1_000_000);
    await refreshMarketSettings(ok, 1_000_000 + MARKET_SETTINGS_TTL_MS - 1);
    expect(calls).toBe(1);
    const failing: CallFn = async () => { calls++; throw new Error('offline'); };
    await refreshMarketSettings(failing, 1_000_000 + MARKET_SETTINGS_TTL_MS);
    expect(calls).toBe(2);
    expect(marketFilters(3).map((f) => f.id)).toEqual(['all', 'corners']);
  });
});
