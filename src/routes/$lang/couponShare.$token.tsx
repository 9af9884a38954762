import { createFileRoute } from '@tanstack/react-router';
import { CouponSharePage } from '../../features/coupons/CouponSharePage.tsx';

/** couponShare/{token}: public, no login; the random token alone names the coupon (section 2). */
export const Route = createFileRoute('/$lang/couponShare/$token')({
  component: function CouponShareRoute() {
    const { lang, token } = Route.useParams();
    return <CouponSharePage lang={lang} token={token} />;
  },
});
