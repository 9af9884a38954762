import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { AffiliateBannerPage } from '../../features/affiliate/AffiliateBannerPage.tsx';

/** Affiliate banners with their code: same guard as the affiliate manager. */
export const Route = createFileRoute('/$lang/affiliateBanner')({
  beforeLoad: ({ params, location }) => guardRoute('affiliateBanner', params.lang, location.href),
  component: function AffiliateBannerRoute() {
    const { lang } = Route.useParams();
    return <AffiliateBannerPage lang={lang} />;
  },
});
