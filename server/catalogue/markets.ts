/**
 * The market settings of this process (domain/catalogue/markets.ts): the defaults under what the
 * back office stored in catalogue_config. A save applies here at once; every other process sees
 * the stored revision move at its next read after at most CHECK_MS (one tiny query a second at
 * most), so a change reaches every process within 2 s without a bus.
 */
import type { Queryable } from '../db/client.ts';
import type { BoContext } from '../backoffice/guard.ts';
import { canonical } from '../backoffice/audit.ts';
import {
  DEFAULT_MARKET_SETTINGS, isQuarterLine, nameIn, type MarketSettings, type OddTypeSettings,
} from '../../domain/catalogue/markets.ts';
import { mergeMarketSettings } from '../../domain/catalogue/schemas.ts';

/** How old the known revision may get before a read checks the stored one. */
const CHECK_MS = 1000;

let settings: MarketSettings = DEFAULT_MARKET_SETTINGS;
let byType = new Map(settings.types.map((t) => [t.oddsType, t]));
/** A feed provider's market types (provider_market_types), named where the operator's catalogue does not know a type. */
let providerTypes = new Map<number, OddTypeSettings>();
const typeOf = (oddsType: number): OddTypeSettings | undefined => byType.get(oddsType) ?? providerTypes.get(oddsType);
let rev = -1;
let checkedAt = 0;
/** Live sorting rank by the feed id of a league (live matches carry the feed's league id). */
let liveRankByFeed = new Map<number, number>();
/** Passive leagues and countries (back office): their matches are not listed. Few or none, so kept here. */
let passive: { leagues: number[]; countries: number[] } = { leagues: [], countries: [] };

function apply(next: MarketSettings, nextRev: number, feedIds: ReadonlyMap<number, number>): void {
  settings = next;
  byType = new Map(next.types.map((t) => [t.oddsType, t]));
  liveRankByFeed = new Map(next.liveLeagueOrder.flatMap((id, i) => (feedIds.has(id) ? [[feedIds.get(id)!, i] as [number, number]] : [])));
  rev = nextRev;
}

async function load(q: Queryable): Promise<void> {
  const [r] = await q.query<{ rev: string | number }>('select rev from catalogue_rev where id = 1');
  const stored = Number(r?.rev ?? 0);
  checkedAt = Date.now();
  if (stored === rev) return;
  const rows = await q.query<{ key: string; value: unknown }>('select key, value from catalogue_config');
  const next = mergeMarketSettings(Object.fromEntries(rows.map((x) => [x.key, x.value])));
  const feeds = next.liveLeagueOrder.length
    ? await q.query<{ id: number; feed_id: number }>('select id, feed_id from tournaments where id = any($1::int[]) and feed_id is not null', [next.liveLeagueOrder])
    : [];
  const [p] = await q.query<{ leagues: number[] | null; countries: number[] | null }>(
    `select (select array_agg(id) from tournaments where status = 0) as leagues, (select array_agg(id) from categories where status = 0) as countries`);
  passive = { leagues: p?.leagues ?? [], countries: p?.countries ?? [] };
  const provided = await q.query<{ odds_type: number; names: OddTypeSettings['names']; outcomes: OddTypeSettings['outcomes'] }>(
    'select odds_type, names, outcomes from provider_market_types');
  providerTypes = new Map(provided.map((row) => [row.odds_type, {
    oddsType: row.odds_type, names: row.names, outcomes: row.outcomes, group: 'other', inList: false, inLive: false, hideQuarter: false,
      order: 1000 + row.odds_type,
  }]));
  apply(next, stored, new Map(feeds.map((f) => [f.id, f.feed_id])));
}

/** The settings in force, reloaded when another process changed them (checked at most once a second). */
export async function marketSettings(q: Queryable): Promise<MarketSettings> {
  if (rev < 0 || Date.now() - checkedAt >= CHECK_MS) await load(q);
  return settings;
}

/** The passive leagues and countries as last loaded (marketSettings keeps them fresh). */
export const passiveCatalogue = (): { leagues: readonly number[]; countries: readonly number[] } => passive;

/** Tells every process to reload (a league's or country's status changed): in the change's transaction. */
export async function bumpCatalogueRev(q: Queryable): Promise<void> {
  await q.query('update catalogue_rev set rev = rev + 1 where id = 1');
}

/** The settings as last loaded (for code that cannot wait; marketSettings keeps them fresh). */
export const currentMarketSettings = (): MarketSettings => settings;
export const marketSettingsRev = (): number => rev;

/** Forces the next read to check the stored revision (tests, a back-office read). */
export function forgetMarketSettings(): void { checkedAt = 0; }

/**
 * Saves one key of the settings with its audit row (the value before and after) and applies it.
 * Nothing changes, no revision, no audit row when the value is the same.
 */
export async function saveMarketSetting<K extends keyof MarketSettings>(ctx: BoContext, key: K, value: MarketSettings[K], objectId: string | number, before: unknown, after: unknown): Promise<number> {
  const out = await ctx.db.tx(async (q) => {
    const [r] = await q.query<{ rev: string | number }>('select rev from catalogue_rev where id = 1 for update');
    const [old] = await q.query<{ value: unknown }>('select value from catalogue_config where key = $1', [key]);
    const current = old ? old.value : DEFAULT_MARKET_SETTINGS[key];
    if (canonical(current) === canonical(value)) return { rev: Number(r!.rev), changed: false };
    await q.query(
      'insert into catalogue_config (key, value, updated_at) values ($1, $2, $3) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at',
      [key, JSON.stringify(value), new Date(ctx.now)]);
    const next = Number(r!.rev) + 1;
    await q.query('update catalogue_rev set rev = $1 where id = 1', [next]);
    await ctx.audit(q, { action: 'catalogue.markets', objectType: key, objectId, before, after });
    return { rev: next, changed: true };
  });
  if (out.changed) await load(ctx.db);
  return out.rev;
}

/** The settings of one odd type, or undefined for a type the catalogue does not know. */
export const oddTypeOf = (oddsType: number): OddTypeSettings | undefined => typeOf(oddsType);

/** An odd type's name in a language (English fallback, then the type id). */
export function oddTypeName(oddsType: number, lang: string): string {
  const t = typeOf(oddsType);
  return nameIn(t?.names, lang, String(oddsType));
}

/** An outcome's name in a language, or '' when unknown. */
export function outcomeNameIn(oddsType: number, outcomeId: number, lang: string): string {
  return nameIn(typeOf(oddsType)?.outcomes[String(outcomeId)], lang, '');
}

/** True when an odds group of this type and line is hidden (a quarter line of a type that hides them). */
export const lineHidden = (oddsType: number, special: string): boolean => !!byType.get(oddsType)?.hideQuarter && isQuarterLine(special);

/** The types a list row carries when the app names none. */
export const listTypes = (): number[] => settings.types.filter((t) => t.inList).map((t) => t.oddsType);

/** Rank of a live football match's league (the feed's league id) in live sorting: listed ones first, in list order. */
export function liveLeagueRank(sportId: number, feedLeagueId: number): number {
  return sportId === 1 ? liveRankByFeed.get(feedLeagueId) ?? Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER;
}

/** The settings as a player's app reads them: names in its language, the tabs, live types and league order. */
export async function playerMarketSettings(q: Queryable, lang: string) {
  const s = await marketSettings(q);
  return {
    rev: Math.max(rev, 0),
    types: s.types.map((t) => ({
      oddsType: t.oddsType, name: nameIn(t.names, lang, String(t.oddsType)), group: t.group, inList: t.inList, inLive: t.inLive,
      outcomes: Object.fromEntries(Object.entries(t.outcomes).map(([id, n]) => [id, nameIn(n, lang, '')])),
    })),
    filters: s.filters,
    liveLeagueOrder: s.liveLeagueOrder,
    // Live matches carry the feed's league ids: the same order in those.
    liveLeagueFeedIds: [...liveRankByFeed].sort((a, b) => a[1] - b[1]).map(([feedId]) => feedId),
    quarterHidden: s.types.filter((t) => t.hideQuarter).map((t) => t.oddsType),
  };
}
