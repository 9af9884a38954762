import { describe, expect, it } from 'vitest';
import { MARKETS } from './catalogue.ts';
import { groupFilterIds, marketFilters, usedFilterIds } from './filters.ts';

describe('market filters', () => {
  it('offers football every tab and other sports the main three, all first', () => {
    expect(marketFilters(1).map((f) => f.id)).toEqual(['all', 'main', 'handicap', 'total', 'half', 'goals', 'corners', 'cards']);
    expect(marketFilters(5).map((f) => f.id)).toEqual(['all', 'main', 'handicap', 'total']);
  });

  it('puts a market under every tab that names its type, never under all', () => {
    expect(groupFilterIds(1, [1])).toEqual(['main']);
    // a half handicap is both a handicap and a half market
    expect(groupFilterIds(1, [65])).toEqual(['handicap', 'half']);
    expect(groupFilterIds(1, [29])).toEqual(['main', 'goals']);
    expect(groupFilterIds(1, [136])).toEqual(['corners']);
    // tennis has no goals tab: next goal there falls under none
    expect(groupFilterIds(5, [8])).toEqual([]);
    expect(groupFilterIds(5, [186])).toEqual(['main']);
    // a merged group is under the tabs of any of its types
    expect(groupFilterIds(1, [56, 8])).toEqual(['goals']);
  });

  it('every football market of the catalogue is under some tab', () => {
    for (const m of MARKETS) expect(groupFilterIds(1, [m.oddsType]).length, m.name).toBeGreaterThan(0);
  });

  it('offers only tabs that hold a group, in the sport order', () => {
    expect(usedFilterIds(1, [['goals'], ['main', 'goals'], ['total']])).toEqual(['all', 'main', 'total', 'goals']);
    expect(usedFilterIds(1, [])).toEqual(['all']);
    // an id the sport has no tab for is ignored
    expect(usedFilterIds(5, [['corners'], ['main']])).toEqual(['all', 'main']);
  });
});
