/**
 * Plain view builders of the pre-match lists (betting-core.md sections 2, 3 and 9): the sport
 * header order, odds-type toggles, flags, best leagues and league rows. No I/O, time is a parameter.
 */
import type { Category, MatchListItem, Sport, Tournament } from '../../../domain/protocol/entities.ts';
import { matchRowView, type MatchRowView } from '../views.ts';
import type { OddsStyle } from '../../../domain/odds/display.ts';

/** A not-started match this long past its start is no longer listed (section 4). */
export const LIST_GRACE_MS = 5 * 60_000;
/** Home shows at most 5 matches per sport; a highlight group 3 (section 9). */
export const HOME_PER_SPORT = 5;
export const HIGHLIGHTS_SHOWN = 3;
/** Lists ask 10 matches a call (Highlights / Upcoming, section 2). */
export const PAGE_SIZE = 10;
/** Under data saver a page of those lists is half as long (smaller pages). */
export const DATA_SAVER_PAGE_SIZE = 5;
export const RESULTS_PAGE_SIZE = 50;
/** Search starts at 3 characters; results show only when the keyword is longer than 3 (section 2). */
export const SEARCH_MIN = 3;

/** Sports with a draw: their first odds type is the 3-way match result (1), else the 2-way winner (186). */
const DRAW_SPORTS = new Set([1, 4, 6]);
/** The total (over/under) market, the second odds type of every sport here. */
const TOTAL_TYPE = 18;

/** An odds type a list can show, with its short toggle label ('1X2', '12', '+/-'). */
export interface OddsTypeOption { oddsType: number; label: string }

/** The first two odds types of a sport: the toggle of AllSports and UpHigh switches between them. */
export function sportOddsTypes(sportId: number): OddsTypeOption[] {
  const main = DRAW_SPORTS.has(sportId) ? { oddsType: 1, label: '1X2' } : { oddsType: 186, label: '12' };
  return [main, { oddsType: TOTAL_TYPE, label: '+/-' }];
}

/** The odds types a row of a sport asks for with the chosen toggle (sport 0 mixes sports: both results). */
export function rowOddsTypes(sportId: number, oddsType: number | undefined): number[] {
  if (oddsType === TOTAL_TYPE) return [TOTAL_TYPE];
  if (sportId === 0) return [1, 186];
  return [sportOddsTypes(sportId)[0]!.oddsType];
}

/** A flag code ('gb', 'eu', 'int') as an emoji: regional indicators for two letters, a globe otherwise. */
export function flagGlyph(code: string): string {
  if (!/^[a-z]{2}$/i.test(code)) return '🌐';
  return Array.from(code.toUpperCase(), (c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
}

/** The sport header of Home: the first 4 sports, then the casino / slots / virtual links, then the rest. */
export function sportHeader<T extends Sport>(sports: T[]): { first: T[]; rest: T[] } {
  const shown = sports.filter((s) => s.status === 1);
  return { first: shown.slice(0, 4), rest: shown.slice(4) };
}

/** The seven best football leagues of the spec, as (country flag, league title) pairs. */
export const BEST_LEAGUES: ReadonlyArray<{ key: string; flag: string; titles: readonly string[] }> = [
  { key: 'premier', flag: 'gb', titles: ['premier league'] },
  { key: 'seriea', flag: 'it', titles: ['serie a'] },
  { key: 'bundesliga', flag: 'de', titles: ['bundesliga'] },
  { key: 'laliga', flag: 'es', titles: ['la liga', 'laliga'] },
  { key: 'ligue1', flag: 'fr', titles: ['ligue 1'] },
  { key: 'champions', flag: 'eu', titles: ['champions league', 'uefa champions league'] },
  { key: 'europa', flag: 'eu', titles: ['europa league', 'uefa europa league'] },
];

export interface BestLeagueView { id: number; cid: number; title: string; flag: string }

/**
 * Best-league shortcuts: football only and only under the All filter (section 2). Leagues are
 * matched by title within the expected country so an 'Ligue 1' of another country is not taken.
 */
export function bestLeagues(sportId: number, filter: string, categories: Category[], leagues: Tournament[]): BestLeagueView[] {
  if (sportId !== 1 || filter !== 'all') return [];
  const flagOf = new Map(categories.map((c) => [c.id, c.countryFlag]));
  const out: BestLeagueView[] = [];
  for (const best of BEST_LEAGUES) {
    const hit = leagues.find((l) => best.titles.includes(l.title.trim().toLowerCase()) && (flagOf.get(l.cid) ?? best.flag) === best.flag);
    if (hit) out.push({ id: hit.id, cid: hit.cid, title: hit.title, flag: flagGlyph(best.flag) });
  }
  return out;
}

export interface CountryView { id: number; sid: number; title: string; flag: string; matchCount: number }
export interface LeagueView { id: number; sid: number; cid: number; title: string; matchCount: number }

export const countryView = (c: Category): CountryView =>
  ({ id: c.id, sid: c.sid, title: c.title, flag: flagGlyph(c.countryFlag), matchCount: c.matchCount });
export const leagueView = (t: Tournament): LeagueView =>
  ({ id: t.id, sid: t.sid, cid: t.cid, title: t.title, matchCount: t.matchCount });

/** True while a pre-match match may be listed: not started and not more than 5 minutes past its start. */
export function isListable(m: Pick<MatchListItem, 'matchDate' | 'matchstatus'>, now: number): boolean {
  return m.matchstatus === 'not_started' && Date.parse(m.matchDate) > now - LIST_GRACE_MS;
}

/** Display options of odds: the user's max odds and the site's decimals. */
export interface RowOptions { maxOdds?: number; tofixed?: number; logoHost?: string; /** The player's odds format (ctx.oddsStyle). */ style?: OddsStyle }

/**
 * The rows of a league or list: started matches hidden, by date ascending (section 2), the chosen
 * odds type shown. A stale row (kept reply, not re-checked) shows its prices locked.
 */
export function listRows(matches: MatchListItem[], now: number, opts: RowOptions & { oddsTypes?: number[]; stale?: boolean; keepOrder?: boolean }): MatchRowView[] {
  const rows = matches.filter((m) => isListable(m, now));
  if (!opts.keepOrder) rows.sort((a, b) => Date.parse(a.matchDate) - Date.parse(b.matchDate) || a.id - b.id);
  return rows.map((m) => matchRowView(m, opts, { oddsTypes: opts.oddsTypes, locked: opts.stale, logoHost: opts.logoHost }));
}
