import type { FastifyInstance } from 'fastify';
import {
  categoriesPayload, matchesPayload, matchResultsPayload, oddsPayload, shortcodePayload, sportsPayload, tournamentPayload,
} from '../../../domain/protocol/calls.ts';
import { listCategories, listMatches, listSports, listTournaments, matchByShortCode, matchWithOdds } from '../../catalogue/match-queries.ts';
import { listResults, resultsWindow, RESULTS_PAGE } from '../../catalogue/result-queries.ts';
import { CallError, defineCall, type CallDeps } from '../call.ts';
import { compactMatches, keysOnce } from '../../../domain/protocol/compact-rows.ts';

/** Highlights limit (section 9). */
const HIGHLIGHTS_LIMIT = 10;

const ms = (iso: string | undefined) => (iso ? Date.parse(iso) : undefined);
const windowOf = (p: { startDate?: string | undefined; endDate?: string | undefined }) => ({ start: ms(p.startDate), end: ms(p.endDate) });

/** Pre-match browsing calls (betting-core.md section 7): sports tree, lists, one match, short code, results. */
export function registerSportsCalls(app: FastifyInstance, deps: CallDeps): void {
  defineCall(app, deps, 'sports', sportsPayload, async (p, ctx) => ({
    status: true,
    results: await listSports(ctx.db, windowOf(p), ctx.now, ctx.lang),
  }));

  defineCall(app, deps, 'categories', categoriesPayload, async (p, ctx) => ({
    status: true,
    results: await listCategories(ctx.db, p.sportId, windowOf(p), ctx.now, ctx.lang),
  }));

  defineCall(app, deps, 'tournament', tournamentPayload, async (p, ctx) => ({
    status: true,
    results: await listTournaments(ctx.db, { sportId: p.sportId, categoryId: p.categoryId }, windowOf(p), ctx.now, ctx.lang),
  }));

  const matches = (highlights: boolean) => defineCall(app, deps, highlights ? 'highlights' : 'matches', matchesPayload, async (p, ctx) => {
    const { results, totalRows } = await listMatches(ctx.db, {
      sportId: p.sportId, categoryId: p.categoryId, tournamentId: p.tournamentId, keyWord: p.keyWord?.trim() || undefined,
      oddsTypes: p.odds, lang: ctx.lang, ...windowOf(p),
      highlights: highlights || p.highList === 1,
      limit: highlights ? Math.min(p.limit ?? HIGHLIGHTS_LIMIT, HIGHLIGHTS_LIMIT) : p.limit, offset: p.order,
      perSport: highlights ? undefined : p.perSport,
    }, ctx.now);
    // The spec's 'no result' text when empty; the list stays empty and counts 0.
    const data = p.compact === 1 ? compactMatches({ results, totalRows }) : { results, totalRows };
    return { status: true, data, ...(results.length ? {} : { msg: 'no result' }) };
  });
  matches(false);
  matches(true);

  defineCall(app, deps, 'odds', oddsPayload, async (p, ctx) => {
    const match = await matchWithOdds(ctx.db, p.matchId, ctx.lang);
    if (!match) throw new CallError(404, 'matchNotFound');
    const { odds, ...rest } = match;
    return { status: true, match: rest, results: p.compact === 1 ? keysOnce(odds) : odds };
  });

  defineCall(app, deps, 'shortcode', shortcodePayload, async (p, ctx) => {
    // Section 5: the entered code is upper-cased; an unknown (or no longer listed) code is searchNotFound.
    const code = String(p.code).trim().toUpperCase();
    const match = await matchByShortCode(ctx.db, code, ctx.now, ctx.lang);
    if (!match) throw new CallError(404, 'searchNotFound', { code }, { code });
    return { status: true, results: [match] };
  });

  defineCall(app, deps, 'matchResults', matchResultsPayload, async (p, ctx) => {
    const def = resultsWindow(ctx.now);
    const { results, total } = await listResults(ctx.db, {
      start: ms(p.startDate) ?? def.start, end: ms(p.endDate) ?? def.end, sportId: p.sportId,
      limit: p.limit ?? RESULTS_PAGE, offset: p.order, lang: ctx.lang,
    });
    return { status: true, results, total };
  });
}
