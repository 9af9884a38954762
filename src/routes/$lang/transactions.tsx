import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { HistoryPage } from '../../features/money/HistoryPage.tsx';

/** Transactions: login. */
export const Route = createFileRoute('/$lang/transactions')({
  beforeLoad: ({ params, location }) => guardRoute('transactions', params.lang, location.href),
  component: function TransactionsRoute() {
    return <HistoryPage kind="transactions" />;
  },
});
