/**
 * The operator-edited part of the market catalogue (betting-core.md sections 3 and 9):
 * names of odd types and outcomes per language, the odds groups (handicaps, over/unders, corners,
 * cards), the market filter tabs per sport, which types a list row and the live list carry, the
 * quarter lines hidden per type and the football league order of live sorting. Stored as data;
 * the defaults are today's constants, so an untouched catalogue behaves exactly as before.
 * No zod here: the worker imports this file (the schemas are in schemas.ts).
 */
import { MARKETS } from '../market/catalogue.ts';
import type { MarketFilterDef } from '../market/filters.ts';
import { marketFilters } from '../market/filters.ts';
import { LANGUAGES } from '../languages.ts';

/** The 17 language codes of a name (English is the fallback of every other). */
export const NAME_LANGS = LANGUAGES;
export type Names = Partial<Record<string, string>>;

/** The name of a thing in a language: that language's, else the English one, else the fallback. */
export function nameIn(names: Names | null | undefined, lang: string, fallback: string): string {
  return names?.[lang] || names?.en || fallback;
}

/** The odds groups of section 9 a type belongs to. */
export const ODDS_GROUPS = ['main', 'handicap', 'overUnder', 'corners', 'cards', 'other'] as const;
export type OddsGroupId = (typeof ODDS_GROUPS)[number];

/** One odd type as the operator sets it. */
export interface OddTypeSettings {
  oddsType: number;
  names: Names;
  /** Outcome id -> names. */
  outcomes: Record<string, Names>;
  group: OddsGroupId;
  /** Carried by list rows (the `odds` list of the matches call when the app names none). */
  inList: boolean;
  /** Offered in the live list's odds-type choice. */
  inLive: boolean;
  /** Quarter lines (x.25, x.75) of this type are not offered. */
  hideQuarter: boolean;
  order: number;
}

/** The whole edited catalogue of markets. */
export interface MarketSettings {
  types: OddTypeSettings[];
  /** Filter tabs per sport id ('0': every sport without its own). */
  filters: Record<string, MarketFilterDef[]>;
  /** Football league (tournament) ids in the order live sorting puts them first. */
  liveLeagueOrder: number[];
}

/** Today's groups of section 9 (the main market ids, the half lines with their full-time family). */
const GROUP_OF: Record<number, OddsGroupId> = {
  1: 'main', 186: 'main', 10: 'main', 29: 'main', 14: 'handicap', 16: 'handicap', 65: 'handicap', 87: 'handicap',
  18: 'overUnder', 68: 'overUnder', 90: 'overUnder', 136: 'corners', 139: 'cards',
};
/** The types of a list row when the app names none (the main markets). */
export const DEFAULT_LIST_TYPES = [1, 186, 14, 16, 18] as const;
/** The types whose quarter lines (x.25, x.75) are hidden: the totals and the point spread, whose main lines a player compares at a glance. */
export const DEFAULT_QUARTER_HIDDEN = [16, 18, 68, 90] as const;
/** The types of the live list's odds-type choice. */
export const DEFAULT_LIVE_TYPES = [1, 186, 10, 18, 14, 16] as const;

/** Today's catalogue: the names of domain/market/catalogue.ts, the tabs of filters.ts, the quarter lines MatchDetail hid. */
export const DEFAULT_MARKET_SETTINGS: MarketSettings = {
  types: MARKETS.map((m, i) => ({
    oddsType: m.oddsType,
    names: { en: m.name },
    outcomes: Object.fromEntries(m.outcomes.map((o) => [String(o.id), { en: o.name }])),
    group: GROUP_OF[m.oddsType] ?? 'other',
    inList: (DEFAULT_LIST_TYPES as readonly number[]).includes(m.oddsType),
    inLive: (DEFAULT_LIVE_TYPES as readonly number[]).includes(m.oddsType),
    hideQuarter: (DEFAULT_QUARTER_HIDDEN as readonly number[]).includes(m.oddsType),
    order: i,
  })),
  filters: { 1: marketFilters(1).map((f) => ({ id: f.id, types: [...f.types] })), 0: marketFilters(0).map((f) => ({ id: f.id, types: [...f.types] })) },
  liveLeagueOrder: [],
};

/** True for a quarter line such as '2.25', '-0.75'. */
export function isQuarterLine(special: string): boolean {
  return /^[+-]?\d+\.(25|75)$/.test(special.trim());
}

/** The filter tabs of a sport from the settings (the sport's own, else the '0' set). */
export function filtersOf(s: MarketSettings, sportId: number): MarketFilterDef[] {
  return s.filters[String(sportId)] ?? s.filters['0'] ?? [];
}
