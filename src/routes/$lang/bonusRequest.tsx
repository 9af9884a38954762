import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { BonusRequestPage } from '../../features/content/BonusRequestPage.tsx';

/** Bonus request: login. */
export const Route = createFileRoute('/$lang/bonusRequest')({
  beforeLoad: ({ params, location }) => guardRoute('bonusRequest', params.lang, location.href),
  component: function BonusrequestRoute() {
    return <BonusRequestPage />;
  },
});
