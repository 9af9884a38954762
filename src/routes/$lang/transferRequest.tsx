import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { HistoryPage } from '../../features/money/HistoryPage.tsx';

/** Transfer request history: money users. */
export const Route = createFileRoute('/$lang/transferRequest')({
  beforeLoad: ({ params, location }) => guardRoute('transferRequest', params.lang, location.href),
  component: function TransferrequestRoute() {
    return <HistoryPage kind="requests" />;
  },
});
