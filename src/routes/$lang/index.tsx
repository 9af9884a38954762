import { createFileRoute } from '@tanstack/react-router';
import { Home } from '../../features/home/Home.tsx';

export const Route = createFileRoute('/$lang/')({
  component: function HomeRoute() {
    const { lang } = Route.useParams();
    return <Home lang={lang} />;
  },
});
