import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { AffiliatePage } from '../../features/affiliate/AffiliatePage.tsx';

/** The affiliate manager: login, online user, the site's affiliate feature. */
export const Route = createFileRoute('/$lang/affiliate')({
  beforeLoad: ({ params, location }) => guardRoute('affiliate', params.lang, location.href),
  component: function AffiliateRoute() {
    const { lang } = Route.useParams();
    return <AffiliatePage lang={lang} />;
  },
});
