import { createFileRoute, redirect } from '@tanstack/react-router';
import { core } from '../../core-client.ts';
import { CouponsPage } from '../../features/coupons/CouponsPage.tsx';
import { askFirstCouponList } from '../../features/coupons/first-coupon-list.ts';

/** Coupons need login: a visitor goes to Home (section 2); offline, the kept history is shown. */
export const Route = createFileRoute('/$lang/coupons')({
  // The first page's list is asked for beside the session's calls (the list is the page's largest paint).
  staticData: { atStart: askFirstCouponList },
  beforeLoad: async ({ params, preload }) => {
    if (!preload) askFirstCouponList();
    if ((await core.couponsAccess()) === 'none') throw redirect({ to: '/$lang', params: { lang: params.lang } });
  },
  component: function CouponsRoute() {
    const { lang } = Route.useParams();
    return <CouponsPage lang={lang} />;
  },
});
