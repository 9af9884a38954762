import type { Queryable } from '../db/client.ts';
import type { Category, MatchListItem, OddsGroup, Sport, Tournament } from '../../domain/protocol/entities.ts';
import { MARKETS, marketOf, outcomeName } from '../../domain/market/catalogue.ts';
import { lineHidden, listTypes, marketSettings, oddTypeName, outcomeNameIn, passiveCatalogue } from './markets.ts';

/** A not-started match more than 5 minutes past its start is no longer listed (section 4). */
export const LIST_GRACE_MS = 5 * 60_000;
/** The All time filter spans matches-in-days (section 9). */
export const MATCHES_IN_DAYS = 30;
/** Odds types a list row carries when the payload names none: the operator's list types (today's defaults: the main markets of section 9). */
export const listDefaultOdds = (): number[] => listTypes();

/** The time window of a list as the client's time filter sent it (epoch ms), both ends optional. */
export interface Window {
  start?: number | undefined;
  end?: number | undefined;
}

export interface MatchFilter extends Window {
  sportId?: number | undefined;
  categoryId?: number | undefined;
  tournamentId?: number | undefined;
  keyWord?: string | undefined;
  /** Odds types to attach; undefined = listDefaultOdds(). */
  oddsTypes?: number[] | undefined;
  /** The player's language: names in it (English, then the stored name, as the fallback). */
  lang?: string | undefined;
  /** Only highlights (weight above 0). */
  highlights?: boolean | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  ids?: number[] | undefined;
  /** At most this many earliest matches of every sport (Home); limit and offset are then ignored. */
  perSport?: number | undefined;
}

/** Builds numbered parameters ($1, $2 ...) next to the SQL that uses them. */
function params() {
  const list: unknown[] = [];
  return { list, p: (v: unknown) => { list.push(v); return `$${list.length}`; } };
}

/**
 * The conditions of a listed pre-match match: not started, active, of a shown sport, and inside
 * the window, which never reaches back more than the 5-minute grace before now. The All filter
 * (no end) spans matches-in-days from the later of now and the start.
 */
function listedWhere(w: Window, now: number, p: (v: unknown) => string): string[] {
  const from = Math.max(now - LIST_GRACE_MS, w.start ?? 0);
  const to = w.end ?? Math.max(now, w.start ?? 0) + MATCHES_IN_DAYS * 86_400_000;
  const where = [`m.status = 'not_started'`, 'm.active = 1', 's.status = 1', `m.match_date > ${p(new Date(from))}`, `m.match_date < ${p(new Date(to))}`];
  // A passive country or league (back office) lists none of its matches: few or none are, so the
  // condition is added only when one is (it tripled the cost of a count).
  const { leagues, countries } = passiveCatalogue();
  if (leagues.length) where.push(`m.tournament_id <> all(${p(leagues)}::int[])`);
  if (countries.length) where.push(`m.category_id <> all(${p(countries)}::int[])`);
  return where;
}

/** ILIKE pattern of a keyword, its wildcards taken literally. */
export const likePattern = (keyWord: string): string => `%${keyWord.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

interface GroupRow { id: number; odds_type: number; special: string; active: number; outcomes: Array<{ id: number; outcome_id: number; odd: number; active: number }> }
/** One outcome with its group, flat: group id, odds type, special, group active, outcome row id, outcome id, odd, active. */
type OddRow = [number, number, string, number, number, number, number, number];

/** Regroups the flat outcome rows (ordered by group, then outcome) into groups. */
function groupsOf(rows: OddRow[] | null): GroupRow[] {
  const out: GroupRow[] = [];
  for (const [gid, type, special, gActive, oid, outcomeId, odd, active] of rows ?? []) {
    let g = out[out.length - 1];
    if (!g || g.id !== gid) { g = { id: gid, odds_type: type, special, active: gActive, outcomes: [] }; out.push(g); }
    g.outcomes.push({ id: oid, outcome_id: outcomeId, odd, active });
  }
  return out;
}

interface MatchRow {
  id: number; match_date: Date | string; sport_id: number; sport_name: string; category_id: number; category_name: string;
  category_flag: string; tournament_id: number; tournament_name: string; home_id: number; home: string; away_id: number;
  away: string; status: MatchListItem['matchstatus']; bet_status: MatchListItem['betstatus']; active: number;
  live_active: number; min_tip: number; odd_count: number; short_code: string; odds: OddRow[] | null; home_logo: string | null; away_logo: string | null;
}

/** A catalogue row's name in the language of a parameter: its own, else English, else the stored name (migration 210). */
export const named = (alias: string, column: string, langParam: string): string =>
  `coalesce(nullif(${alias}.names->>${langParam}, ''), nullif(${alias}.names->>'en', ''), ${alias}.${column})`;

/**
 * One query for a page of matches with their odds: team and league names come from scalar lookups
 * and the odds as one JSON value per match. PostgreSQL evaluates these after the sort and limit, only for the rows
 * of the page, and plans them far faster than a six-way join (planning dominated a league list).
 * The odds come flat (one JSON array per outcome), one aggregate per match.
 * typesParam: the parameter holding the asked odds types, or '' for all of them; extra: leading columns.
 */
const matchSelect = (typesParam: string, extra = '', langParam = "''") => `
  select ${extra}m.id, m.match_date, m.sport_id, ${named('s', 'name', langParam)} as sport_name, m.category_id, ${named('c', 'title', langParam)} as category_name, c.flag as category_flag,
         m.tournament_id, (select ${named('t', 'title', langParam)} from tournaments t where t.id = m.tournament_id) as tournament_name,
         m.home_id, (select ${named('h', 'name', langParam)} from teams h where h.id = m.home_id) as home,
         m.away_id, (select ${named('a', 'name', langParam)} from teams a where a.id = m.away_id) as away,
         (select h.logo from teams h where h.id = m.home_id) as home_logo, (select a.logo from teams a where a.id = m.away_id) as away_logo,
         m.status, m.bet_status, m.active, m.live_active, m.min_tip, m.short_code, m.odd_count,
         (select json_agg(json_build_array(g.id, g.odds_type, g.special, g.active, o.id, o.outcome_id, o.odd, o.active) order by g.id, o.outcome_id)
            from odds_groups g join outcomes o on o.group_id = g.id
           where g.match_id = m.id ${typesParam ? `and g.odds_type = any(${typesParam}::int[])` : ''}) as odds
    from matches m
    join sports s on s.id = m.sport_id
    join categories c on c.id = m.category_id`;

/**
 * Pre-match matches open for betting, every filter in the database on an index (sport, country
 * or league with the date; the keyword on the trigram index of search_text), earliest first,
 * with the asked odds groups.
 */
export async function listMatches(q: Queryable, f: MatchFilter, now: number): Promise<{ results: MatchListItem[]; totalRows: number }> {
  await marketSettings(q);
  const { list, p } = params();
  const where = listedWhere(f, now, p);
  if (f.sportId) where.push(`m.sport_id = ${p(f.sportId)}`);
  if (f.categoryId) where.push(`m.category_id = ${p(f.categoryId)}`);
  if (f.tournamentId) where.push(`m.tournament_id = ${p(f.tournamentId)}`);
  if (f.ids) where.push(`m.id = any(${p(f.ids)}::int[])`);
  if (f.highlights) where.push('m.highlight > 0');
  if (f.keyWord) where.push(`m.search_text ilike ${p(likePattern(f.keyWord))}`);
  const whereSql = where.join(' and ');
  if (f.perSport) return listPerSport(q, whereSql, list, p, f.oddsTypes, f.perSport, f.lang);
  const countParams = [...list];
  const limit = f.limit ?? 100;
  const offset = f.offset ?? 0;
  const types = p(f.oddsTypes?.length ? f.oddsTypes : listDefaultOdds());
  const langParam = p(f.lang ?? '');
  const order = `order by m.match_date, ${f.highlights ? 'm.highlight desc, ' : ''}m.id limit ${p(limit)} offset ${p(offset)}`;
  // A keyword is found on the trigram index first (materialized), then sorted: left to itself the
  // planner may walk the date index hoping to meet 'limit' hits early, a full scan for a rare word.
  // The hits also give the count, so a search reads the trigram index once.
  const rowsSql = f.keyWord
    ? `with hit as materialized (select m.id from matches m join sports s on s.id = m.sport_id where ${whereSql})
       ${matchSelect(types, '(select count(*)::int from hit) as hits, ', langParam)} where m.id in (select id from hit) ${order}`
    : `${matchSelect(types, '', langParam)} where ${whereSql} ${order}`;
  const rows = await q.query<MatchRow & { hits?: number }>(rowsSql, list);
  // A page that is not full tells the total itself; only a full (or empty, paged) one needs a count.
  let total = rows[0]?.hits ?? offset + rows.length;
  if (rows[0]?.hits === undefined && (rows.length === limit || (offset > 0 && !rows.length))) {
    const [count] = await q.query<{ n: number }>(`select count(*)::int as n from matches m join sports s on s.id = m.sport_id where ${whereSql}`, countParams);
    total = count?.n ?? 0;
  }
  return { results: rows.map((r) => toListItem(r, f.lang)), totalRows: total };
}

/**
 * The earliest `perSport` listed matches of every sport in one query: a lateral subquery per sport
 * walks the (sport, date) index and stops at the limit, where one global 'earliest N' would let a
 * sport with many matches crowd the others out.
 */
async function listPerSport(q: Queryable, whereSql: string, list: unknown[], p: (v: unknown) => string, oddsTypes: number[] | undefined, perSport: number, lang: string | undefined): Promise<{ results: MatchListItem[]; totalRows: number }> {
  const types = p(oddsTypes?.length ? oddsTypes : listDefaultOdds());
  const langParam = p(lang ?? '');
  const sql = `with pick as materialized (
      select x.id from sports s0 cross join lateral (
        select m.id from matches m join sports s on s.id = m.sport_id
         where m.sport_id = s0.id and ${whereSql} order by m.match_date, m.id limit ${p(perSport)}) x)
    ${matchSelect(types, '', langParam)} where m.id in (select id from pick) order by m.match_date, m.id`;
  const rows = await q.query<MatchRow>(sql, list);
  return { results: rows.map((r) => toListItem(r, lang)), totalRows: rows.length };
}

/**
 * One match with all its markets, or undefined. lang: a player's request (names in that language,
 * lines the operator hides left out); none: the operator's view (stored names, every line).
 */
export async function matchWithOdds(q: Queryable, matchId: number, lang?: string): Promise<MatchListItem | undefined> {
  await marketSettings(q);
  const [row] = await q.query<MatchRow>(`${matchSelect('', '', '$2')} where m.id = $1`, [matchId, lang ?? '']);
  return row && toListItem(row, lang);
}

/** The listed match of a short code (already upper-cased) with all its markets, or undefined. */
export async function matchByShortCode(q: Queryable, code: string, now: number, lang?: string): Promise<MatchListItem | undefined> {
  await marketSettings(q);
  const { list, p } = params();
  const where = [`m.short_code = ${p(code)}`, ...listedWhere({}, now, p)];
  const [row] = await q.query<MatchRow>(`${matchSelect('', '', p(lang ?? ''))} where ${where.join(' and ')}`, list);
  return row && toListItem(row, lang);
}

/** Catalogue order of the markets, so a match detail opens with the main ones first. */
const MARKET_ORDER = new Map(MARKETS.map((m, i) => [m.oddsType, i]));
const specialKey = (s: string): number => {
  const n = Number(s.includes(':') ? Number(s.split(':')[1]) - Number(s.split(':')[0]) : s);
  return Number.isFinite(n) ? n : 0;
};

/**
 * The odds groups of a match in the wire shape, main markets first, lines in ascending order.
 * lang: a player's (names from the operator's catalogue in that language, hidden lines dropped).
 */
function toOddsGroups(groups: GroupRow[], lang: string | undefined): OddsGroup[] {
  const shown = lang === undefined ? groups : groups.filter((g) => !lineHidden(g.odds_type, g.special));
  const sorted = shown.sort((x, y) =>
    (MARKET_ORDER.get(x.odds_type) ?? 1000 + x.odds_type) - (MARKET_ORDER.get(y.odds_type) ?? 1000 + y.odds_type)
    || specialKey(x.special) - specialKey(y.special) || x.id - y.id);
  return sorted.map((g) => {
    const name = lang === undefined ? marketOf(g.odds_type)?.name ?? String(g.odds_type) : oddTypeName(g.odds_type, lang);
    return {
      oddsid: g.id,
      oddstype: g.odds_type,
      typeName: name,
      nicename: name,
      special: g.special,
      active: g.active ? 1 : 0,
      iss: g.active ? 0 : 1,
      isv: 1,
      outcomes: g.outcomes.map((o) => ({
        oddid: o.id,
        outcomeid: o.outcome_id,
        outcome: lang === undefined ? outcomeName(g.odds_type, o.outcome_id) : outcomeNameIn(g.odds_type, o.outcome_id, lang),
        odd: o.odd,
        special: g.special,
        active: o.active && g.active ? 1 : 0,
        iss: o.active && o.odd >= 1010 ? 0 : 1,
        isv: 1,
      })),
    };
  });
}

function toListItem(r: MatchRow, lang: string | undefined): MatchListItem {
  return {
    id: r.id,
    matchDate: new Date(r.match_date).toISOString(),
    homeTeam: r.home,
    awayTeam: r.away,
    homeTeamId: r.home_id,
    awayTeamId: r.away_id,
    ...(r.home_logo ? { homeLogo: r.home_logo } : {}),
    ...(r.away_logo ? { awayLogo: r.away_logo } : {}),
    oddCount: r.odd_count,
    categoryId: r.category_id,
    categoryName: r.category_name,
    categoryFlag: r.category_flag,
    sportId: r.sport_id,
    sportName: r.sport_name,
    tournamentId: r.tournament_id,
    tournamentName: r.tournament_name,
    liveActive: r.live_active ? 1 : 0,
    minTip: r.min_tip,
    iss: r.bet_status === 'started' && r.active ? 0 : 1,
    isv: 1,
    matchstatus: r.status,
    betstatus: r.bet_status,
    shortCode: r.short_code,
    odds: toOddsGroups(groupsOf(r.odds), lang),
  };
}

/** Shown sports (status 1) with the count of their listed matches in the window, in list order. */
export async function listSports(q: Queryable, w: Window, now: number, lang = ''): Promise<Sport[]> {
  await marketSettings(q);
  const { list, p } = params();
  const where = listedWhere(w, now, p).join(' and ');
  return q.query<Sport>(
    `select s.id, ${named('s', 'name', p(lang))} as name, s.status::int as status, coalesce(x.n, 0)::int as "matchCount"
       from sports s
       left join (select m.sport_id, count(*) as n from matches m join sports s on s.id = m.sport_id where ${where} group by m.sport_id) x
         on x.sport_id = s.id
      where s.status = 1 order by s.list_order, s.id`,
    list,
  );
}

/**
 * Countries of a sport that have listed matches in the window, with flag and count, in the
 * alphabetical order of the player's language (İngiltere after Hollanda in Turkish), whatever
 * the database's collation.
 */
export async function listCategories(q: Queryable, sportId: number, w: Window, now: number, lang = 'tr'): Promise<Category[]> {
  await marketSettings(q);
  const { list, p } = params();
  const where = [...listedWhere(w, now, p), `m.sport_id = ${p(sportId)}`].join(' and ');
  const rows = await q.query<Category>(
    `select c.id, ${named('c', 'title', p(lang))} as title, c.flag as "countryFlag", count(*)::int as "matchCount", c.sport_id as sid
       from matches m join sports s on s.id = m.sport_id join categories c on c.id = m.category_id
      where ${where}
      group by c.id`,
    list,
  );
  const collator = new Intl.Collator(lang);
  return rows.sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id);
}

/** Leagues of a country that have listed matches in the window, with counts, in league order. */
export async function listTournaments(q: Queryable, f: { sportId?: number | undefined; categoryId: number }, w: Window, now: number, lang = ''): Promise<Tournament[]> {
  await marketSettings(q);
  const { list, p } = params();
  const where = [...listedWhere(w, now, p), `m.category_id = ${p(f.categoryId)}`];
  if (f.sportId) where.push(`m.sport_id = ${p(f.sportId)}`);
  return q.query<Tournament>(
    `select t.id, ${named('t', 'title', p(lang))} as title, count(*)::int as "matchCount", t.sport_id as sid, t.category_id as cid
       from matches m join sports s on s.id = m.sport_id join tournaments t on t.id = m.tournament_id
      where ${where.join(' and ')}
      group by t.id order by t.list_order, t.title, t.id`,
    list,
  );
}
