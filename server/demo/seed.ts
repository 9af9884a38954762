import { hash } from '@node-rs/argon2';
import { LOCKS, type Db, type Queryable } from '../db/client.ts';
import { postLedger } from '../wallet/ledger.ts';
import { saveMatchResult } from '../catalogue/result-queries.ts';
import { DEMO_COUNTRY_NAMES, DEMO_SPORT_NAMES, DEMO_SPORTS, DEMO_TERMINAL, DEMO_USERS } from './catalogue.ts';
import { seededRandom } from '../../domain/random.ts';
import { marketsOf, sampleResult, strengthFromHomeOdd, type DemoMarket } from './markets.ts';

/** The seeded generator of domain/random.ts, so the demo is the same on every machine. */
export const rng = seededRandom;

const DAY = 86_400_000;
/**
 * Leagues the live feed wrote into the catalogue (they carry a feed_id, migration 030) may share a
 * demo league's title; the demo never stocks nor weights them. Read through to_jsonb so the demo
 * also runs on a database without that column.
 */
const NOT_FEED = `to_jsonb(t) ->> 'feed_id' is null`;
/** Upcoming fixtures kept per league over the next days. */
const FIXTURES_PER_LEAGUE = 12;
const HORIZON_DAYS = 7;

/**
 * Loads the demo catalogue and players when the database is empty. Returns true when it did.
 * Under a lock: processes started together on an empty database seed once (the others wait, then
 * find it done).
 */
export async function seedDemo(db: Db, now: number): Promise<boolean> {
  return db.locked(LOCKS.demoSeed, () => seedDemoLocked(db, now));
}

async function seedDemoLocked(db: Db, now: number): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from sports');
  if (row && row.n > 0) {
    // A demo database from before the terminal existed gets it on its next start.
    await db.tx((q) => ensureDemoTerminal(q));
    return false;
  }
  await db.tx(async (q) => {
    let order = 0;
    for (const sport of DEMO_SPORTS) {
      await q.query('insert into sports (id, name, status, list_order, names) values ($1, $2, 1, $3, $4::jsonb)', [sport.id, sport.name, order++, JSON.stringify(DEMO_SPORT_NAMES[sport.id] ?? {})]);
      for (const country of sport.countries) {
        const [cat] = await q.query<{ id: number }>('insert into categories (sport_id, title, flag, names) values ($1, $2, $3, $4::jsonb) returning id',
          [sport.id, country.title, country.flag, JSON.stringify(DEMO_COUNTRY_NAMES[country.flag] ?? {})]);
        for (const [i, league] of country.leagues.entries()) {
          await q.query('insert into tournaments (sport_id, category_id, title, list_order, highlight) values ($1, $2, $3, $4, $5)', [sport.id, cat!.id, league.title, i, league.highlight ?? 0]);
          for (const team of league.teams) {
            await q.query('insert into teams (sport_id, name) select $1, $2 where not exists (select 1 from teams where sport_id = $1 and name = $2)', [sport.id, team]);
          }
        }
      }
    }
    for (const u of DEMO_USERS) {
      const passwordHash = await hash(u.password);
      const [user] = await q.query<{ id: number }>(
        'insert into users (username, password_hash, first_name, last_name, email) values ($1, $2, $3, $4, $5) returning id',
        [u.username, passwordHash, u.firstName, u.lastName, `${u.username}@example.com`],
      );
      await q.query('insert into wallets (user_id, currency, balance) values ($1, $2, 0)', [user!.id, 'TRY']);
      await postLedger(q, { userId: user!.id, amount: u.credit, kind: 'deposit', refType: 'demo', refId: null });
    }
    await ensureDemoTerminal(q);
  });
  await ensureUpcomingMatches(db, now);
  return true;
}

/** Adds the demo shop terminal (kiosk, type 'T', terminal T-001) to a demo database that lacks it. */
async function ensureDemoTerminal(q: Queryable): Promise<void> {
  const rows = await q.query<{ username: string }>('select username from users where username in ($1, $2)', ['demo', DEMO_TERMINAL.username]);
  if (!rows.some((r) => r.username === 'demo') || rows.some((r) => r.username === DEMO_TERMINAL.username)) return;
  const t = DEMO_TERMINAL;
  const [user] = await q.query<{ id: number }>(
    `insert into users (username, password_hash, first_name, last_name, email, user_type, terminal_no) values ($1, $2, $3, $4, $5, 'T', $6) returning id`,
    [t.username, await hash(t.password), t.firstName, t.lastName, `${t.username}@example.com`, t.terminalNo],
  );
  await q.query('insert into wallets (user_id, currency, balance) values ($1, $2, 0)', [user!.id, 'TRY']);
  await postLedger(q, { userId: user!.id, amount: t.credit, kind: 'deposit', refType: 'demo', refId: null });
}

/**
 * Keeps each league stocked with upcoming fixtures, so a long-running demo never runs dry; brings a
 * data folder from an older version up to date (highlights, richer markets, results). Idempotent:
 * it runs on every start and every hour.
 */
export async function ensureUpcomingMatches(db: Db, now: number): Promise<number> {
  // under a lock: two processes topping up together would add each league's fixtures twice
  return db.locked(LOCKS.upcoming, () => ensureUpcomingLocked(db, now));
}

async function ensureUpcomingLocked(db: Db, now: number): Promise<number> {
  await syncHighlights(db);
  const leagues = await db.query<{ id: number; sport_id: number; category_id: number; title: string; upcoming: number; last: Date | null }>(
    `select t.id, t.sport_id, t.category_id, t.title,
            (select count(*)::int from matches m where m.tournament_id = t.id and m.match_date > $1) as upcoming,
            (select max(m.match_date) from matches m where m.tournament_id = t.id) as last
       from tournaments t where ${NOT_FEED} order by t.id`,
    [new Date(now)],
  );
  const random = rng(Math.floor(now / DAY));
  let added = 0;
  await db.tx(async (q) => {
    for (const league of leagues) {
      // Leagues of other sources (the live feed's catalogue) are not stocked by the demo.
      if (!isDemoLeague(league.sport_id, league.title)) continue;
      const teams = await leagueTeams(q, league.sport_id, league.title);
      let at = Math.max(now + 20 * 60_000, league.last ? league.last.getTime() : 0);
      for (let n = league.upcoming; n < FIXTURES_PER_LEAGUE; n++) {
        at = nextKickoff(at, random, now);
        if (at > now + HORIZON_DAYS * DAY) break;
        const h = Math.floor(random() * teams.length);
        let a = Math.floor(random() * (teams.length - 1));
        if (a >= h) a++;
        await insertMatch(q, { sportId: league.sport_id, categoryId: league.category_id, tournamentId: league.id, homeId: teams[h]!, awayId: teams[a]!, date: at }, marketsOf(league.sport_id, random() * 2 - 1));
        added++;
      }
    }
  });
  await enrichUpcomingMarkets(db, now);
  await ensureDemoResults(db, now);
  return added;
}

/** True for a league of the demo catalogue. */
function isDemoLeague(sportId: number, title: string): boolean {
  return DEMO_SPORTS.some((s) => s.id === sportId && s.countries.some((c) => c.leagues.some((l) => l.title === title)));
}

async function leagueTeams(q: Queryable, sportId: number, leagueTitle: string): Promise<number[]> {
  const names = DEMO_SPORTS.find((s) => s.id === sportId)!.countries.flatMap((c) => c.leagues).find((l) => l.title === leagueTitle)!.teams;
  const rows = await q.query<{ id: number }>('select id from teams where sport_id = $1 and name = any($2::text[]) order by id', [sportId, names]);
  return rows.map((r) => r.id);
}

/** Next kick-off on a quarter hour, 1 to 14 hours later, between 10:00 and 23:00 UTC. */
function nextKickoff(after: number, random: () => number, now: number): number {
  let t = after + (1 + Math.floor(random() * 13)) * 3_600_000;
  t = Math.ceil(t / 900_000) * 900_000;
  const hour = new Date(t).getUTCHours();
  if (hour < 10) t += (10 - hour) * 3_600_000;
  if (hour >= 23) t += 11 * 3_600_000;
  return Math.max(t, now + 15 * 60_000);
}

interface Fixture { sportId: number; categoryId: number; tournamentId: number; homeId: number; awayId: number; date: number; status?: string }

/** Inserts a match and its markets in two statements (a football match has about 30 groups). */
async function insertMatch(q: Queryable, f: Fixture, markets: DemoMarket[]): Promise<number> {
  const ended = f.status === 'ended';
  const [m] = await q.query<{ id: number }>(
    `insert into matches (sport_id, category_id, tournament_id, home_id, away_id, match_date, status, bet_status)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [f.sportId, f.categoryId, f.tournamentId, f.homeId, f.awayId, new Date(f.date), f.status ?? 'not_started', ended ? 'stopped' : 'started'],
  );
  await insertMarkets(q, m!.id, markets, ended ? 0 : 1);
  return m!.id;
}

/** Adds the markets a match does not have yet (one statement); existing groups stay as they are. */
async function insertMarkets(q: Queryable, matchId: number, markets: DemoMarket[], active = 1): Promise<void> {
  if (!markets.length) return;
  await q.query(
    `with g as (
       insert into odds_groups (match_id, odds_type, special, active)
       select $1, x.t, x.s, $4 from json_to_recordset($2::json) as x(t int, s text)
       on conflict (match_id, odds_type, special) do nothing
       returning id, odds_type, special)
     insert into outcomes (group_id, outcome_id, odd)
     select g.id, x.o, x.odd from g join json_to_recordset($3::json) as x(t int, s text, o int, odd int) on x.t = g.odds_type and x.s = g.special`,
    [
      matchId,
      JSON.stringify(markets.map((k) => ({ t: k.oddsType, s: k.special }))),
      JSON.stringify(markets.flatMap((k) => k.outcomes.map(([o, odd]) => ({ t: k.oddsType, s: k.special, o, odd })))),
      active,
    ],
  );
}

/** League highlight weights from the catalogue, and their upcoming matches that have none yet. */
async function syncHighlights(db: Db): Promise<void> {
  const weights = DEMO_SPORTS.flatMap((s) => s.countries.flatMap((c) => c.leagues.map((l) => ({ sport_id: s.id, title: l.title, w: l.highlight ?? 0 }))));
  await db.query(
    `update tournaments t set highlight = x.w from json_to_recordset($1::json) as x(sport_id int, title text, w int)
      where t.sport_id = x.sport_id and t.title = x.title and t.highlight <> x.w and ${NOT_FEED}`,
    [JSON.stringify(weights)],
  );
  await db.query(
    `update matches m set highlight = t.highlight from tournaments t
      where t.id = m.tournament_id and m.highlight = 0 and t.highlight > 0 and m.status = 'not_started'`,
  );
}

/**
 * Upcoming demo matches stored before the richer catalogue carry 3 groups: they get the other
 * markets, priced from the strength their stored home price implies, so old and new lines agree.
 */
async function enrichUpcomingMarkets(db: Db, now: number): Promise<number> {
  const titles = DEMO_SPORTS.flatMap((s) => s.countries.flatMap((c) => c.leagues.map((l) => l.title)));
  const rows = await db.query<{ id: number; sport_id: number; home_odd: number | null }>(
    `select m.id, m.sport_id,
            (select o.odd from odds_groups g join outcomes o on o.group_id = g.id
              where g.match_id = m.id and g.odds_type in (1, 186) and g.special = '' and o.outcome_id in (1, 4) limit 1) as home_odd
       from matches m join tournaments t on t.id = m.tournament_id
      where m.status = 'not_started' and m.match_date > $1 and t.title = any($2::text[]) and m.live_active = 0 and ${NOT_FEED}
        and (select count(*) from odds_groups g where g.match_id = m.id) <= 3`,
    [new Date(now), titles],
  );
  const todo = rows.filter((r) => r.home_odd);
  if (!todo.length) return 0;
  await db.tx(async (q) => {
    for (const r of todo) await insertMarkets(q, r.id, marketsOf(r.sport_id, strengthFromHomeOdd(r.sport_id, r.home_odd!)));
  });
  return todo.length;
}

/** Kick-off times (UTC hour, minute) of the demo's finished matches, yesterday and today. */
const RESULT_SLOTS: Array<[number, number]> = [[11, 0], [13, 30], [16, 0], [18, 30], [21, 0]];
/** A match is finished this long after kick-off (the live-match window, section 9). */
const FINISHED_AFTER_MS = 150 * 60_000;

/**
 * Finished demo matches with results for yesterday and today, so the Results screen has content:
 * one per league and slot that has passed, each slot filled once (idempotent).
 */
export async function ensureDemoResults(db: Db, now: number): Promise<number> {
  const yesterday = Math.floor(now / DAY) * DAY - DAY;
  const slotsOf = (leagueId: number) => [yesterday, yesterday + DAY].flatMap((day) =>
    RESULT_SLOTS.map(([h, m]) => day + h * 3_600_000 + m * 60_000 + (leagueId % 4) * 15 * 60_000))
    .filter((t) => t <= now - FINISHED_AFTER_MS);
  const leagues = await db.query<{ id: number; sport_id: number; category_id: number; title: string }>(`select id, sport_id, category_id, title from tournaments t where ${NOT_FEED} order by id`);
  const demoLeagues = leagues.filter((l) => isDemoLeague(l.sport_id, l.title));
  const taken = await db.query<{ tournament_id: number; match_date: Date }>(
    'select tournament_id, match_date from matches where match_date >= $1 and match_date < $2',
    [new Date(yesterday), new Date(now)],
  );
  const used = new Set(taken.map((t) => `${t.tournament_id}@${t.match_date.getTime()}`));
  let added = 0;
  await db.tx(async (q) => {
    for (const league of demoLeagues) {
      const teams = await leagueTeams(q, league.sport_id, league.title);
      for (const at of slotsOf(league.id)) {
        if (used.has(`${league.id}@${at}`)) continue;
        const random = rng(at / 60_000 + league.id);
        const h = Math.floor(random() * teams.length);
        let a = Math.floor(random() * (teams.length - 1));
        if (a >= h) a++;
        const strength = random() * 2 - 1;
        const id = await insertMatch(q, { sportId: league.sport_id, categoryId: league.category_id, tournamentId: league.id, homeId: teams[h]!, awayId: teams[a]!, date: at, status: 'ended' }, []);
        await saveMatchResult(q, { matchId: id, status: 'ended', ...sampleResult(league.sport_id, strength, random) }, at + FINISHED_AFTER_MS);
        added++;
      }
    }
  });
  return added;
}
