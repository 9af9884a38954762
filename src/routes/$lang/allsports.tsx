import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { AllSports } from '../../features/sports/AllSports.tsx';

const num = (v: unknown): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** AllSports; query sid, cid, tid open the tree and scroll to it, goto scrolls to an element; then the query is cleared. */
export const Route = createFileRoute('/$lang/allsports')({
  validateSearch: (s: Record<string, unknown>): { sid?: number; cid?: number; tid?: number; goto?: string; type?: string } => ({
    ...(num(s.sid) !== undefined ? { sid: num(s.sid) } : {}),
    ...(num(s.cid) ? { cid: num(s.cid) } : {}),
    ...(num(s.tid) ? { tid: num(s.tid) } : {}),
    ...(typeof s.goto === 'string' && /^[\w-]{1,60}$/.test(s.goto) ? { goto: s.goto } : {}),
    ...(typeof s.type === 'string' ? { type: s.type } : {}),
  }),
  component: function AllSportsRoute() {
    const { lang } = Route.useParams();
    const query = Route.useSearch();
    const navigate = Route.useNavigate();
    const done = useCallback(() => { void navigate({ search: {}, replace: true }); }, [navigate]);
    return <AllSports lang={lang} query={query} onQueryDone={done} />;
  },
});
