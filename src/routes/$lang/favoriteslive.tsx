import { createFileRoute } from '@tanstack/react-router';
import { LiveBets } from '../../features/live/LiveBets.tsx';

/** FavoritesLive: the favourite live matches (LiveBets with the favourites filter on). */
export const Route = createFileRoute('/$lang/favoriteslive')({
  component: function FavoritesLiveRoute() {
    const { lang } = Route.useParams();
    return <LiveBets lang={lang} sid={0} favorites />;
  },
});
