import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../state/session.ts';
import { formatMoney } from '../../ui/format.ts';
import { SlipEntryList } from './SlipEntryList.tsx';
import { SlipStake } from './SlipStake.tsx';
import { useCreateCoupon } from './use-create-coupon.ts';

/**
 * The coupon bar's expanded panel: balance, selections, stake and the create button. A lazy chunk
 * of CouponBar, drawn whole once loaded (never a panel without its selections).
 */
export default function CouponBarPanel({ lang }: { lang: string }) {
  const { user } = useSession();
  const { t } = useLingui();
  // After success the full-screen slip shows the coupon and its re-create, share and quit.
  const create = useCreateCoupon(lang, { toSlipOnSuccess: true });
  const symbol = user?.currencySymbol ?? 'TL';
  return (
    <div className="coupon-bar-panel" id="coupon-bar-panel" role="region" aria-label={t`Bet slip`} data-testid="coupon-bar-panel">
      {user && (
        <div className="bar-balance"><span><Trans>Balance</Trans></span><strong data-testid="bar-balance">{formatMoney(user.credit, symbol, lang)}</strong></div>
      )}
      <SlipEntryList compact />
      <SlipStake lang={lang} compact onCreate={() => void create()} />
    </div>
  );
}
