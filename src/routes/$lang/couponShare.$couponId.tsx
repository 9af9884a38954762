import { createFileRoute } from '@tanstack/react-router';
import { CouponSharePage } from '../../features/coupons/CouponSharePage.tsx';

/** couponShare/{couponId}?userId= : public, no login (section 2). */
export const Route = createFileRoute('/$lang/couponShare/$couponId')({
  validateSearch: (s: Record<string, unknown>): { userId: number } => ({ userId: Number(s.userId) || 0 }),
  component: function CouponShareRoute() {
    const { lang, couponId } = Route.useParams();
    const { userId } = Route.useSearch();
    return <CouponSharePage lang={lang} id={Number(couponId) || 0} userId={userId} />;
  },
});
