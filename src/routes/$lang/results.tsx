import { createFileRoute } from '@tanstack/react-router';
import { ResultsPage } from '../../features/results/ResultsPage.tsx';

export const Route = createFileRoute('/$lang/results')({
  component: function ResultsRoute() {
    const { lang } = Route.useParams();
    return <ResultsPage lang={lang} />;
  },
});
