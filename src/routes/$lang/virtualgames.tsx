import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { CasinoPage } from '../../features/casino/CasinoPage.tsx';
import { LOBBY_QUERY, numberQuery } from '../../features/casino/query.ts';

/** Virtual games: needs virtualUser; service chips, client-side title search, the game grid. */
export const Route = createFileRoute('/$lang/virtualgames')({
  validateSearch: (s: Record<string, unknown>) => numberQuery(s, LOBBY_QUERY),
  beforeLoad: ({ params, location }) => guardRoute('virtualgames', params.lang, location.href),
  component: function CasinoRoute() {
    const { lang } = Route.useParams();
    return <CasinoPage key="virtualgames" lang={lang} product="virtualgames" query={Route.useSearch()} />;
  },
});
