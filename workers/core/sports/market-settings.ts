/**
 * The operator's market settings in the worker (server marketSettings call): the filter
 * tabs per sport (applied to domain/market/filters.ts), the odd types offered in live, the types
 * whose quarter lines are hidden and the football league order of live sorting. Until the first
 * load, and when it fails, today's defaults stand.
 */
import type { MarketSettingsReply } from '../../../domain/catalogue/calls.ts';
import { DEFAULT_LIVE_TYPES, DEFAULT_QUARTER_HIDDEN } from '../../../domain/catalogue/markets.ts';
import { setMarketFilters } from '../../../domain/market/filters.ts';
import type { CallFn } from '../request.ts';

let quarterHidden: ReadonlySet<number> = new Set(DEFAULT_QUARTER_HIDDEN);
let liveTypes: ReadonlySet<number> = new Set(DEFAULT_LIVE_TYPES);
let leagueRank = new Map<number, number>();
let loadedAt = -Infinity;
let loading: Promise<void> | null = null;

/** How long loaded settings are used before the next view asks again (the 6-hour refetch of the settings, shorter). */
export const MARKET_SETTINGS_TTL_MS = 10 * 60_000;

/** Applies a marketSettings reply. */
export function applyMarketSettings(r: Pick<MarketSettingsReply, 'filters' | 'types' | 'quarterHidden' | 'liveLeagueFeedIds'>): void {
  setMarketFilters(r.filters);
  quarterHidden = new Set(r.quarterHidden);
  liveTypes = new Set(r.types.filter((t) => t.inLive).map((t) => t.oddsType));
  leagueRank = new Map(r.liveLeagueFeedIds.map((id, i) => [id, i]));
}

/** Loads the settings when older than the TTL (one request at a time; a failure keeps what is known). */
export function refreshMarketSettings(call: CallFn, now: number): Promise<void> {
  if (now - loadedAt < MARKET_SETTINGS_TTL_MS) return Promise.resolve();
  loading ??= call<MarketSettingsReply>('marketSettings', {})
    .then((r) => { if (r.status) { applyMarketSettings(r); loadedAt = now; } })
    .catch(() => undefined)
    .finally(() => { loading = null; });
  return loading;
}

/** True when this type's quarter lines are hidden. */
export const hidesQuarterLines = (oddsType: number): boolean => quarterHidden.has(oddsType);
/** True when one of these types is offered in live. */
export const offeredLive = (types: readonly number[]): boolean => types.some((t) => liveTypes.has(t));
/** A live football match's rank by its league (the feed's id): the operator's leagues first, in order. */
export const liveLeagueRank = (sportId: number, feedLeagueId: number): number =>
  (sportId === 1 ? leagueRank.get(feedLeagueId) : undefined) ?? Number.MAX_SAFE_INTEGER;
