import { createFileRoute } from '@tanstack/react-router';
import { Home } from '../../features/sports/Home.tsx';

export const Route = createFileRoute('/$lang/')({
  component: function HomeRoute() {
    const { lang } = Route.useParams();
    return <Home lang={lang} />;
  },
});
