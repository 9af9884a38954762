/**
 * Market filter tabs of MatchDetail (betting-core.md sections 2 and 9): which odds types a filter
 * shows, per sport. Pre-match and live MatchDetail both ask these functions (through the worker),
 * so a market sits under the same tabs whether the match has started or not.
 */

/** The filter ids the UI names ('all' is always the first tab). */
export type MarketFilterId = 'all' | 'main' | 'handicap' | 'total' | 'half' | 'goals' | 'corners' | 'cards';

/** A filter tab: its id and the odds types it holds (section 9: lists of type ids). */
export interface MarketFilterDef { id: MarketFilterId; types: readonly number[] }

const ALL: MarketFilterDef = { id: 'all', types: [] };
const MAIN: MarketFilterDef = { id: 'main', types: [1, 186, 10, 29] };
const HANDICAP: MarketFilterDef = { id: 'handicap', types: [14, 16, 65, 87] };
const TOTAL: MarketFilterDef = { id: 'total', types: [18, 68, 90] };
const FOOTBALL_FILTERS: readonly MarketFilterDef[] = [
  ALL, MAIN, HANDICAP, TOTAL,
  { id: 'half', types: [60, 83, 61, 62, 65, 87, 68, 90] },
  { id: 'goals', types: [29, 7, 61, 8, 62, 56, 52, 226, 383] },
  { id: 'corners', types: [136] },
  { id: 'cards', types: [139] },
];
// other sports have no half, goal, corner or card markets worth a tab of their own
const OTHER_FILTERS: readonly MarketFilterDef[] = [ALL, MAIN, HANDICAP, TOTAL];

// The operator's tabs(back office; the worker sets them from the marketSettings call):
// a sport's own, else those of '0' (every other sport); null: the tabs above.
let edited: Readonly<Record<string, readonly MarketFilterDef[]>> | null = null;

/** Replaces the tabs above with the operator's (null: back to the defaults). */
export function setMarketFilters(filters: Readonly<Record<string, readonly MarketFilterDef[]>> | null): void {
  edited = filters;
}

/** The filter tabs of a sport, 'all' first (football has the most). */
export function marketFilters(sportId: number): readonly MarketFilterDef[] {
  return edited?.[String(sportId)] ?? edited?.['0'] ?? (sportId === 1 ? FOOTBALL_FILTERS : OTHER_FILTERS);
}

/**
 * The filters (besides 'all') a market group shows under. `types` are the odds types the group
 * holds: one for a live group, several for a pre-match group merged into one (the 56 family).
 */
export function groupFilterIds(sportId: number, types: readonly number[]): MarketFilterId[] {
  return marketFilters(sportId).filter((f) => f.id !== 'all' && types.some((t) => f.types.includes(t))).map((f) => f.id);
}

/** The tabs to offer: 'all' and every filter at least one shown group is under, in the sport's order. */
export function usedFilterIds(sportId: number, groupFilters: Iterable<readonly string[]>): MarketFilterId[] {
  const used = new Set<string>();
  for (const ids of groupFilters) for (const id of ids) used.add(id);
  return marketFilters(sportId).filter((f) => f.id === 'all' || used.has(f.id)).map((f) => f.id);
}
