import type { MatchListItem, Sport } from '../../../domain/protocol/entities.ts';
import { cachedCall } from '../cache/replies.ts';
import type { CoreContext } from '../context.ts';
import { matchRowView, type MatchRowView } from '../views.ts';

/** Home: sports with at most 5 upcoming matches each (section 2). */
export interface HomeView {
  sports: Array<Sport & { matches: MatchRowView[] }>;
  offline: boolean;
}

const HOME_PER_SPORT = 5;
/** Odds types of a list row: the match result of the sport (3-way or 2-way). */
const LIST_ODDS = [1, 186];

/** Pre-match browsing calls, answered from IndexedDB when offline. */
export function createSportsApi(ctx: CoreContext) {
  return {
    async home(): Promise<HomeView> {
      const now = ctx.clock();
      const [sports, matches] = await Promise.all([
        cachedCall<{ results: Sport[] }>(ctx.db, ctx.call, 'sports', {}, now),
        cachedCall<{ data: { results: MatchListItem[] } }>(ctx.db, ctx.call, 'matches', { odds: LIST_ODDS, limit: 300 }, now),
      ]);
      const bySport = new Map<number, MatchRowView[]>();
      for (const m of matches.reply.data?.results ?? []) {
        const list = bySport.get(m.sportId) ?? [];
        if (list.length >= HOME_PER_SPORT) continue;
        ctx.shown.set(m.id, m);
        list.push(matchRowView(m));
        bySport.set(m.sportId, list);
      }
      return {
        sports: (sports.reply.results ?? []).filter((s) => bySport.has(s.id)).map((s) => ({ ...s, matches: bySport.get(s.id)! })),
        offline: sports.offline || matches.offline,
      };
    },
  };
}
