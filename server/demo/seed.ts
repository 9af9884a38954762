import { hash } from '@node-rs/argon2';
import type { Db, Queryable } from '../db/client.ts';
import { postLedger } from '../wallet/ledger.ts';
import { DEMO_SPORTS, DEMO_USERS, DRAW_SPORTS } from './catalogue.ts';
import { footballProb, normalCdf, priceOf, SPORT_MODEL } from './pricing.ts';

/** A small deterministic PRNG (mulberry32) so the demo is the same on every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
/** Upcoming fixtures kept per league over the next days. */
const FIXTURES_PER_LEAGUE = 12;
const HORIZON_DAYS = 7;

/** Loads the demo catalogue and players when the database is empty. Returns true when it did. */
export async function seedDemo(db: Db, now: number): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from sports');
  if (row && row.n > 0) return false;
  await db.tx(async (q) => {
    let order = 0;
    for (const sport of DEMO_SPORTS) {
      await q.query('insert into sports (id, name, status, list_order) values ($1, $2, 1, $3)', [sport.id, sport.name, order++]);
      for (const country of sport.countries) {
        const [cat] = await q.query<{ id: number }>('insert into categories (sport_id, title, flag) values ($1, $2, $3) returning id', [sport.id, country.title, country.flag]);
        for (const [i, league] of country.leagues.entries()) {
          await q.query('insert into tournaments (sport_id, category_id, title, list_order) values ($1, $2, $3, $4)', [sport.id, cat!.id, league.title, i]);
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
  });
  await ensureUpcomingMatches(db, now);
  return true;
}

/** Keeps each league stocked with upcoming fixtures, so a long-running demo never runs dry. */
export async function ensureUpcomingMatches(db: Db, now: number): Promise<number> {
  const leagues = await db.query<{ id: number; sport_id: number; category_id: number; title: string; upcoming: number; last: Date | null }>(
    `select t.id, t.sport_id, t.category_id, t.title,
            (select count(*)::int from matches m where m.tournament_id = t.id and m.match_date > $1) as upcoming,
            (select max(m.match_date) from matches m where m.tournament_id = t.id) as last
       from tournaments t order by t.id`,
    [new Date(now)],
  );
  const random = rng(Math.floor(now / DAY));
  let added = 0;
  await db.tx(async (q) => {
    for (const league of leagues) {
      const teams = await leagueTeams(q, league.sport_id, league.title);
      let at = Math.max(now + 20 * 60_000, league.last ? league.last.getTime() : 0);
      for (let n = league.upcoming; n < FIXTURES_PER_LEAGUE; n++) {
        at = nextKickoff(at, random, now);
        if (at > now + HORIZON_DAYS * DAY) break;
        const h = Math.floor(random() * teams.length);
        let a = Math.floor(random() * (teams.length - 1));
        if (a >= h) a++;
        await insertMatch(q, { sportId: league.sport_id, categoryId: league.category_id, tournamentId: league.id, homeId: teams[h]!, awayId: teams[a]!, date: at }, random);
        added++;
      }
    }
  });
  return added;
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

interface Fixture { sportId: number; categoryId: number; tournamentId: number; homeId: number; awayId: number; date: number }
type Market = { oddsType: number; special: string; outcomes: Array<[number, number]> };

async function insertMatch(q: Queryable, f: Fixture, random: () => number): Promise<void> {
  const [m] = await q.query<{ id: number }>(
    `insert into matches (sport_id, category_id, tournament_id, home_id, away_id, match_date)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [f.sportId, f.categoryId, f.tournamentId, f.homeId, f.awayId, new Date(f.date)],
  );
  for (const market of marketsFor(f.sportId, random)) {
    const [g] = await q.query<{ id: number }>('insert into odds_groups (match_id, odds_type, special) values ($1, $2, $3) returning id', [m!.id, market.oddsType, market.special]);
    await q.query(
      `insert into outcomes (group_id, outcome_id, odd)
       select $1, x.outcome_id, x.odd from json_to_recordset($2::json) as x(outcome_id int, odd int)`,
      [g!.id, JSON.stringify(market.outcomes.map(([outcome_id, odd]) => ({ outcome_id, odd })))],
    );
  }
}

/** The main markets of a demo match: match result (1 or 186), handicap (14 or 16), total (18). */
export function marketsFor(sportId: number, random: () => number): Market[] {
  const strength = random() * 2 - 1; // home minus away, -1..1
  if (sportId === 1) {
    const lh = 1.45 + 0.55 * strength;
    const la = 1.15 - 0.45 * strength;
    const p = (pred: (h: number, a: number) => boolean) => priceOf(footballProb(lh, la, pred));
    const line = lh + la > 2.9 ? 3.5 : 2.5;
    const giveHome = strength >= 0;
    return [
      { oddsType: 1, special: '', outcomes: [[1, p((h, a) => h > a)], [2, p((h, a) => h === a)], [3, p((h, a) => h < a)]] },
      giveHome
        ? { oddsType: 14, special: '0:1', outcomes: [[1, p((h, a) => h - a > 1)], [2, p((h, a) => h - a === 1)], [3, p((h, a) => h - a < 1)]] }
        : { oddsType: 14, special: '1:0', outcomes: [[1, p((h, a) => a - h < 1)], [2, p((h, a) => a - h === 1)], [3, p((h, a) => a - h > 1)]] },
      { oddsType: 18, special: String(line), outcomes: [[12, p((h, a) => h + a > line)], [13, p((h, a) => h + a < line)]] },
    ];
  }
  const model = SPORT_MODEL[sportId]!;
  const mu = model.homeAdv + strength * model.diffSd;
  const pHomeBy = (x: number) => 1 - normalCdf((x - mu) / model.diffSd); // P(diff > x)
  const spread = Math.round(mu) + 0.5; // home line: home score - spread
  const total = Math.round(model.total + (random() - 0.5) * model.totalSd) + 0.5;
  const pOver = 1 - normalCdf((total - model.total) / model.totalSd);
  const result: Market = DRAW_SPORTS.has(sportId)
    ? { oddsType: 1, special: '', outcomes: [[1, priceOf(pHomeBy(0.5))], [2, priceOf(pHomeBy(-0.5) - pHomeBy(0.5))], [3, priceOf(1 - pHomeBy(-0.5))]] }
    : { oddsType: 186, special: '', outcomes: [[4, priceOf(pHomeBy(0))], [5, priceOf(1 - pHomeBy(0))]] };
  return [
    result,
    { oddsType: 16, special: String(-spread), outcomes: [[4, priceOf(pHomeBy(spread))], [5, priceOf(1 - pHomeBy(spread))]] },
    { oddsType: 18, special: String(total), outcomes: [[12, priceOf(pOver)], [13, priceOf(1 - pOver)]] },
  ];
}
