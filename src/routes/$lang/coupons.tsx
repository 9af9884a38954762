import { createFileRoute, redirect } from '@tanstack/react-router';
import { core } from '../../core-client.ts';
import { CouponsPage } from '../../features/coupons/CouponsPage.tsx';

/** Coupons need login: a visitor goes to Home (section 2); offline, the kept history is shown. */
export const Route = createFileRoute('/$lang/coupons')({
  beforeLoad: async ({ params }) => {
    if ((await core.couponsAccess()) === 'none') throw redirect({ to: '/$lang', params: { lang: params.lang } });
  },
  component: function CouponsRoute() {
    const { lang } = Route.useParams();
    return <CouponsPage lang={lang} />;
  },
});
