import type { Category, MatchListItem, OddsGroup, Sport, Tournament } from '../../../domain/protocol/entities.ts';
import { isTimeFilterId, sliderWindow, timeFilterOptions, timeFilterWindow, type TimeFilterId, type TimeFilterOption } from '../../../domain/match/time-filters.ts';
import { addDays, endOfDay, startOfDay } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { cachedCall } from '../cache/replies.ts';
import type { CallFn, Reply } from '../request.ts';
import { keysBack } from '../../../domain/protocol/compact-rows.ts';
import { timeZone as playerZone } from '../account/zone.ts';
import type { CoreContext } from '../context.ts';
import { logoHostOf, matchRowView, type MatchRowView } from '../views.ts';
import {
  BEST_LEAGUES, bestLeagues, countryView, DATA_SAVER_PAGE_SIZE, HIGHLIGHTS_SHOWN, HOME_PER_SPORT, leagueView, listRows, PAGE_SIZE, RESULTS_PAGE_SIZE, rowOddsTypes,
  SEARCH_MIN, sportHeader, sportOddsTypes, isListable,
  type BestLeagueView, type CountryView, type LeagueView, type OddsTypeOption, type RowOptions,
} from './list-views.ts';
import { hasOpenMarkets, matchDetailData, type MatchDetailData } from './match-detail.ts';
import { refreshMarketSettings } from './market-settings.ts';
import { mergeFreshness, pruneKept, swrCall, type Freshness, type Source } from './swr.ts';

export type { Freshness, Source } from './swr.ts';

/** Home: the sport header, the popular-matches slider and sports with at most 5 upcoming matches each (section 2). */
export interface HomeView {
  sports: Array<Sport & { matches: MatchRowView[] }>;
  offline: boolean;
  /** The sport header: first 4 sports, (casino, slots, virtual links in the UI), then the rest. */
  header?: { first: Sport[]; rest: Sport[] };
  /** Popular matches (highlights) for the slider. */
  slider?: MatchRowView[];
}

/** A sport tab of AllSports / UpHigh (sport 0 is the highlights view). */
export interface SportTabView { id: number; name: string; matchCount: number }

export interface AllSportsView {
  sports: SportTabView[];
  sportId: number;
  filter: TimeFilterId;
  filterOptions: TimeFilterOption[];
  oddsTypes: OddsTypeOption[];
  countries: CountryView[];
  bestLeagues: BestLeagueView[];
  fresh: Freshness;
}

export interface ListQuery {
  sportId: number;
  filter: TimeFilterId;
  /** The odds type of the toggle; absent means the sport's first. */
  oddsType?: number | undefined;
  /** A time zone (IANA) for this query; absent means the player's (account setting, else the device's). */
  timeZone?: string | undefined;
}

export interface RowsView { rows: MatchRowView[]; total: number; fresh: Freshness }

export interface SearchView { keyword: string; total: number; rows: MatchRowView[] }

export type MatchDetailView =
  | { state: 'ok'; data: MatchDetailData; closed: boolean; fresh: Freshness }
  | { state: 'notFound' };

export interface ResultRowView { matchId: number; sportId: number; sportName: string; matchDate: string; home: string; away: string; score: string; halfTime: string }
export interface ResultsView { rows: ResultRowView[]; total: number; page: number; pages: number; sports: SportTabView[]; fresh: Freshness }

/** The Result entity of section 3 as the matchResults call sends it. */
interface ResultItem { matchId: number; sportId: number; sportName: string; matchDate: string; home: string; away: string; resultshf?: string; results?: string }

/** Odds types of a Home row: the match result of the sport (3-way or 2-way). */
const LIST_ODDS = [1, 186];
const FILTER_KEY = 'allsportsFilter';
/** The calls that send their rows' keys once when asked (`compact: 1`, domain/protocol/compact-rows.ts). */
const COMPACT_CALLS = new Set(['matches', 'highlights', 'odds']);
const SETTINGS_TTL_MS = 300_000;

interface SiteSettings { tofixed: number; logoHost: string | undefined; /** The slider window setting (section 9); undefined = rest of today. */ matchesDay: number | undefined }

/** The player's chosen zone (account settings), else the device's: day edges of the filters are theirs. */
const localZone = () => playerZone() || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Pre-match browsing: the tree, lists, search, match detail, short code and results, kept for
 * offline reading. `dataSaverOn` (workers/core/content/data-saver.ts) halves the paged lists.
 */
export function createSportsApi(ctx: CoreContext, saver: { dataSaverOn?: () => Promise<boolean> } = {}) {
  let settings: { at: number; value: SiteSettings } | null = null;
  /** The matches a page of Highlights, Upcoming or search asks for. */
  const pageSize = async (): Promise<number> => ((await saver.dataSaverOn?.().catch(() => false)) ? DATA_SAVER_PAGE_SIZE : PAGE_SIZE);

  /** Display settings of the site (decimals of odds, the team-logo host); defaults when unreachable. */
  async function siteSettings(): Promise<SiteSettings> {
    if (settings && ctx.clock() - settings.at < SETTINGS_TTL_MS) return settings.value;
    let value: SiteSettings = { tofixed: 2, logoHost: undefined, matchesDay: undefined };
    try {
      const r = await ctx.fetch('/api/settings');
      const body = (await r.json()) as { settings?: { tofixedNumber?: number; team_logos?: number; logo_host?: string; matches_day?: number } };
      const s = body.settings ?? {};
      value = { tofixed: s.tofixedNumber ?? 2, logoHost: logoHostOf(s), matchesDay: typeof s.matches_day === 'number' ? s.matches_day : undefined };
      settings = { at: ctx.clock(), value };
    } catch { /* offline: defaults until the next try */ }
    return value;
  }

  const rowOpts = async (): Promise<RowOptions> => {
    const s = await siteSettings();
    return { tofixed: s.tofixed, logoHost: s.logoHost, style: ctx.oddsStyle() };
  };

  const windowOf = (q: { filter: TimeFilterId; timeZone?: string | undefined }) => {
    const w = timeFilterWindow(q.filter, ctx.clock(), q.timeZone ?? localZone());
    return { startDate: iso(w.start), endDate: iso(w.end) };
  };

  /** Registers fresh matches so a tap on their odds is resolved against what the player saw. */
  const show = (matches: MatchListItem[], fresh: Freshness) => {
    if (fresh.stale) return; // stale data is never the basis of a selection: it waits for the re-check
    for (const m of matches) {
      const known = ctx.shown.get(m.id);
      // A list carries only the shown markets: keep the full set a detail view registered.
      ctx.shown.set(m.id, known && known.odds.length > m.odds.length ? { ...m, odds: mergeGroups(known.odds, m.odds) } : m);
    }
  };

  /**
   * The calls of this module: the matches and highlights lists and a match's odds ask for their rows' keys once
   * (domain/protocol/compact-rows.ts) and get the spec's rows back here, before the cache keeps them.
   */
  const call: CallFn = async <T,>(key: string, payload?: Record<string, unknown>, o?: { idempotencyKey?: string }): Promise<Reply<T>> => {
    if (!COMPACT_CALLS.has(key)) return ctx.call<T>(key, payload, o);
    return keysBack(await ctx.call(key, { ...payload, compact: 1 }, o)) as Reply<T>;
  };
  const deps = { db: ctx.db, call, clock: ctx.clock, lang: ctx.lang };

  async function rowsOf(key: string, payload: Record<string, unknown>, cacheKey: string, source: Source, q: ListQuery, opts: { keepOrder?: boolean } = {}): Promise<RowsView | null> {
    const got = await swrCall<{ data: { results: MatchListItem[]; totalRows?: number } }>(deps, source, key, payload, cacheKey);
    if (!got) return null;
    const matches = got.reply.status ? got.reply.data?.results ?? [] : [];
    show(matches, got.fresh);
    const rows = listRows(matches, ctx.clock(), { ...(await rowOpts()), oddsTypes: rowOddsTypes(q.sportId, q.oddsType), stale: got.fresh.stale, keepOrder: opts.keepOrder });
    return { rows, total: got.reply.data?.totalRows ?? rows.length, fresh: got.fresh };
  }

  /** Highlights (highList 1, 10 a call, 5 under data saver). */
  async function highlightList(q: ListQuery & { page?: number }, source: Source): Promise<RowsView | null> {
    const odds = rowOddsTypes(q.sportId, q.oddsType);
    const page = q.page ?? 0;
    const size = await pageSize();
    return rowsOf('highlights', { ...(q.sportId ? { sportId: q.sportId } : {}), odds, limit: size, highList: 1, order: page * size, ...windowOf(q) },
      `${q.sportId}:${q.filter}:${odds.join(',')}:${page}${size === PAGE_SIZE ? '' : `:${size}`}`, source, q, { keepOrder: true });
  }

  return {
    async home(): Promise<HomeView> {
      const now = ctx.clock();
      // The slider's window comes from matches_day; the settings are usually in memory, and when
      // not, only the slider waits for them, in parallel with the other calls.
      const sliderP = siteSettings().then((s) => {
        const w = sliderWindow(s.matchesDay, now, localZone());
        // kept under one name (not its dates) so an offline Home still shows the last slider
        return swrCall<{ data: { results: MatchListItem[] } }>(deps, 'network', 'highlights',
          { odds: LIST_ODDS, limit: PAGE_SIZE, highList: 1, startDate: iso(w.start), endDate: iso(w.end) }, 'home-slider');
      });
      const [sports, matches, slider] = await Promise.all([
        cachedCall<{ results: Sport[] }>(ctx.db, ctx.call, 'sports', {}, now),
        // One request for every sport's earliest few: a global 'earliest N' let football crowd the others out.
        cachedCall<{ data: { results: MatchListItem[] } }>(ctx.db, call, 'matches', { odds: LIST_ODDS, perSport: HOME_PER_SPORT }, now),
        // The slider is a bonus: Home still shows when the highlights cannot be had.
        sliderP.catch(() => null),
      ]);
      const opts = await rowOpts();
      const bySport = new Map<number, MatchRowView[]>();
      for (const m of matches.reply.data?.results ?? []) {
        const list = bySport.get(m.sportId) ?? [];
        if (list.length >= HOME_PER_SPORT) continue;
        ctx.shown.set(m.id, m);
        list.push(matchRowView(m, opts, { logoHost: opts.logoHost }));
        bySport.set(m.sportId, list);
      }
      const sliderMatches = (slider?.reply.data?.results ?? []).filter((m) => isListable(m, now));
      for (const m of sliderMatches) if (!ctx.shown.has(m.id)) ctx.shown.set(m.id, m);
      const all = sports.reply.results ?? [];
      return {
        sports: all.filter((s) => bySport.has(s.id)).map((s) => ({ ...s, matches: bySport.get(s.id)! })),
        offline: sports.offline || matches.offline,
        header: sportHeader(all.filter((s) => s.matchCount > 0)),
        slider: sliderMatches.map((m) => matchRowView(m, opts, { logoHost: opts.logoHost })),
      };
    },

    /** The filter AllSports opens with: the remembered one when arriving with sid or cid, else Today. */
    async initialFilter(arrivingWithQuery: boolean): Promise<TimeFilterId> {
      if (!arrivingWithQuery) return 'today';
      const kept = await ctx.db.kv.get(FILTER_KEY).catch(() => undefined);
      return isTimeFilterId(kept?.value) ? kept.value : 'today';
    },
    /** Remembers the filter on leaving AllSports (section 2). */
    async rememberFilter(filter: TimeFilterId): Promise<void> {
      if (isTimeFilterId(filter)) await ctx.db.kv.put({ key: FILTER_KEY, value: filter }).catch(() => undefined);
    },

    /** AllSports: sport tabs with counts, the filter options, the odds-type toggle, countries and best leagues. */
    async allSports(q: ListQuery, source: Source): Promise<AllSportsView | null> {
      const dates = windowOf(q);
      const sportsP = swrCall<{ results: Sport[] }>(deps, source, 'sports', dates, q.filter);
      const catsP = q.sportId > 0
        ? swrCall<{ results: Category[] }>(deps, source, 'categories', { sportId: q.sportId, ...dates }, `${q.sportId}:${q.filter}`)
        : Promise.resolve(null);
      const [sports, cats] = await Promise.all([sportsP, catsP]);
      if (!sports || (q.sportId > 0 && !cats)) return null;
      const categories = cats?.reply.status ? cats.reply.results ?? [] : [];
      // Best leagues: football under All only; the leagues of the few countries that hold them.
      let best: Tournament[] = [];
      if (q.sportId === 1 && q.filter === 'all') {
        const flags = new Set(BEST_LEAGUES.map((b) => b.flag));
        const lists = await Promise.all(categories.filter((c) => flags.has(c.countryFlag)).map((c) =>
          swrCall<{ results: Tournament[] }>(deps, source, 'tournament', { sportId: 1, categoryId: c.id, ...dates }, `1:${c.id}:all`).catch(() => null)));
        best = lists.flatMap((l) => (l?.reply.status ? l.reply.results ?? [] : []));
      }
      const tabs = (sports.reply.results ?? []).filter((s) => s.status === 1).map((s) => ({ id: s.id, name: s.name, matchCount: s.matchCount }));
      return {
        sports: tabs,
        sportId: q.sportId,
        filter: q.filter,
        filterOptions: timeFilterOptions(ctx.clock(), q.timeZone ?? localZone()),
        oddsTypes: q.sportId > 0 ? sportOddsTypes(q.sportId) : sportOddsTypes(1),
        countries: categories.filter((c) => c.matchCount > 0).map(countryView),
        bestLeagues: bestLeagues(q.sportId, q.filter, categories, best),
        fresh: mergeFreshness([sports.fresh, ...(cats ? [cats.fresh] : [])]),
      };
    },

    /** The leagues of a country (loaded when the country opens). */
    async leagues(q: ListQuery & { categoryId: number }, source: Source): Promise<{ leagues: LeagueView[]; fresh: Freshness } | null> {
      const got = await swrCall<{ results: Tournament[] }>(deps, source, 'tournament', { sportId: q.sportId, categoryId: q.categoryId, ...windowOf(q) }, `${q.sportId}:${q.categoryId}:${q.filter}`);
      if (!got) return null;
      const list = got.reply.status ? got.reply.results ?? [] : [];
      return { leagues: list.filter((t) => t.matchCount > 0).map(leagueView), fresh: got.fresh };
    },

    /** The matches of a league (loaded when the league opens): started ones hidden, by date. */
    leagueMatches(q: ListQuery & { categoryId?: number; tournamentId: number }, source: Source): Promise<RowsView | null> {
      const odds = rowOddsTypes(q.sportId, q.oddsType);
      return rowsOf('matches', { sportId: q.sportId, tournamentId: q.tournamentId, ...(q.categoryId ? { categoryId: q.categoryId } : {}), odds, limit: 200, ...windowOf(q) },
        `${q.sportId}:${q.tournamentId}:${q.filter}:${odds.join(',')}`, source, q);
    },

    /** Highlights (highList 1, 10 a call): UpHigh act 1, the sport-0 groups (3 shown) and the Home slider. */
    highlightList,

    /** Upcoming (UpHigh act 2): the next matches of a sport, 10 a call (5 under data saver), by date. */
    async upcomingList(q: ListQuery & { page?: number }, source: Source): Promise<RowsView | null> {
      const odds = rowOddsTypes(q.sportId, q.oddsType);
      const page = q.page ?? 0;
      const size = await pageSize();
      return rowsOf('matches', { ...(q.sportId ? { sportId: q.sportId } : {}), odds, limit: size, order: page * size, ...windowOf(q) },
        `up:${q.sportId}:${q.filter}:${odds.join(',')}:${page}${size === PAGE_SIZE ? '' : `:${size}`}`, source, q);
    },

    /** The per-sport highlight groups of the sport-0 view: at most 3 matches each. */
    async highlightGroup(q: ListQuery, source: Source): Promise<RowsView | null> {
      const r = await highlightList(q, source);
      return r && { ...r, rows: r.rows.slice(0, HIGHLIGHTS_SHOWN) };
    },

    /** Search by team or league name (3+ characters; the UI shows results beyond 3). Not kept offline. */
    async search(q: ListQuery & { keyWord: string; page?: number }): Promise<SearchView> {
      const keyword = q.keyWord.trim();
      if (Array.from(keyword).length < SEARCH_MIN) return { keyword, total: 0, rows: [] };
      const odds = rowOddsTypes(q.sportId, q.oddsType);
      const page = q.page ?? 0;
      const size = await pageSize();
      const r = await rowsOf('matches', { ...(q.sportId ? { sportId: q.sportId } : {}), keyWord: keyword, odds, limit: size, order: page * size, ...windowOf({ ...q, filter: 'all' }) },
        '', 'network', q);
      return { keyword, total: r?.total ?? 0, rows: r?.rows ?? [] };
    },

    /** MatchDetail (pre-match): all markets of a match, the last viewed ones kept for offline reading. */
    async matchDetail(matchId: number, source: Source): Promise<MatchDetailView | null> {
      // The operator's tabs and hidden lines: loaded in the background, the next detail shows them.
      void refreshMarketSettings(ctx.call, ctx.clock());
      let got;
      try {
        got = await swrCall<{ match: Omit<MatchListItem, 'odds'>; results: OddsGroup[] }>(deps, source, 'odds', { matchId }, String(matchId));
      } catch (err) {
        if (source === 'cache') return null;
        throw err;
      }
      if (!got) return null;
      if (!got.reply.status || !got.reply.match) return { state: 'notFound' };
      const match: MatchListItem = { ...got.reply.match, odds: got.reply.results ?? [] } as MatchListItem;
      const opts = await rowOpts();
      if (!got.fresh.stale) {
        ctx.shown.set(match.id, match);
        void pruneKept(ctx.db, ctx.clock());
      }
      const closed = !isListable(match, ctx.clock()) || !hasOpenMarkets(matchDetailData(match, opts));
      return { state: 'ok', data: matchDetailData(match, { ...opts, locked: got.fresh.stale }), closed, fresh: got.fresh };
    },

    /** Short code: upper-cased; the match it names, or not found ('code' + searchNotFound). */
    async shortcode(code: string): Promise<{ code: string; matchId: number | null }> {
      const upper = code.trim().toUpperCase();
      if (!upper) return { code: upper, matchId: null };
      const r = await ctx.call<{ results: MatchListItem | MatchListItem[] }>('shortcode', { code: upper });
      const hit = Array.isArray(r.results) ? r.results[0] : r.results;
      if (!r.status || !hit?.id) return { code: upper, matchId: null };
      return { code: upper, matchId: hit.id };
    },

    /** Results: yesterday to tomorrow in the player's zone, 50 a page, by sport. */
    async results(q: { sportId: number; page: number; timeZone?: string }, source: Source): Promise<ResultsView | null> {
      const zone = q.timeZone ?? localZone();
      const local = new TZDate(ctx.clock(), zone);
      const startDate = iso(startOfDay(addDays(local, -1)).getTime());
      const endDate = iso(endOfDay(addDays(local, 1)).getTime() + 1);
      const [got, sports] = await Promise.all([
        swrCall<{ results: ResultItem[]; total: number }>(deps, source, 'matchResults',
          { startDate, endDate, limit: RESULTS_PAGE_SIZE, order: q.page * RESULTS_PAGE_SIZE, ...(q.sportId ? { sportId: q.sportId } : {}) },
          `${q.sportId}:${q.page}`),
        swrCall<{ results: Sport[] }>(deps, source, 'sports', {}, 'results').catch(() => null),
      ]);
      if (!got) return null;
      const list = got.reply.status ? got.reply.results ?? [] : [];
      const total = got.reply.total ?? list.length;
      return {
        rows: list.map((r) => ({ matchId: r.matchId, sportId: r.sportId, sportName: r.sportName, matchDate: r.matchDate, home: r.home, away: r.away, score: r.results ?? '', halfTime: r.resultshf ?? '' })),
        total,
        page: q.page,
        pages: Math.max(1, Math.ceil(total / RESULTS_PAGE_SIZE)),
        sports: (sports?.reply.results ?? []).map((s) => ({ id: s.id, name: s.name, matchCount: s.matchCount })),
        fresh: got.fresh,
      };
    },
  };
}

/** The detail's groups with the list's fresher copies of the same groups. */
function mergeGroups(full: OddsGroup[], fresh: OddsGroup[]): OddsGroup[] {
  const byId = new Map(fresh.map((g) => [g.oddsid, g]));
  return full.map((g) => byId.get(g.oddsid) ?? g);
}
