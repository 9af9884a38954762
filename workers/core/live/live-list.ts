/**
 * The LiveBets list as plain functions over the odds store: sport tabs with live counts, the
 * favourites filter, the search (3+ characters), the order (time or flag) and the odds-type
 * choices of the dropdown. The rows themselves travel as match patches (diff.ts).
 */
import { marketOf } from '../../../domain/market/catalogue.ts';
import type { OddsStore, StoreMatch } from '../feed/odds-store.ts';
import { liveLeagueRank } from '../sports/market-settings.ts';

/** Search needs at least this many characters (section 5). */
export const SEARCH_MIN = 3;
/** Live list page size and first fill (section 9). */
export const LIVE_PAGE = 50;
export const LIVE_FIRST_PAGES = 2;

export interface LiveListQuery {
  /** Sport tab; 0 = every sport. */
  sid: number;
  favorites: boolean;
  keyword: string;
  order: 'time' | 'flag';
  /** Rows wanted from the start (the infinite list grows it page by page). */
  limit: number;
}

export interface LiveSportTab {
  sid: number;
  name: string;
  count: number;
}

/** An odds-type choice: the main market merges the 3-way result (1) and the winner (186). */
export interface LiveOddsTypeOption {
  key: string;
  name: string;
  types: number[];
}

export const LIVE_ODDS_TYPES: readonly LiveOddsTypeOption[] = [
  { key: 'main', name: marketOf(1)?.name ?? 'Match result', types: [1, 186] },
  { key: 'dc', name: marketOf(10)?.name ?? 'Double chance', types: [10] },
  { key: 'ou', name: marketOf(18)?.name ?? 'Over/under', types: [18] },
  { key: 'hc', name: marketOf(14)?.name ?? 'Handicap', types: [14, 16] },
];

export interface LiveListResult {
  sports: LiveSportTab[];
  ids: number[];
  total: number;
  /** The keyword was long enough and filtered the list. */
  searched: boolean;
}

const norm = (s: string) => s.toLocaleLowerCase('tr');

/** Sport tabs in sport-id order with their live counts (favourites only when asked). */
export function liveSports(matches: Iterable<StoreMatch>, names: ReadonlyMap<number, string>): LiveSportTab[] {
  const counts = new Map<number, number>();
  for (const m of matches) counts.set(m.sid, (counts.get(m.sid) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([sid, count]) => ({ sid, name: names.get(sid) ?? String(sid), count }));
}

/** The rows of the list: ids of the matches that pass the query, in its order. */
export function liveList(store: OddsStore, q: LiveListQuery, favorites: ReadonlySet<number>, names: ReadonlyMap<number, string>): LiveListResult {
  const all = [...store.matches.values()].filter((m) => !q.favorites || favorites.has(m.id));
  const kw = norm(q.keyword.trim());
  const searched = kw.length >= SEARCH_MIN;
  const list = all
    .filter((m) => !q.sid || m.sid === q.sid)
    .filter((m) => !searched || norm(`${m.h} ${m.a} ${m.tn} ${m.cn}`).includes(kw))
    .sort(q.order === 'flag'
      ? (a, b) => a.cn.localeCompare(b.cn, 'tr') || a.tn.localeCompare(b.tn, 'tr') || a.d - b.d || a.id - b.id
      // By time: the operator's football league order first (back office; none by default).
      : (a, b) => liveLeagueRank(a.sid, a.tid) - liveLeagueRank(b.sid, b.tid) || a.d - b.d || a.id - b.id);
  return { sports: liveSports(all, names), ids: list.slice(0, q.limit).map((m) => m.id), total: list.length, searched };
}
