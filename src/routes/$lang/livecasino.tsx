import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { CasinoPage } from '../../features/casino/CasinoPage.tsx';
import { LOBBY_QUERY, numberQuery } from '../../features/casino/query.ts';

/** Live casino: needs casinoUser; query mainServiceId (provider), masterServiceId and serviceId (both: the game opens at once). */
export const Route = createFileRoute('/$lang/livecasino')({
  validateSearch: (s: Record<string, unknown>) => numberQuery(s, LOBBY_QUERY),
  beforeLoad: ({ params, location }) => guardRoute('livecasino', params.lang, location.href),
  component: function CasinoRoute() {
    const { lang } = Route.useParams();
    return <CasinoPage key="livecasino" lang={lang} product="livecasino" query={Route.useSearch()} />;
  },
});
