import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { BingoPage } from '../../features/casino/BingoPage.tsx';

/** Bingo: needs bingoUser; opened from the lobby, query open=live starts it. */
export const Route = createFileRoute('/$lang/bingo')({
  validateSearch: (s: Record<string, unknown>): { open?: 'live' } => (s.open === 'live' ? { open: 'live' } : {}),
  beforeLoad: ({ params, location }) => guardRoute('bingo', params.lang, location.href),
  component: function BingoRoute() {
    const { lang } = Route.useParams();
    return <BingoPage lang={lang} openLive={Route.useSearch().open === 'live'} />;
  },
});
