import type { Queryable } from '../db/client.ts';
import type { ResultItem } from '../../domain/protocol/entities.ts';
import { named } from './match-queries.ts';

/** Results page size (section 9). */
export const RESULTS_PAGE = 50;
const DAY = 86_400_000;

/** The stored result of a match; scores are null until known. */
export interface StoredResult {
  matchId: number;
  ftHome: number | null;
  ftAway: number | null;
  htHome: number | null;
  htAway: number | null;
  cornersHome?: number | null;
  cornersAway?: number | null;
  cardsHome?: number | null;
  cardsAway?: number | null;
  /** 'ended', 'cancelled', 'interrupted' ... */
  status: string;
  goals?: Array<{ minute: number; team: 'home' | 'away' }>;
}

/** Writes (or replaces) the result of a match; the one writer of match_results. */
export async function saveMatchResult(q: Queryable, r: StoredResult, now: number): Promise<void> {
  await q.query(
    `insert into match_results (match_id, ft_home, ft_away, ht_home, ht_away, corners_home, corners_away, cards_home, cards_away, status, goals, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)
     on conflict (match_id) do update set ft_home = excluded.ft_home, ft_away = excluded.ft_away, ht_home = excluded.ht_home,
       ht_away = excluded.ht_away, corners_home = excluded.corners_home, corners_away = excluded.corners_away,
       cards_home = excluded.cards_home, cards_away = excluded.cards_away, status = excluded.status, goals = excluded.goals,
       updated_at = excluded.updated_at`,
    [r.matchId, r.ftHome, r.ftAway, r.htHome, r.htAway, r.cornersHome ?? null, r.cornersAway ?? null, r.cardsHome ?? null,
      r.cardsAway ?? null, r.status, JSON.stringify(r.goals ?? []), new Date(now)],
  );
}

/** The default Results window: from yesterday's start to tomorrow's end (UTC days). */
export function resultsWindow(now: number): { start: number; end: number } {
  const today = Math.floor(now / DAY) * DAY;
  return { start: today - DAY, end: today + 2 * DAY };
}

export interface ResultsFilter {
  start: number;
  end: number;
  sportId?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  /** Sport, country and league names in this language (the catalogue's, English fallback). */
  lang?: string | undefined;
}

const score = (h: number | null, a: number | null): string => (h === null || a === null ? '' : `${h}:${a}`);

/** Matches with a result in the window, latest first, a page at a time, with the total. */
/**
 * Whether the live feed's results table (live_results, written by the live catalogue) exists in
 * this database: it comes with another part's migration. Asked once per database.
 */
const liveResultsTable = new WeakMap<Queryable, Promise<boolean>>();
function hasLiveResults(q: Queryable): Promise<boolean> {
  let known = liveResultsTable.get(q);
  if (!known) {
    known = q.query<{ ok: boolean }>(`select to_regclass('live_results') is not null as ok`).then((r) => r[0]?.ok === true);
    liveResultsTable.set(q, known);
  }
  return known;
}

/**
 * Matches with a result in the window, latest first, a page at a time, with the total: the
 * results table, and the live feed's results of matches that have none there.
 */
export async function listResults(q: Queryable, f: ResultsFilter): Promise<{ results: ResultItem[]; total: number }> {
  const params: unknown[] = [new Date(f.start), new Date(f.end)];
  let sportSql = '';
  if (f.sportId) { params.push(f.sportId); sportSql = 'and m.sport_id = $3'; }
  const live = await hasLiveResults(q);
  const scores = `
    select r.match_id, r.status, r.ft_home, r.ft_away, r.ht_home, r.ht_away from match_results r
    ${live ? `union all
    select l.match_id, coalesce(l.result ->> 'status', 'ended'), (l.result #>> '{ft,h}')::int, (l.result #>> '{ft,a}')::int,
           (l.result #>> '{ht,h}')::int, (l.result #>> '{ht,a}')::int
      from live_results l where not exists (select 1 from match_results r2 where r2.match_id = l.match_id)` : ''}`;
  const from = `from (${scores}) r join matches m on m.id = r.match_id
     where m.match_date >= $1 and m.match_date < $2 ${sportSql}`;
  const [count] = await q.query<{ n: number }>(`select count(*)::int as n ${from}`, params);
  const total = count?.n ?? 0;
  if (!total) return { results: [], total: 0 };
  const lp = `$${params.length + 3}::text`;
  const rows = await q.query<{
    id: number; sport_id: number; sport_name: string; match_date: Date; home: string; away: string; category_name: string;
    tournament_id: number; tournament_name: string; status: string; ft_home: number | null; ft_away: number | null;
    ht_home: number | null; ht_away: number | null;
  }>(
    `select m.id, m.sport_id, ${named('s', 'name', lp)} as sport_name, m.match_date, h.name as home, a.name as away, ${named('c', 'title', lp)} as category_name,
            m.tournament_id, ${named('t', 'title', lp)} as tournament_name, r.status, r.ft_home, r.ft_away, r.ht_home, r.ht_away
       from (${scores}) r join matches m on m.id = r.match_id
       join sports s on s.id = m.sport_id join categories c on c.id = m.category_id
       join tournaments t on t.id = m.tournament_id join teams h on h.id = m.home_id join teams a on a.id = m.away_id
      where m.match_date >= $1 and m.match_date < $2 ${sportSql}
      order by m.match_date desc, m.id desc limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, Math.min(f.limit ?? RESULTS_PAGE, RESULTS_PAGE), Math.max(0, f.offset ?? 0), f.lang ?? ''],
  );
  return {
    total,
    results: rows.map((r) => ({
      matchId: r.id,
      sportId: r.sport_id,
      sportName: r.sport_name,
      matchDate: r.match_date.toISOString(),
      home: r.home,
      away: r.away,
      resultshf: score(r.ht_home, r.ht_away),
      results: score(r.ft_home, r.ft_away),
      categoryName: r.category_name,
      tournamentId: r.tournament_id,
      tournamentName: r.tournament_name,
      status: r.status,
    })),
  };
}
