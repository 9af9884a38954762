/**
 * Bulk loader of the matches benchmark: a catalogue of many leagues and teams and `count`
 * upcoming matches with the demo's markets, inserted set-wise (unnest arrays and INSERT ... SELECT
 * inside PostgreSQL), not row by row. The demo catalogue's leagues are part of it, so real team
 * names ('Galatasaray') are there to search for.
 */
import type { Db } from '../../server/db/client.ts';
import { DEMO_SPORTS } from '../../server/demo/catalogue.ts';
import { marketsOf } from '../../server/demo/markets.ts';
import { rng } from '../../server/demo/seed.ts';

const SYLLABLES = ['ka', 'ro', 'li', 'ven', 'dor', 'mar', 'tes', 'bal', 'nor', 'sel', 'vi', 'gan', 'tor', 'lum', 'ber', 'os', 'kir', 'zen', 'pa', 'das', 'mo', 'ril', 'ta', 'hel'];
const SUFFIXES = ['FC', 'United', 'City', 'Spor', 'Athletic', 'Rovers', 'SK', 'CF', 'Town', 'Stars', 'Wanderers', 'Olympic'];
/** Share of the matches per sport (football most). */
const SPORT_SHARE: Record<number, number> = { 1: 0.55, 3: 0.1, 4: 0.06, 5: 0.09, 6: 0.03, 7: 0.03, 23: 0.04, 41: 0.04, 109: 0.02, 110: 0.02, 111: 0.02 };
const TEAMS_PER_LEAGUE = 16;
/** Matches per league over the 30 days, about a real league's pace with cups and lower divisions. */
const MATCHES_PER_LEAGUE = 60;
/** Strength buckets: the matches of a bucket share the prices of one strength. */
const BUCKETS = 21;

export interface BenchLoad { leagues: number[]; teams: number; matches: number; groups: number; outcomes: number; ms: number }

/** Loads the catalogue and `count` matches spread over the 30 days after `now`. The database must be migrated and empty. */
export async function loadBenchMatches(db: Db, count: number, now: number, seed = 7): Promise<BenchLoad> {
  const t0 = performance.now();
  const random = rng(seed);
  const name = () => {
    const n = 2 + Math.floor(random() * 2);
    let s = '';
    for (let i = 0; i < n; i++) s += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    return `${s[0]!.toUpperCase()}${s.slice(1)} ${SUFFIXES[Math.floor(random() * SUFFIXES.length)]}`;
  };

  // Catalogue: the demo leagues, then synthetic countries and leagues up to the wanted size.
  type League = { sport: number; country: string; flag: string; title: string; teams: string[]; highlight: number };
  const leagues: League[] = [];
  for (const s of DEMO_SPORTS) for (const c of s.countries) for (const l of c.leagues) leagues.push({ sport: s.id, country: c.title, flag: c.flag, title: l.title, teams: l.teams, highlight: l.highlight ?? 0 });
  for (const s of DEMO_SPORTS) {
    const want = Math.ceil((count * (SPORT_SHARE[s.id] ?? 0.02)) / MATCHES_PER_LEAGUE);
    const have = leagues.filter((l) => l.sport === s.id).length;
    for (let i = have; i < want; i++) {
      const country = `Country ${Math.floor(i / 4) + 1}`;
      leagues.push({ sport: s.id, country, flag: 'int', title: `${s.name} League ${i + 1}`, teams: Array.from({ length: TEAMS_PER_LEAGUE }, name), highlight: 0 });
    }
  }
  await db.query('insert into sports (id, name, status, list_order) select * from unnest($1::int[], $2::text[], $3::int[], $4::int[])',
    [DEMO_SPORTS.map((s) => s.id), DEMO_SPORTS.map((s) => s.name), DEMO_SPORTS.map(() => 1), DEMO_SPORTS.map((_, i) => i)]);
  const countryKeys = [...new Set(leagues.map((l) => `${l.sport}|${l.country}|${l.flag}`))];
  const cats = await db.query<{ id: number; sport_id: number; title: string }>(
    'insert into categories (sport_id, title, flag) select * from unnest($1::int[], $2::text[], $3::text[]) returning id, sport_id, title',
    [countryKeys.map((k) => Number(k.split('|')[0])), countryKeys.map((k) => k.split('|')[1]), countryKeys.map((k) => k.split('|')[2])]);
  const catId = new Map(cats.map((c) => [`${c.sport_id}|${c.title}`, c.id]));
  const tours = await db.query<{ id: number }>(
    'insert into tournaments (sport_id, category_id, title, list_order, highlight) select a, b, c, d, e from unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::int[]) with ordinality as x(a, b, c, d, e, n) order by n returning id',
    [leagues.map((l) => l.sport), leagues.map((l) => catId.get(`${l.sport}|${l.country}`)), leagues.map((l) => l.title), leagues.map((_, i) => i), leagues.map((l) => l.highlight)]);
  // Each league's own team rows (a club in two leagues is two rows here; the search does not care).
  const teamSport: number[] = [];
  const teamName: string[] = [];
  for (const l of leagues) for (const t of l.teams) { teamSport.push(l.sport); teamName.push(t); }
  const teamIds = (await db.query<{ id: number }>(
    'insert into teams (sport_id, name) select a, b from unnest($1::int[], $2::text[]) with ordinality as x(a, b, n) order by n returning id', [teamSport, teamName])).map((r) => r.id);
  const leagueTeams: number[][] = [];
  let k = 0;
  for (const l of leagues) { leagueTeams.push(teamIds.slice(k, k + l.teams.length)); k += l.teams.length; }

  // Matches: each league in proportion to its sport's share, kick-offs on quarter hours over 30 days.
  const cols = { sport: [] as number[], cat: [] as number[], tour: [] as number[], home: [] as number[], away: [] as number[], date: [] as string[] };
  const bySport = new Map<number, number[]>();
  leagues.forEach((l, i) => bySport.set(l.sport, [...(bySport.get(l.sport) ?? []), i]));
  const start = Math.ceil((now + 20 * 60_000) / 900_000) * 900_000;
  for (let i = 0; i < count; i++) {
    const sport = pickSport(random());
    const list = bySport.get(sport)!;
    const li = list[Math.floor(random() * list.length)]!;
    const teams = leagueTeams[li]!;
    const h = Math.floor(random() * teams.length);
    let a = Math.floor(random() * (teams.length - 1));
    if (a >= h) a++;
    cols.sport.push(sport);
    cols.cat.push(catId.get(`${sport}|${leagues[li]!.country}`)!);
    cols.tour.push(tours[li]!.id);
    cols.home.push(teams[h]!);
    cols.away.push(teams[a]!);
    cols.date.push(new Date(start + Math.floor(random() * 30 * 96) * 900_000).toISOString());
  }
  const BATCH = 10_000;
  for (let i = 0; i < count; i += BATCH) {
    const s = (xs: unknown[]) => xs.slice(i, i + BATCH);
    await db.query(
      `insert into matches (sport_id, category_id, tournament_id, home_id, away_id, match_date)
       select * from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::timestamptz[])`,
      [s(cols.sport), s(cols.cat), s(cols.tour), s(cols.home), s(cols.away), s(cols.date)]);
  }

  // Markets: the demo's markets of each sport at BUCKETS strengths, joined to the matches in SQL.
  const tpl = { sport: [] as number[], bucket: [] as number[], type: [] as number[], special: [] as string[], outcome: [] as number[], odd: [] as number[] };
  for (const s of DEMO_SPORTS) {
    for (let b = 0; b < BUCKETS; b++) {
      for (const m of marketsOf(s.id, -1 + (2 * b) / (BUCKETS - 1))) {
        for (const [o, odd] of m.outcomes) { tpl.sport.push(s.id); tpl.bucket.push(b); tpl.type.push(m.oddsType); tpl.special.push(m.special); tpl.outcome.push(o); tpl.odd.push(odd); }
      }
    }
  }
  // One connection: the template is a temporary table. As a superuser the load skips the per-row
  // foreign-key checks and triggers (as pg_restore does) and counts the outcomes once at the end.
  const [role] = await db.query<{ super: boolean }>('select rolsuper as super from pg_roles where rolname = current_user');
  await db.tx(async (q) => {
    if (role?.super) await q.query('set local session_replication_role = replica');
    await q.query('create temporary table bench_tpl (sport_id int, bucket int, odds_type int, special text, outcome_id int, odd int)');
    await q.query('insert into bench_tpl select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[], $6::int[])',
      [tpl.sport, tpl.bucket, tpl.type, tpl.special, tpl.outcome, tpl.odd]);
    await q.query(`insert into odds_groups (match_id, odds_type, special)
      select m.id, t.odds_type, t.special from matches m join (select distinct sport_id, odds_type, special from bench_tpl) t on t.sport_id = m.sport_id`);
    await q.query(`insert into outcomes (group_id, outcome_id, odd)
      select g.id, t.outcome_id, t.odd from odds_groups g join matches m on m.id = g.match_id
        join bench_tpl t on t.sport_id = m.sport_id and t.bucket = m.id % ${BUCKETS} and t.odds_type = g.odds_type and t.special = g.special`);
    await q.query('drop table bench_tpl');
    if (role?.super) {
      await q.query(`update matches m set odd_count = x.n
        from (select g.match_id, count(*)::int as n from odds_groups g join outcomes o on o.group_id = g.id group by g.match_id) x where x.match_id = m.id`);
    }
  });
  // Statistics and the visibility map, as autovacuum would leave them on a running site.
  await db.query('vacuum analyze');
  const [n] = await db.query<{ m: number; g: number; o: number }>('select (select count(*)::int from matches) as m, (select count(*)::int from odds_groups) as g, (select count(*)::int from outcomes) as o');
  return { leagues: tours.map((t) => t.id), teams: teamIds.length, matches: n!.m, groups: n!.g, outcomes: n!.o, ms: performance.now() - t0 };
}

function pickSport(r: number): number {
  let acc = 0;
  for (const [id, share] of Object.entries(SPORT_SHARE)) {
    acc += share;
    if (r < acc) return Number(id);
  }
  return 1;
}
