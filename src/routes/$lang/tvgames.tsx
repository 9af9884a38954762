import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { CasinoPage } from '../../features/casino/CasinoPage.tsx';
import { LOBBY_QUERY, numberQuery } from '../../features/casino/query.ts';

/** TV games: needs tvgamesUser; the live casino's layout with its own games. */
export const Route = createFileRoute('/$lang/tvgames')({
  validateSearch: (s: Record<string, unknown>) => numberQuery(s, LOBBY_QUERY),
  beforeLoad: ({ params, location }) => guardRoute('tvgames', params.lang, location.href),
  component: function CasinoRoute() {
    const { lang } = Route.useParams();
    return <CasinoPage key="tvgames" lang={lang} product="tvgames" query={Route.useSearch()} />;
  },
});
