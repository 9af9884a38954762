/**
 * Trading in the back office: pre-match fixtures made by hand, markets opened from the
 * odd-type catalogue with prices, price changes, suspensions of a market or a whole match, and a
 * per-match stake limit. The database is the truth placement reads (create-coupon.ts), so a change
 * is refused or honoured by the next coupon at once; each action writes its audit row and its wire
 * changes (feed-outbox.ts) in the same transaction, so open apps follow it on the feed's path.
 * Only pre-match rows are traded: a live-feed match (live_active = 1) belongs to the feed.
 */
import type { Db, Queryable, TxQueryable } from '../db/client.ts';
import { writeAudit } from '../backoffice/audit.ts';
import { CallError } from '../core/call.ts';
import { matchWithOdds, likePattern } from '../catalogue/match-queries.ts';
import { MARKETS, marketOf } from '../../domain/market/catalogue.ts';
import { marketsChange, statusChange, type FeedChange } from '../../domain/protocol/feed.ts';
import type { OddsGroup } from '../../domain/protocol/entities.ts';
import type {
  BoTradingCatalogueReply, TradingFixture, TradingMarket,
} from '../../domain/trading/calls.ts';
import type { BoContext } from '../backoffice/guard.ts';
import { queueFeedChanges } from './feed-outbox.ts';

interface FixtureRow {
  id: number; sport_id: number; sport_name: string; tournament_id: number; tournament_name: string; category_name: string;
  home: string; away: string; match_date: Date; status: string; bet_status: string; manual: boolean; stake_limit: string | number; markets: number;
}

const FIXTURE_SELECT = `
  select m.id, m.sport_id, s.name as sport_name, m.tournament_id, t.title as tournament_name, c.title as category_name,
         h.name as home, a.name as away, m.match_date, m.status, m.bet_status, m.manual, m.stake_limit,
         (select count(*)::int from odds_groups g where g.match_id = m.id) as markets
    from matches m join sports s on s.id = m.sport_id join tournaments t on t.id = m.tournament_id
    join categories c on c.id = m.category_id join teams h on h.id = m.home_id join teams a on a.id = m.away_id`;

const toFixture = (r: FixtureRow): TradingFixture => ({
  id: r.id, sportId: r.sport_id, sportName: r.sport_name, tournamentId: r.tournament_id, tournamentName: r.tournament_name,
  categoryName: r.category_name, homeTeam: r.home, awayTeam: r.away, matchDate: new Date(r.match_date).toISOString(),
  status: r.status, betStatus: r.bet_status, manual: r.manual, stakeLimit: Number(r.stake_limit), markets: r.markets,
});

/** Pre-match fixtures from a day ago on (not the feed's live rows), earliest first. */
export async function listFixtures(q: Queryable, p: { order: number; limit: number; search?: string | undefined; manual?: boolean | undefined }, now: number): Promise<{ totalCount: number; results: TradingFixture[] }> {
  const args: unknown[] = [new Date(now - 86_400_000)];
  const where = ['m.live_active = 0', 'm.match_date > $1'];
  if (p.search) { args.push(likePattern(p.search)); where.push(`m.search_text ilike $${args.length}`); }
  if (p.manual !== undefined) { args.push(p.manual); where.push(`m.manual = $${args.length}`); }
  const cond = where.join(' and ');
  const [n] = await q.query<{ n: number }>(`select count(*)::int as n from matches m where ${cond}`, args);
  const rows = await q.query<FixtureRow>(`${FIXTURE_SELECT} where ${cond} order by m.manual desc, m.match_date, m.id limit ${p.limit} offset ${p.order * p.limit}`, args);
  return { totalCount: n?.n ?? 0, results: rows.map(toFixture) };
}

/** A traded fixture, or the not-found refusal (a live-feed match is not traded here). */
async function fixtureRow(q: Queryable, matchId: number, lock = false): Promise<FixtureRow> {
  const [r] = await q.query<FixtureRow>(`${FIXTURE_SELECT} where m.id = $1 and m.live_active = 0${lock ? ' for update of m' : ''}`, [matchId]);
  if (!r) throw new CallError(404, 'matchNotFound');
  return r;
}

/** The fixture with its markets as the trading screen shows them. */
export async function fixtureDetail(q: Queryable, matchId: number): Promise<{ fixture: TradingFixture; markets: TradingMarket[] }> {
  const fixture = toFixture(await fixtureRow(q, matchId));
  const groups = await q.query<{ id: number; odds_type: number; special: string; active: number }>(
    'select id, odds_type, special, active from odds_groups where match_id = $1 order by odds_type, special, id', [matchId]);
  const outcomes = await q.query<{ id: number; group_id: number; outcome_id: number; odd: number; active: number }>(
    'select o.id, o.group_id, o.outcome_id, o.odd, o.active from outcomes o join odds_groups g on g.id = o.group_id where g.match_id = $1 order by o.group_id, o.outcome_id', [matchId]);
  const markets = groups.map((g): TradingMarket => {
    const def = marketOf(g.odds_type);
    return {
      oddsId: g.id, oddsType: g.odds_type, name: def?.name ?? String(g.odds_type), special: g.special, active: g.active,
      outcomes: outcomes.filter((o) => o.group_id === g.id).map((o) => ({
        oddId: o.id, outcomeId: o.outcome_id, name: def?.outcomes.find((x) => x.id === o.outcome_id)?.name ?? String(o.outcome_id), odd: o.odd, active: o.active,
      })),
    };
  });
  return { fixture, markets };
}

/** What a fixture can be built from: sports, leagues, teams (of one sport when asked) and the odd types. */
export async function tradingCatalogue(q: Queryable, sportId: number | undefined): Promise<Omit<BoTradingCatalogueReply, 'status'>> {
  // Leagues and teams of the operator's catalogue; the live feed's own ones (feed_id) are the feed's.
  const cond = ['x.feed_id is null', ...(sportId === undefined ? [] : ['x.sport_id = $1'])].join(' and ');
  const args = sportId === undefined ? [] : [sportId];
  const sports = await q.query<{ id: number; name: string }>('select id, name from sports where status = 1 order by list_order, id');
  const tournaments = await q.query<{ id: number; sport_id: number; name: string; category_name: string }>(
    `select x.id, x.sport_id, x.title as name, c.title as category_name from tournaments x join categories c on c.id = x.category_id where ${cond} order by c.title, x.title limit 2000`, args);
  const teams = await q.query<{ id: number; sport_id: number; name: string }>(`select x.id, x.sport_id, x.name from teams x where ${cond} order by x.name limit 5000`, args);
  return {
    sports,
    tournaments: tournaments.map((t) => ({ id: t.id, sportId: t.sport_id, name: t.name, categoryName: t.category_name })),
    teams: teams.map((t) => ({ id: t.id, sportId: t.sport_id, name: t.name })),
    oddTypes: MARKETS.map((m) => ({ oddsType: m.oddsType, name: m.name, hasSpecial: m.hasSpecial, outcomes: m.outcomes.map((o) => ({ id: o.id, name: o.name })) })),
  };
}

/**
 * The wire changes that bring open apps in line with a fixture's stored markets: the groups
 * (all, or the ones named) with each outcome active only when the match, its market and the
 * outcome all take bets, and the match's bet status.
 */
async function fixtureChanges(q: Queryable, matchId: number, groupIds?: readonly number[]): Promise<FeedChange[]> {
  const m = await matchWithOdds(q, matchId);
  if (!m) return [];
  const open = m.betstatus === 'started';
  const groups: OddsGroup[] = m.odds.filter((g) => !groupIds || groupIds.includes(g.oddsid)).map((g) => ({
    ...g,
    active: open ? g.active : 0,
    iss: open ? g.iss : 1,
    outcomes: g.outcomes.map((o) => ({ ...o, active: open && g.active ? o.active : 0 })),
  }));
  return [statusChange(matchId, m.matchstatus, m.betstatus, 0, 0), ...(groups.length ? [marketsChange(matchId, groups)] : [])];
}

/** Runs one trading action: its writes, its audit row and its wire changes in one transaction. */
async function trade<T>(ctx: BoContext, matchId: number, action: string, fn: (q: TxQueryable, before: FixtureRow) => Promise<{ before: unknown; after: unknown; groups?: number[]; result: T }>): Promise<T> {
  return ctx.db.tx(async (q) => {
    const before = await fixtureRow(q, matchId, true);
    if (before.status !== 'not_started') throw new CallError(422, 'matchStarted');
    const r = await fn(q, before);
    await ctx.audit(q, { action, objectType: 'match', objectId: matchId, before: r.before, after: r.after });
    await queueFeedChanges(q, await fixtureChanges(q, matchId, r.groups));
    return r.result;
  });
}

/** Creates a pre-match fixture by hand: the league's sport, two different teams of that sport, a date to come. */
export async function createFixture(ctx: BoContext, p: { tournamentId: number; homeTeamId: number; awayTeamId: number; matchDate: string; stakeLimit: number }): Promise<number> {
  const at = Date.parse(p.matchDate);
  if (!(at > ctx.now)) throw new CallError(422, 'badRequest', { field: 'matchDate' });
  return ctx.db.tx(async (q) => {
    const [t] = await q.query<{ sport_id: number; category_id: number }>('select sport_id, category_id from tournaments where id = $1', [p.tournamentId]);
    if (!t) throw new CallError(422, 'badRequest', { field: 'tournamentId' });
    const teams = await q.query<{ id: number; sport_id: number }>('select id, sport_id from teams where id in ($1, $2)', [p.homeTeamId, p.awayTeamId]);
    for (const [field, teamId] of [['homeTeamId', p.homeTeamId], ['awayTeamId', p.awayTeamId]] as const) {
      if (teams.find((x) => x.id === teamId)?.sport_id !== t.sport_id) throw new CallError(422, 'badRequest', { field });
    }
    const [m] = await q.query<{ id: number }>(
      `insert into matches (sport_id, category_id, tournament_id, home_id, away_id, match_date, status, bet_status, active, live_active, manual, stake_limit)
       values ($1, $2, $3, $4, $5, $6, 'not_started', 'started', 1, 0, true, $7) returning id`,
      [t.sport_id, t.category_id, p.tournamentId, p.homeTeamId, p.awayTeamId, new Date(at), p.stakeLimit]);
    await ctx.audit(q, { action: 'fixture.create', objectType: 'match', objectId: m!.id, after: { ...p, sportId: t.sport_id } });
    return m!.id;
  });
}

/** Opens a catalogue market on a fixture with a price for every outcome of its type. */
export async function openMarket(ctx: BoContext, p: { matchId: number; oddsType: number; special: string; outcomes: Array<{ outcomeId: number; odd: number }> }): Promise<number> {
  const def = marketOf(p.oddsType);
  if (!def) throw new CallError(422, 'badRequest', { field: 'oddsType' });
  if (def.hasSpecial !== (p.special !== '')) throw new CallError(422, 'badRequest', { field: 'special' });
  const want = def.outcomes.map((o) => o.id).sort((a, b) => a - b).join();
  if (p.outcomes.map((o) => o.outcomeId).sort((a, b) => a - b).join() !== want) throw new CallError(422, 'badRequest', { field: 'outcomes' });
  return trade(ctx, p.matchId, 'market.open', async (q) => {
    const [g] = await q.query<{ id: number }>(
      `insert into odds_groups (match_id, odds_type, special, active) values ($1, $2, $3, 1) on conflict (match_id, odds_type, special) do nothing returning id`,
      [p.matchId, p.oddsType, p.special]);
    if (!g) throw new CallError(422, 'badRequest', { field: 'oddsType' });
    for (const o of p.outcomes) await q.query('insert into outcomes (group_id, outcome_id, odd, active) values ($1, $2, $3, 1)', [g.id, o.outcomeId, o.odd]);
    return { before: null, after: { oddsId: g.id, oddsType: p.oddsType, special: p.special, outcomes: p.outcomes }, groups: [g.id], result: g.id };
  });
}

/** A new price of one outcome of the fixture. */
export async function setPrice(ctx: BoContext, p: { matchId: number; oddId: number; odd: number }): Promise<void> {
  await trade(ctx, p.matchId, 'price.set', async (q) => {
    const [o] = await q.query<{ odd: number; group_id: number; outcome_id: number; odds_type: number; special: string }>(
      `select o.odd, o.group_id, o.outcome_id, g.odds_type, g.special from outcomes o join odds_groups g on g.id = o.group_id
        where o.id = $1 and g.match_id = $2 for update of o`, [p.oddId, p.matchId]);
    if (!o) throw new CallError(404, 'notFound');
    await q.query('update outcomes set odd = $2 where id = $1', [p.oddId, p.odd]);
    const key = { oddId: p.oddId, oddsType: o.odds_type, special: o.special, outcomeId: o.outcome_id };
    return { before: { ...key, odd: o.odd }, after: { ...key, odd: p.odd }, groups: [o.group_id], result: undefined };
  });
}

/** Suspends (0) or reopens (1) one market of the fixture. */
export async function setMarketStatus(ctx: BoContext, p: { matchId: number; oddsId: number; active: 0 | 1 }): Promise<void> {
  await trade(ctx, p.matchId, p.active ? 'market.reopen' : 'market.suspend', async (q) => {
    const [g] = await q.query<{ active: number; odds_type: number; special: string }>('select active, odds_type, special from odds_groups where id = $1 and match_id = $2 for update', [p.oddsId, p.matchId]);
    if (!g) throw new CallError(404, 'notFound');
    await q.query('update odds_groups set active = $2 where id = $1', [p.oddsId, p.active]);
    const key = { oddsId: p.oddsId, oddsType: g.odds_type, special: g.special };
    return { before: { ...key, active: g.active }, after: { ...key, active: p.active }, groups: [p.oddsId], result: undefined };
  });
}

/**
 * Suspends one pre-match market because its liability limit refused a coupon (liability-guard.ts,
 * setting liability_auto_suspend): its own transaction, audited as the system's action, and its
 * wire change queued like a trader's. A live match's markets are the feed's and are left alone.
 */
export async function suspendMarketAuto(db: Db, matchId: number, oddsType: number, special: string, now: number, why: { worst: number; limit: number }): Promise<boolean> {
  return db.tx(async (q) => {
    const [g] = await q.query<{ id: number; active: number }>(
      `select g.id, g.active from odds_groups g join matches m on m.id = g.match_id
        where g.match_id = $1 and g.odds_type = $2 and g.special = $3 and m.status = 'not_started' for update of g`, [matchId, oddsType, special]);
    if (!g || !g.active) return false;
    await q.query('update odds_groups set active = 0 where id = $1', [g.id]);
    const key = { oddsId: g.id, oddsType, special };
    await writeAudit(q, {
      actorId: null, role: 'system', action: 'market.autoSuspend', objectType: 'match', objectId: matchId,
      before: { ...key, active: 1 }, after: { ...key, active: 0, ...why }, address: 'liability', at: now,
    });
    await queueFeedChanges(q, await fixtureChanges(q, matchId, [g.id]));
    return true;
  });
}

/** Suspends a whole fixture (bets stopped) or reopens it. */
export async function setMatchOpen(ctx: BoContext, p: { matchId: number; open: boolean }): Promise<void> {
  await trade(ctx, p.matchId, p.open ? 'match.reopen' : 'match.suspend', async (q, before) => {
    const bs = p.open ? 'started' : 'stopped';
    await q.query('update matches set bet_status = $2 where id = $1', [p.matchId, bs]);
    return { before: { betStatus: before.bet_status }, after: { betStatus: bs }, result: undefined };
  });
}

/** The fixture's stake limit per tip and player (0: the site's default). */
export async function setStakeLimit(ctx: BoContext, p: { matchId: number; stakeLimit: number }): Promise<void> {
  await trade(ctx, p.matchId, 'match.stakeLimit', async (q, before) => {
    await q.query('update matches set stake_limit = $2 where id = $1', [p.matchId, p.stakeLimit]);
    return { before: { stakeLimit: Number(before.stake_limit) }, after: { stakeLimit: p.stakeLimit }, groups: [], result: undefined };
  });
}
