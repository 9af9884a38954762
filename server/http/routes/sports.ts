import type { FastifyInstance } from 'fastify';
import { matchesPayload, oddsPayload, sportsPayload } from '../../../domain/protocol/calls.ts';
import { listMatches, listSports, matchWithOdds } from '../../db/queries/matches.ts';
import { CallError, defineCall, type CallDeps } from '../call.ts';

const ms = (iso: string | undefined) => (iso ? Date.parse(iso) : undefined);

export function registerSportsCalls(app: FastifyInstance, deps: CallDeps): void {
  defineCall(app, deps, 'sports', sportsPayload, async (p, ctx) => ({
    status: true,
    results: await listSports(ctx.db, ctx.now, ms(p.endDate)),
  }));

  const matches = (highlights: boolean) => defineCall(app, deps, highlights ? 'highlights' : 'matches', matchesPayload, async (p, ctx) => {
    const { results, totalRows } = await listMatches(ctx.db, {
      sportId: p.sportId, categoryId: p.categoryId, tournamentId: p.tournamentId, keyWord: p.keyWord?.trim() || undefined,
      oddsTypes: p.odds, start: ms(p.startDate), end: ms(p.endDate),
      limit: highlights ? Math.min(p.limit ?? 10, 10) : p.limit, offset: p.order,
    }, ctx.now);
    // The spec's 'no result' text when empty; the list stays empty and counts 0.
    return { status: true, data: { results, totalRows }, ...(results.length ? {} : { msg: 'no result' }) };
  });
  matches(false);
  matches(true);

  defineCall(app, deps, 'odds', oddsPayload, async (p, ctx) => {
    const match = await matchWithOdds(ctx.db, p.matchId);
    if (!match) throw new CallError(404, 'matchNotFound');
    const { odds, ...rest } = match;
    return { status: true, match: rest, results: odds };
  });
}
