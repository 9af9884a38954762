/**
 * The back-office calls of the catalogue: sports, countries, leagues and teams (names
 * per language, logo, order, status; merging duplicate teams and leagues) and the market settings
 * (domain/catalogue/markets.ts). Every call needs manageCatalogue; BO_CALLS of
 * domain/backoffice/calls.ts includes this table, so the guard and the permission matrix walk it.
 */
import { z } from 'zod';
import { common } from '../protocol/calls.ts';
import type { Done, Page } from '../backoffice/replies.ts';
import type { Permission } from '../backoffice/permissions.ts';
import type { MarketSettings, Names } from './markets.ts';
import { filtersSchema, liveLeagueOrderSchema, namesSchema, oddTypeSchema } from './schemas.ts';

const id = z.number().int().positive();
const status = z.union([z.literal(0), z.literal(1)]);
const name = z.string().trim().min(1).max(80);
/** An image address: one of the server's (/media/, /site/) or an https one; '' none. */
const logo = z.string().trim().max(300).regex(/^$|^\/(media|site)\/[\w./-]+$|^https:\/\/[^\s"'<>]+$/);
const listOrder = z.number().int().min(0).max(100_000);

/** Every list: optional search on the name, sport, country, status; paged (order = page, 0 first). */
export const boCatalogueListPayload = z.object({
  ...common,
  search: z.string().trim().max(40).optional(),
  sportId: id.optional(),
  categoryId: id.optional(),
  status: status.optional(),
  order: z.number().int().nonnegative().optional().default(0),
  limit: z.number().int().min(1).max(200).optional().default(50),
});

/** One sport, country, league or team as the back office edits it. */
export interface CatalogueRow {
  id: number; sportId: number; sportName: string; categoryId: number | null; categoryName: string;
  name: string; names: Names; logo: string; flag: string; listOrder: number; status: 0 | 1;
  /** Matches that reference it (a merge moves them). */
  matches: number; feedId: number | null;
  /** A feed provider's ids that map to it (provider_ids: 'sr:competitor:3061'); a merge moves them too. */
  providerIds?: string[];
}
export type BoCatalogueListReply = Page<CatalogueRow>;

const common4 = { ...common, name, names: namesSchema.optional().default({}), logo: logo.optional().default(''), status: status.optional().default(1) };
/** bo/catalogueSaveSport: a sport by its section 9 id (created when new). */
export const boSaveSportPayload = z.object({ ...common4, id: z.number().int().min(1).max(10_000), listOrder: listOrder.optional().default(100) });
/** bo/catalogueSaveCountry: a country of a sport (id: edit; none: create); flag a lower-case code ('gb', 'eu', 'int'). */
export const boSaveCountryPayload = z.object({ ...common4, id: id.optional(), sportId: id, flag: z.string().regex(/^[a-z]{0,8}$/).optional().default(''), listOrder: listOrder.optional().default(100) });
/** bo/catalogueSaveLeague: a league of a country of the same sport (id: edit; none: create); highlight 0 none, up to 9. */
export const boSaveLeaguePayload = z.object({ ...common4, id: id.optional(), sportId: id, categoryId: id, listOrder: listOrder.optional().default(100), highlight: z.number().int().min(0).max(9).optional() });
/** bo/catalogueSaveTeam: a team of a sport (id: edit; none: create). */
export const boSaveTeamPayload = z.object({ ...common4, id: id.optional(), sportId: id });
/** The reply of a save: the row's id (new or edited). */
export type BoCatalogueSavedReply = Done & { id: number };

/** bo/catalogueMergeTeams, bo/catalogueMergeLeagues: every match of `mergeId` moves to `keepId` (same sport), then `mergeId` is deleted. */
export const boMergePayload = z.object({ ...common, keepId: id, mergeId: id }).refine((p) => p.keepId !== p.mergeId, { path: ['mergeId'], message: 'the same row' });
export type BoMergeReply = Done & { keepId: number; moved: number };

/** bo/catalogueMarkets: the market settings in force and their defaults. */
export const boCatalogueMarketsPayload = z.object({ ...common });
export interface BoCatalogueMarketsReply { status: true; settings: MarketSettings; defaults: MarketSettings; rev: number }
/** bo/catalogueSaveOddType: one odd type's names, outcome names, group, list/live flags, quarter-line hiding and order. */
export const boSaveOddTypePayload = z.object({ ...common, type: oddTypeSchema });
/** bo/catalogueSaveFilters: the market filter tabs of a sport (0: every sport without its own). */
export const boSaveFiltersPayload = z.object({ ...common, sportId: z.number().int().min(0).max(10_000), filters: filtersSchema });
/** bo/catalogueSaveLiveOrder: the football leagues live sorting puts first, in order. */
export const boSaveLiveOrderPayload = z.object({ ...common, leagueIds: liveLeagueOrderSchema });
export type BoCatalogueRevReply = Done & { rev: number };

/** marketSettings (players): odd-type and outcome names in the request's language, filter tabs per sport, list and live types, live league order. */
export const marketSettingsPayload = z.object({ ...common });
export interface MarketSettingsReply {
  status: true; rev: number;
  types: { oddsType: number; name: string; group: string; inList: boolean; inLive: boolean; outcomes: Record<string, string> }[];
  filters: MarketSettings['filters']; liveLeagueOrder: number[];
  /** liveLeagueOrder as the feed's league ids (what live matches carry). */
  liveLeagueFeedIds: number[];
  /** Types whose quarter lines are hidden. */
  quarterHidden: number[];
}

const P: Permission = 'manageCatalogue';
/** Every catalogue call with its payload schema and permission (spread into BO_CALLS). */
export const BO_CATALOGUE_ENTITY_CALLS = {
  'bo/catalogueSports': { payload: boCatalogueListPayload, permission: P },
  'bo/catalogueCountries': { payload: boCatalogueListPayload, permission: P },
  'bo/catalogueLeagues': { payload: boCatalogueListPayload, permission: P },
  'bo/catalogueTeams': { payload: boCatalogueListPayload, permission: P },
  'bo/catalogueSaveSport': { payload: boSaveSportPayload, permission: P },
  'bo/catalogueSaveCountry': { payload: boSaveCountryPayload, permission: P },
  'bo/catalogueSaveLeague': { payload: boSaveLeaguePayload, permission: P },
  'bo/catalogueSaveTeam': { payload: boSaveTeamPayload, permission: P },
  'bo/catalogueMergeTeams': { payload: boMergePayload, permission: P },
  'bo/catalogueMergeLeagues': { payload: boMergePayload, permission: P },
  'bo/catalogueMarkets': { payload: boCatalogueMarketsPayload, permission: P },
  'bo/catalogueSaveOddType': { payload: boSaveOddTypePayload, permission: P },
  'bo/catalogueSaveFilters': { payload: boSaveFiltersPayload, permission: P },
  'bo/catalogueSaveLiveOrder': { payload: boSaveLiveOrderPayload, permission: P },
} as const;

/** The reply of each catalogue call (bo-client ties them to the names). */
export interface CatalogueReplies {
  'bo/catalogueSports': BoCatalogueListReply; 'bo/catalogueCountries': BoCatalogueListReply;
  'bo/catalogueLeagues': BoCatalogueListReply; 'bo/catalogueTeams': BoCatalogueListReply;
  'bo/catalogueSaveSport': BoCatalogueSavedReply; 'bo/catalogueSaveCountry': BoCatalogueSavedReply;
  'bo/catalogueSaveLeague': BoCatalogueSavedReply; 'bo/catalogueSaveTeam': BoCatalogueSavedReply;
  'bo/catalogueMergeTeams': BoMergeReply; 'bo/catalogueMergeLeagues': BoMergeReply;
  'bo/catalogueMarkets': BoCatalogueMarketsReply; 'bo/catalogueSaveOddType': BoCatalogueRevReply;
  'bo/catalogueSaveFilters': BoCatalogueRevReply; 'bo/catalogueSaveLiveOrder': BoCatalogueRevReply;
}
