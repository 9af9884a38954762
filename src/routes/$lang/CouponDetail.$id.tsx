import { createFileRoute, redirect } from '@tanstack/react-router';
import { core } from '../../core-client.ts';
import { CouponDetailPage } from '../../features/coupons/CouponDetailPage.tsx';

/** CouponDetail/{id} needs login (section 2); offline, the kept detail is shown. */
export const Route = createFileRoute('/$lang/CouponDetail/$id')({
  beforeLoad: async ({ params }) => {
    if ((await core.couponsAccess()) === 'none') throw redirect({ to: '/$lang', params: { lang: params.lang } });
  },
  component: function CouponDetailRoute() {
    const { lang, id } = Route.useParams();
    const n = Number(id);
    return <CouponDetailPage key={id} lang={lang} id={Number.isSafeInteger(n) && n > 0 ? n : 0} />;
  },
});
