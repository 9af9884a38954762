/**
 * The live calls of betting-core.md section 7 (liveMatches, liveoddsnew, liveLookup, tv, tvList),
 * answered from the same LiveState that feeds /ws/feed and prices live coupons, so HTTP and the
 * socket never disagree.
 */
import type { FastifyInstance } from 'fastify';
import {
  liveLookupPayload, liveMatchesPayload, liveNamesPayload, liveOddsPayload, tvPayload, emptyPayload, type LiveNamesReply,
} from '../../../domain/protocol/calls.ts';
import type { LiveMatch } from '../../../domain/protocol/feed.ts';
import type { LiveState } from '../../feed/live-state.ts';
import { CallError, defineCall, type CallDeps } from '../call.ts';
import { SITE_SETTINGS } from '../../settings/site-settings.ts';
import { liveLeagueRank, marketSettings, oddTypeName, oddTypeOf, outcomeNameIn } from '../../catalogue/markets.ts';
import { named } from '../../catalogue/match-queries.ts';

/** Sports whose live matches the simulator 'streams' (the TV list); a real provider gives its own. */
const TV_SPORTS = new Set([1, 3, 5]);

const withoutOdds = ({ odds, ...m }: LiveMatch) => ({ ...m, oddsCount: odds.reduce((n, g) => n + g.outcomes.length, 0) });

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
    return { status: true, data: { matches: page, sports, totalRows: list.length } };
  });

  defineCall(app, deps, 'liveoddsnew', liveOddsPayload, async (p, ctx) => {
    const m = live.getMatch(p.matchid);
    if (m) {
      const { odds, ...match } = m;
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
  defineCall(app, deps, 'liveNames', liveNamesPayload, async (p, ctx): Promise<LiveNamesReply> => {
    const lang = ctx.lang;
    const rows = async (table: string, column: string, ids: readonly number[]) => (ids.length
      ? Object.fromEntries((await ctx.db.query<{ id: number; name: string }>(
        `select x.id, ${named('x', column, '$2')} as name from ${table} x where x.id = any($1::int[])`, [ids, lang])).map((r) => [r.id, r.name]))
      : {});
    await marketSettings(ctx.db);
    const types = Object.fromEntries(p.types.flatMap((t) => {
      const def = oddTypeOf(t);
      if (!def) return [];
      const outcomes = Object.fromEntries(Object.keys(def.outcomes).map((o) => [o, outcomeNameIn(t, Number(o), lang)]));
      return [[String(t), { name: oddTypeName(t, lang), outcomes }]];
    }));
    return {
      status: true, teams: await rows('teams', 'name', p.teams), categories: await rows('categories', 'title', p.categories),
      tournaments: await rows('tournaments', 'title', p.tournaments), types,
    };
  });

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
