import { createFileRoute } from '@tanstack/react-router';
import { LiveBets } from '../../features/live/LiveBets.tsx';

const num = (v: unknown): number => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** LiveBets: /{lang}/livebets?sid=&favorites= (section 2). */
export const Route = createFileRoute('/$lang/livebets')({
  validateSearch: (s: Record<string, unknown>): { sid?: number; favorites?: number } => ({
    ...(num(s.sid) ? { sid: num(s.sid) } : {}),
    ...(s.favorites === 1 || s.favorites === '1' || s.favorites === true || s.favorites === 'true' ? { favorites: 1 } : {}),
  }),
  component: function LiveBetsRoute() {
    const { lang } = Route.useParams();
    const { sid, favorites } = Route.useSearch();
    return <LiveBets lang={lang} sid={sid ?? 0} favorites={favorites === 1} />;
  },
});
