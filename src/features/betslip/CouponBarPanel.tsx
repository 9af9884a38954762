import { SlipEntryList } from './SlipEntryList.tsx';
import { SlipStake } from './SlipStake.tsx';
import { useCreateCoupon } from './use-create-coupon.ts';

/** The coupon bar's expanded selections and stake with the create button (a lazy chunk of CouponBar). */
export default function CouponBarPanel({ lang }: { lang: string }) {
  // After success the full-screen slip shows the coupon and its re-create, share and quit.
  const create = useCreateCoupon(lang, { toSlipOnSuccess: true });
  return (
    <>
      <SlipEntryList compact />
      <SlipStake lang={lang} compact onCreate={() => void create()} />
    </>
  );
}
