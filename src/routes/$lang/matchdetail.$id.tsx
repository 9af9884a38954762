import { createFileRoute } from '@tanstack/react-router';
import { MatchDetail } from '../../features/match/MatchDetail.tsx';
import { LiveMatchDetail } from '../../features/live/LiveMatchDetail.tsx';

/** MatchDetail: /{lang}/matchdetail/{id}?ttype=N (pre-match; L is the live engineer's header). */
export const Route = createFileRoute('/$lang/matchdetail/$id')({
  validateSearch: (s: Record<string, unknown>): { ttype: 'N' | 'L'; sid?: number; tid?: number; cid?: number } => ({
    ttype: s.ttype === 'L' ? 'L' : 'N',
    ...(Number(s.sid) > 0 ? { sid: Number(s.sid) } : {}),
    ...(Number(s.tid) > 0 ? { tid: Number(s.tid) } : {}),
    ...(Number(s.cid) > 0 ? { cid: Number(s.cid) } : {}),
  }),
  component: function MatchDetailRoute() {
    const { lang, id } = Route.useParams();
    const n = Number(id);
    if (Route.useSearch().ttype === 'L') return <LiveMatchDetail key={id} lang={lang} matchId={Number.isInteger(n) && n > 0 ? n : 0} />;
    return <MatchDetail key={id} lang={lang} matchId={Number.isInteger(n) && n > 0 ? n : 0} />;
  },
});
