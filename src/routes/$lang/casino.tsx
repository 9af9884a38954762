import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { CasinoPage } from '../../features/casino/CasinoPage.tsx';
import { LOBBY_QUERY, numberQuery } from '../../features/casino/query.ts';

/** Slots: needs slotUser; query serviceId, masterServiceId, gameId (with masterServiceId the game opens at once). */
export const Route = createFileRoute('/$lang/casino')({
  validateSearch: (s: Record<string, unknown>) => numberQuery(s, LOBBY_QUERY),
  beforeLoad: ({ params, location }) => guardRoute('casino', params.lang, location.href),
  component: function CasinoRoute() {
    const { lang } = Route.useParams();
    return <CasinoPage key="casino" lang={lang} product="casino" query={Route.useSearch()} />;
  },
});
