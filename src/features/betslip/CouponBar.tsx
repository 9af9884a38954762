import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSlip } from '../../state/slip.ts';
import { useSession } from '../../state/session.ts';
import { formatMoney } from '../../ui/format.ts';

/** The coupon bar above the tab bar whenever the slip is not empty: count, total odds, max payout. */
export function CouponBar({ lang }: { lang: string }) {
  const { view } = useSlip();
  const { user } = useSession();
  const { t } = useLingui();
  if (!view || view.entries.length === 0) return null;
  const s = view.summary;
  const symbol = user?.currencySymbol ?? 'TL';
  const count = view.entries.length;
  return (
    <div className="coupon-bar">
      <Link to="/$lang/betslip" params={{ lang }} className="coupon-bar-inner" data-testid="coupon-bar" aria-label={t`Open the slip: ${count} selections`}>
        <span className="count">{count}</span>
        <span className="figures">
          <small><Trans>Total odds</Trans></small>
          <strong>{s.totalOddsText}</strong>
        </span>
        <span className="figures">
          <small><Trans>Max payout</Trans></small>
          <strong>{formatMoney(s.maxPayout, symbol, lang)}</strong>
        </span>
        <span className="go"><Trans>Bet slip</Trans> ›</span>
      </Link>
    </div>
  );
}
