import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { PromotionsPage } from '../../features/content/PromotionsPage.tsx';

/** Promotions: open; the detail is in the hash. */
export const Route = createFileRoute('/$lang/promotions')({
  beforeLoad: ({ params, location }) => guardRoute('promotions', params.lang, location.href),
  component: function PromotionsRoute() {
    return <PromotionsPage />;
  },
});
