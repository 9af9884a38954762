import { createFileRoute } from '@tanstack/react-router';
import { UpHigh } from '../../features/sports/UpHigh.tsx';

/** UpHigh: act 1 highlights, act 2 upcoming. */
export const Route = createFileRoute('/$lang/uphigh')({
  validateSearch: (s: Record<string, unknown>): { act: 1 | 2; sid?: number } => ({
    act: Number(s.act) === 2 ? 2 : 1,
    ...(Number.isInteger(Number(s.sid)) && Number(s.sid) > 0 ? { sid: Number(s.sid) } : {}),
  }),
  component: function UpHighRoute() {
    const { lang } = Route.useParams();
    const { act, sid } = Route.useSearch();
    return <UpHigh key={act} lang={lang} act={act} sid={sid ?? 0} />;
  },
});
