/**
 * A sport event's fixture (in every configured language) made our catalogue rows: the sport,
 * country, league and teams found by their provider ids (provider_ids) or created with their names
 * per language, and the match, created once and afterwards only moved to its new start time.
 * Names the operator edited in the back office are kept: a row's names are written when it is
 * created, and only missing languages are added later.
 */
import type { Db, Queryable } from '../../db/client.ts';
import type { Fixture } from './api.ts';
import { sportIdOf, type IdKind, type ProviderIds } from './ids.ts';

/** What the feed keeps of a match: our ids and the team names in the feed's main language. */
export interface FixtureRow {
  matchId: number;
  sportId: number;
  categoryId: number;
  tournamentId: number;
  homeId: number;
  awayId: number;
  home: string;
  away: string;
  category: string;
  tournament: string;
  start: number;
}

type Named = (f: Fixture) => string;

/** Names of one thing in every language fetched ({en: ..., tr: ...}), and the main one. */
function namesOf(fixtures: ReadonlyMap<string, Fixture>, pick: Named, main: string): { names: Record<string, string>; name: string } {
  const names: Record<string, string> = {};
  for (const [lang, f] of fixtures) {
    const n = pick(f);
    if (n) names[lang] = n;
  }
  return { names, name: names.en || names[main] || Object.values(names)[0] || '' };
}

/** A catalogue row of the provider id, created when missing; only missing languages are added to an existing one. */
async function row(q: Queryable, ids: ProviderIds, kind: IdKind, ext: string, table: string, column: string,
  n: { names: Record<string, string>; name: string }, extra: Record<string, unknown>): Promise<number> {
  const known = await ids.get(q, kind, ext);
  if (known !== undefined) {
    const [hit] = await q.query<{ id: number }>(`update ${table} set names = $2::jsonb || names where id = $1 returning id`, [known, JSON.stringify(n.names)]);
    if (hit) return hit.id;
  }
  const keys = Object.keys(extra);
  const [created] = await q.query<{ id: number }>(
    `insert into ${table} (${column}, names${keys.map((k) => `, ${k}`).join('')}) values ($1, $2${keys.map((_, i) => `, $${i + 3}`).join('')}) returning id`,
    [n.name || ext, JSON.stringify(n.names), ...keys.map((k) => extra[k])]);
  // two writers at once: the first mapping stays, this row is left unused
  return ids.put(q, kind, ext, created!.id);
}

/**
 * Writes the catalogue rows of a fixture in one transaction and answers our ids. `main` is the
 * language of the plain name columns when English was not fetched.
 */
export async function upsertFixture(db: Db, ids: ProviderIds, fixtures: ReadonlyMap<string, Fixture>, main: string): Promise<FixtureRow> {
  const first = fixtures.get(main) ?? [...fixtures.values()][0];
  if (!first) throw new Error('no fixture');
  const home = first.competitors.find((c) => c.qualifier === 'home') ?? first.competitors[0];
  const away = first.competitors.find((c) => c.qualifier === 'away') ?? first.competitors[1];
  if (!home || !away) throw new Error(`fixture of ${first.id}: two competitors needed`);
  const start = first.scheduled ?? Date.now();
  return db.tx(async (q) => {
    const sport = sportIdOf(first.sport.id);
    const sportNames = namesOf(fixtures, (f) => f.sport.name, main);
    await q.query(
      `insert into sports (id, name, names, status, list_order) values ($1, $2, $3, 1, 100 + $1) on conflict (id) do nothing`,
      [sport, sportNames.name || first.sport.id, JSON.stringify(sportNames.names)]);
    await ids.put(q, 'sport', first.sport.id, sport);
    const category = await row(q, ids, 'country', first.category.id, 'categories', 'title', namesOf(fixtures, (f) => f.category.name, main),
      { sport_id: sport });
    const tournament = await row(q, ids, 'league', first.tournament.id, 'tournaments', 'title', namesOf(fixtures, (f) => f.tournament.name, main),
      { sport_id: sport, category_id: category });
    const team = (id: string) => row(q, ids, 'team', id, 'teams', 'name',
      namesOf(fixtures, (f) => f.competitors.find((c) => c.id === id)?.name ?? '', main), { sport_id: sport });
    const homeId = await team(home.id);
    const awayId = await team(away.id);
    let matchId = await ids.get(q, 'match', first.id);
    if (matchId === undefined) {
      const [m] = await q.query<{ id: number }>(
        `insert into matches (sport_id, category_id, tournament_id, home_id, away_id, match_date, status, bet_status, active, live_active)
         values ($1, $2, $3, $4, $5, $6, 'not_started', 'started', 1, 0) returning id`,
        [sport, category, tournament, homeId, awayId, new Date(start)]);
      matchId = await ids.put(q, 'match', first.id, m!.id);
    } else {
      await q.query('update matches set match_date = $2 where id = $1 and match_date <> $2', [matchId, new Date(start)]);
    }
    await q.query(
      `insert into feed_events (match_id, provider, event_id) values ($1, 'uof', $2) on conflict (match_id) do nothing`, [matchId, first.id]);
    return (await fixtureRowOf(q, matchId))!;
  });
}

/** The catalogue row of a match the feed already knows (after a restart), or undefined. */
export async function fixtureRowOf(q: Queryable, matchId: number): Promise<FixtureRow | undefined> {
  const [r] = await q.query<{ home: string; away: string; category: string; tournament: string; sport_id: number; category_id: number;
    tournament_id: number; home_id: number; away_id: number; match_date: Date }>(
    `select h.name as home, a.name as away, c.title as category, t.title as tournament,
            m.sport_id, m.category_id, m.tournament_id, m.home_id, m.away_id, m.match_date
       from matches m join teams h on h.id = m.home_id join teams a on a.id = m.away_id
       join categories c on c.id = m.category_id join tournaments t on t.id = m.tournament_id where m.id = $1`, [matchId]);
  if (!r) return undefined;
  return {
    matchId, sportId: r.sport_id, categoryId: r.category_id, tournamentId: r.tournament_id, homeId: r.home_id, awayId: r.away_id,
    home: r.home, away: r.away, category: r.category, tournament: r.tournament, start: new Date(r.match_date).getTime(),
  };
}
