import { createFileRoute } from '@tanstack/react-router';
import { OpenCasinoPage } from '../../features/casino/OpenCasinoPage.tsx';
import { numberQuery } from '../../features/casino/query.ts';

/** /opencasino?id&mid&lid&gid: opens the game at once (a visitor gets the login popup). */
export const Route = createFileRoute('/$lang/opencasino')({
  validateSearch: (s: Record<string, unknown>) => numberQuery(s, ['id', 'mid', 'lid', 'gid'] as const),
  component: function OpenCasinoRoute() {
    const { lang } = Route.useParams();
    return <OpenCasinoPage lang={lang} query={Route.useSearch()} />;
  },
});
