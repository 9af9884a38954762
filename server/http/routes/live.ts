/**
 * The live calls of betting-core.md section 7 (liveMatches, liveoddsnew, liveLookup, tv, tvList),
 * answered from the same LiveState that feeds /ws/feed and prices live coupons, so HTTP and the
 * socket never disagree.
 */
import type { FastifyInstance } from 'fastify';
import {
  liveLookupPayload, liveMatchesPayload, liveNamesPayload, liveOddsPayload, tvPayload, emptyPayload, type LiveNamesPayload, type LiveNamesReply,
} from '../../../domain/protocol/calls.ts';
import type { LiveMatch } from '../../../domain/protocol/feed.ts';
import type { LiveState } from '../../feed/live-state.ts';
import { CallError, defineCall, type CallDeps } from '../call.ts';
import { SITE_SETTINGS } from '../../settings/site-settings.ts';
import { liveLeagueRank, marketSettings, oddTypeName, oddTypeOf, outcomeNameIn } from '../../catalogue/markets.ts';
import { named } from '../../catalogue/match-queries.ts';
import { marketOf } from '../../../domain/market/catalogue.ts';

/** Sports whose live matches the simulator 'streams' (the TV list); a real provider gives its own. */
const TV_SPORTS = new Set([1, 3, 5]);

const withoutOdds = ({ odds, ...m }: LiveMatch) => ({ ...m, oddsCount: odds.reduce((n, g) => n + g.outcomes.length, 0) });

type Names = Omit<LiveNamesReply, 'status'>;

/** Names in a language of teams, countries, leagues (catalogue rows) and a feed's market types (the operator's and the provider's types). */
async function namesIn(db: CallDeps['db'], lang: string, ids: Omit<LiveNamesPayload, 'lang'>): Promise<Names> {
  const rows = async (table: string, column: string, list: readonly number[]) => (list.length
    ? Object.fromEntries((await db.query<{ id: number; name: string }>(
      `select x.id, ${named('x', column, '$2')} as name from ${table} x where x.id = any($1::int[])`, [list, lang])).map((r) => [r.id, r.name]))
    : {});
  await marketSettings(db);
  const types = Object.fromEntries(ids.types.flatMap((t) => {
    const def = oddTypeOf(t);
    if (!def) return [];
    const outcomes = Object.fromEntries(Object.keys(def.outcomes).map((o) => [o, outcomeNameIn(t, Number(o), lang)]));
    return [[String(t), { name: oddTypeName(t, lang), outcomes }]];
  }));
  return {
    teams: await rows('teams', 'name', ids.teams), categories: await rows('categories', 'title', ids.categories),
    tournaments: await rows('tournaments', 'title', ids.tournaments), types,
  };
}

/**
 * Live matches as the HTTP calls answer them, named in the player's language (the live state holds
 * the feed's one language): teams, country, league, and the market types the built-in catalogue
 * does not name with their outcomes.
 */
async function namedMatches(db: CallDeps['db'], lang: string, matches: readonly LiveMatch[]): Promise<LiveMatch[]> {
  if (!matches.length) return [];
  const types = [...new Set(matches.flatMap((m) => m.odds.map((g) => g.oddstype)))].filter((t) => !marketOf(t));
  const n = await namesIn(db, lang, {
    teams: [...new Set(matches.flatMap((m) => [m.hid, m.aid]))], categories: [...new Set(matches.map((m) => m.cid))],
    tournaments: [...new Set(matches.map((m) => m.tid))], types,
  });
  return matches.map((m) => ({
    ...m, h: n.teams[m.hid] || m.h, a: n.teams[m.aid] || m.a, cn: n.categories[m.cid] || m.cn, tn: n.tournaments[m.tid] || m.tn,
    odds: m.odds.map((g) => {
      const t = n.types[g.oddstype];
      if (!t) return g;
      return { ...g, typeName: t.name || g.typeName, nicename: t.name || g.nicename,
        outcomes: g.outcomes.map((o) => ({ ...o, outcome: t.outcomes[String(o.outcomeid)] || o.outcome })) };
    }),
  }));
}

export function registerLiveCalls(app: FastifyInstance, deps: CallDeps, live: LiveState): void {
  // Sport names in the player's language (back office, English then the stored name as the fallback).
  const sportNames = async (db: CallDeps['db'], lang: string) =>
    new Map((await db.query<{ id: number; name: string }>(
      `select s.id, ${named('s', 'name', '$1')} as name from sports s`, [lang])).map((s) => [s.id, s.name]));

  defineCall(app, deps, 'liveMatches', liveMatchesPayload, async (p, ctx) => {
    const all = live.listMatches();
    const names = await sportNames(ctx.db, ctx.lang);
    await marketSettings(ctx.db);
    const counts = new Map<number, number>();
    for (const m of all) counts.set(m.sid, (counts.get(m.sid) ?? 0) + 1);
    const sports = [...counts].sort((a, b) => a[0] - b[0])
      .map(([sportId, liveCount]) => ({ sportId, sportName: names.get(sportId) ?? String(sportId), liveCount, inPlay: liveCount }));
    const kw = p.keyWord?.trim().toLocaleLowerCase('tr');
    const types = p.odds?.length ? new Set(p.odds) : null;
    const list = all
      .filter((m) => !p.sportId || m.sid === p.sportId)
      .filter((m) => !kw || kw.length < 3 || `${m.h} ${m.a} ${m.tn} ${m.cn}`.toLocaleLowerCase('tr').includes(kw))
      // The operator's football league order first (back office, empty by default), then by start.
      .sort((a, b) => liveLeagueRank(a.sid, a.tid) - liveLeagueRank(b.sid, b.tid) || a.d - b.d || a.id - b.id);
    const page = list.slice(p.order ?? 0, (p.order ?? 0) + (p.limit ?? 1000))
      .map((m) => (types ? { ...m, odds: m.odds.filter((g) => types.has(g.oddstype)) } : m));
    return { status: true, data: { matches: await namedMatches(ctx.db, ctx.lang, page), sports, totalRows: list.length } };
  });

  defineCall(app, deps, 'liveoddsnew', liveOddsPayload, async (p, ctx) => {
    const held = live.getMatch(p.matchid);
    if (held) {
      const [m] = await namedMatches(ctx.db, ctx.lang, [held]);
      const { odds, ...match } = m!;
      return { status: true, match, odds };
    }
    // No longer live: the catalogue still knows the teams, for the match-closed message.
    const [row] = await ctx.db.query<{ h: string; a: string; status: string }>(
      `select h.name as h, a.name as a, m.status from matches m join teams h on h.id = m.home_id join teams a on a.id = m.away_id where m.id = $1`,
      [p.matchid],
    );
    throw new CallError(404, 'matchNotFound', {}, row ? { match: { id: p.matchid, h: row.h, a: row.a, ms: row.status }, odds: [] } : {});
  });

  // Names in the player's language of what live frames name in the feed's one language (the worker asks once per id).
  defineCall(app, deps, 'liveNames', liveNamesPayload, async (p, ctx): Promise<LiveNamesReply> => ({ status: true, ...(await namesIn(ctx.db, ctx.lang, p)) }));

  defineCall(app, deps, 'liveLookup', liveLookupPayload, async (p) => {
    const matches = p.favorites.map((id) => live.getMatch(id)).filter((m): m is LiveMatch => !!m).map(withoutOdds);
    return { status: true, matches };
  });

  const tvIds = () => live.snapshot().filter((m) => TV_SPORTS.has(m.sid)).map((m) => m.id);

  defineCall(app, deps, 'tvList', emptyPayload, async () => ({ status: true, data: { matchIds: tvIds() } }));

  // The stream needs login (auth), the tv_access setting and the match in the TV list (section 2).
  // url: the operator's player (tv_link); empty means the app shows its own placeholder.
  defineCall(app, deps, 'tv', tvPayload, async (p) => {
    if (SITE_SETTINGS.tv_access !== 1) throw new CallError(403, 'tvNoAccess');
    const ids = tvIds();
    if (!ids.includes(p.matchId)) throw new CallError(404, 'tvNotListed');
    return { status: true, videoId: `live-${p.matchId}`, url: SITE_SETTINGS.tv_link, data: { matchIds: ids } };
  }, { auth: true });
}
