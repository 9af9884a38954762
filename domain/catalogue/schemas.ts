/**
 * The zod schemas of the market settings (domain/catalogue/markets.ts): what the back office may
 * store, and the merge of the stored values over the defaults. Apart from markets.ts so that the
 * worker, which reads the defaults and helpers, does not carry zod.
 */
import { z } from 'zod';
import type { MarketFilterId } from '../market/filters.ts';
import { DEFAULT_MARKET_SETTINGS, NAME_LANGS, ODDS_GROUPS, type MarketSettings } from './markets.ts';

const langCode = z.enum(NAME_LANGS as unknown as [string, ...string[]]);
/** Names of one thing per language; an empty or missing language falls back to English. */
export const namesSchema = z.partialRecord(langCode, z.string().trim().max(80));

const FILTER_IDS = ['all', 'main', 'handicap', 'total', 'half', 'goals', 'corners', 'cards'] as const satisfies readonly MarketFilterId[];
const typeId = z.number().int().min(1).max(100_000);
export const oddTypeSchema = z.object({
  oddsType: typeId,
  names: namesSchema,
  outcomes: z.record(z.string().regex(/^\d{1,6}$/), namesSchema).refine((o) => Object.keys(o).length <= 50),
  group: z.enum(ODDS_GROUPS),
  inList: z.boolean(),
  inLive: z.boolean(),
  hideQuarter: z.boolean(),
  order: z.number().int().min(0).max(100_000),
});
export const filtersSchema = z.array(z.object({ id: z.enum(FILTER_IDS), types: z.array(typeId).max(200) })).min(1).max(FILTER_IDS.length)
  .refine((f) => f[0]?.id === 'all' && new Set(f.map((x) => x.id)).size === f.length, { message: "'all' first, each tab once" });
export const liveLeagueOrderSchema = z.array(z.number().int().positive()).max(500).refine((l) => new Set(l).size === l.length, { message: 'a league twice' });

/** The stored keys of catalogue_config and the schema of each one's value. */
export const MARKET_SETTING_KEYS = {
  types: z.array(oddTypeSchema).max(500),
  filters: z.record(z.string().regex(/^\d{1,4}$/), filtersSchema),
  liveLeagueOrder: liveLeagueOrderSchema,
} as const;

/** The stored values over the defaults (a key never saved keeps its default; a value that no longer parses too). */
export function mergeMarketSettings(stored: Record<string, unknown>): MarketSettings {
  const out: MarketSettings = { ...DEFAULT_MARKET_SETTINGS };
  for (const k of Object.keys(MARKET_SETTING_KEYS) as (keyof MarketSettings)[]) {
    if (!(k in stored)) continue;
    const r = MARKET_SETTING_KEYS[k].safeParse(stored[k]);
    if (r.success) (out as unknown as Record<string, unknown>)[k] = r.data;
  }
  return out;
}
