import { createFileRoute } from '@tanstack/react-router';
import { Home } from '../../features/home/Home.tsx';

/** The catch-all shows Home (section 2). */
export const Route = createFileRoute('/$lang/$')({
  component: function CatchAll() {
    const { lang } = Route.useParams();
    return <Home lang={lang} />;
  },
});
