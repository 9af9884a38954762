import type { Queryable } from '../client.ts';
import type { MatchListItem, OddsGroup, Sport } from '../../../domain/protocol/entities.ts';
import { marketOf, outcomeName } from '../../../domain/market/catalogue.ts';

/** A not-started match more than 5 minutes past its start is no longer listed (section 4). */
export const LIST_GRACE_MS = 5 * 60_000;
/** The All time filter spans matches-in-days (section 9). */
export const MATCHES_IN_DAYS = 30;

export interface MatchFilter {
  sportId?: number | undefined;
  categoryId?: number | undefined;
  tournamentId?: number | undefined;
  keyWord?: string | undefined;
  oddsTypes?: number[] | undefined;
  start?: number | undefined;
  end?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  ids?: number[] | undefined;
}

interface MatchRow {
  id: number; match_date: Date; sport_id: number; sport_name: string; category_id: number; category_name: string;
  category_flag: string; tournament_id: number; tournament_name: string; home_id: number; home: string; away_id: number;
  away: string; status: MatchListItem['matchstatus']; bet_status: MatchListItem['betstatus']; active: number;
  live_active: number; min_tip: number; odd_count: number;
}

const MATCH_SELECT = `
  select m.id, m.match_date, m.sport_id, s.name as sport_name, m.category_id, c.title as category_name,
         c.flag as category_flag, m.tournament_id, t.title as tournament_name, m.home_id, h.name as home,
         m.away_id, a.name as away, m.status, m.bet_status, m.active, m.live_active, m.min_tip,
         (select count(*)::int from odds_groups g join outcomes o on o.group_id = g.id where g.match_id = m.id) as odd_count
    from matches m
    join sports s on s.id = m.sport_id
    join categories c on c.id = m.category_id
    join tournaments t on t.id = m.tournament_id
    join teams h on h.id = m.home_id
    join teams a on a.id = m.away_id`;

/** Pre-match matches open for betting, filtered in the database, with the asked odds groups. */
export async function listMatches(q: Queryable, f: MatchFilter, now: number): Promise<{ results: MatchListItem[]; totalRows: number }> {
  const where = [`m.status = 'not_started'`, 'm.active = 1', 's.status = 1'];
  const params: unknown[] = [];
  const p = (v: unknown) => { params.push(v); return `$${params.length}`; };
  where.push(`m.match_date > ${p(new Date(Math.max(now - LIST_GRACE_MS, f.start ?? 0)))}`);
  where.push(`m.match_date < ${p(new Date(f.end ?? now + MATCHES_IN_DAYS * 86_400_000))}`);
  if (f.sportId) where.push(`m.sport_id = ${p(f.sportId)}`);
  if (f.categoryId) where.push(`m.category_id = ${p(f.categoryId)}`);
  if (f.tournamentId) where.push(`m.tournament_id = ${p(f.tournamentId)}`);
  if (f.ids) where.push(`m.id = any(${p(f.ids)}::int[])`);
  if (f.keyWord) {
    const like = p(`%${f.keyWord.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
    where.push(`(h.name ilike ${like} or a.name ilike ${like} or t.title ilike ${like})`);
  }
  const whereSql = where.join(' and ');
  const [count] = await q.query<{ n: number }>(`select count(*)::int as n from matches m join sports s on s.id = m.sport_id join tournaments t on t.id = m.tournament_id join teams h on h.id = m.home_id join teams a on a.id = m.away_id where ${whereSql}`, params);
  const rows = await q.query<MatchRow>(`${MATCH_SELECT} where ${whereSql} order by m.match_date, m.id limit ${p(f.limit ?? 100)} offset ${p(f.offset ?? 0)}`, params);
  const groups = await oddsGroupsOf(q, rows.map((r) => r.id), f.oddsTypes);
  return { results: rows.map((r) => toListItem(r, groups.get(r.id) ?? [])), totalRows: count?.n ?? 0 };
}

/** One match with all its markets, or undefined. */
export async function matchWithOdds(q: Queryable, matchId: number): Promise<MatchListItem | undefined> {
  const [row] = await q.query<MatchRow>(`${MATCH_SELECT} where m.id = $1`, [matchId]);
  if (!row) return undefined;
  const groups = await oddsGroupsOf(q, [row.id]);
  return toListItem(row, groups.get(row.id) ?? []);
}

interface GroupRow { match_id: number; id: number; odds_type: number; special: string; active: number; outcomes: Array<{ id: number; outcome_id: number; odd: number; active: number }> }

async function oddsGroupsOf(q: Queryable, matchIds: number[], types?: number[]): Promise<Map<number, OddsGroup[]>> {
  const out = new Map<number, OddsGroup[]>();
  if (!matchIds.length) return out;
  const params: unknown[] = [matchIds];
  let typeSql = '';
  if (types?.length) { params.push(types); typeSql = 'and g.odds_type = any($2::int[])'; }
  const rows = await q.query<GroupRow>(
    `select g.match_id, g.id, g.odds_type, g.special, g.active,
            json_agg(json_build_object('id', o.id, 'outcome_id', o.outcome_id, 'odd', o.odd, 'active', o.active) order by o.outcome_id) as outcomes
       from odds_groups g join outcomes o on o.group_id = g.id
      where g.match_id = any($1::int[]) ${typeSql}
      group by g.id order by g.match_id, g.odds_type, g.id`,
    params,
  );
  for (const g of rows) {
    const market = marketOf(g.odds_type);
    const group: OddsGroup = {
      oddsid: g.id,
      oddstype: g.odds_type,
      typeName: market?.name ?? String(g.odds_type),
      nicename: market?.name ?? String(g.odds_type),
      special: g.special,
      active: g.active ? 1 : 0,
      iss: g.active ? 0 : 1,
      isv: 1,
      outcomes: g.outcomes.map((o) => ({
        oddid: o.id,
        outcomeid: o.outcome_id,
        outcome: outcomeName(g.odds_type, o.outcome_id),
        odd: o.odd,
        special: g.special,
        active: o.active && g.active ? 1 : 0,
        iss: o.active && o.odd >= 1010 ? 0 : 1,
        isv: 1,
      })),
    };
    const list = out.get(g.match_id) ?? [];
    list.push(group);
    out.set(g.match_id, list);
  }
  return out;
}

function toListItem(r: MatchRow, odds: OddsGroup[]): MatchListItem {
  return {
    id: r.id,
    matchDate: r.match_date.toISOString(),
    homeTeam: r.home,
    awayTeam: r.away,
    homeTeamId: r.home_id,
    awayTeamId: r.away_id,
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
    odds,
  };
}

/** Sports with the count of their listed matches in the window. */
export async function listSports(q: Queryable, now: number, end?: number): Promise<Sport[]> {
  return q.query<Sport>(
    `select s.id, s.name, s.status::int as status,
            (select count(*)::int from matches m where m.sport_id = s.id and m.status = 'not_started' and m.active = 1
               and m.match_date > $1 and m.match_date < $2) as "matchCount"
       from sports s where s.status = 1 order by s.list_order`,
    [new Date(now - LIST_GRACE_MS), new Date(end ?? now + MATCHES_IN_DAYS * 86_400_000)],
  );
}
