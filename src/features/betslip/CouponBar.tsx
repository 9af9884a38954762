import { lazy, Suspense, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSlip } from '../../state/slip.ts';
import { useSession } from '../../state/session.ts';
import { formatMoney } from '../../ui/format.ts';
import { OddsNews } from './OddsNews.tsx';

// The expanded panel (selections, stake, create) comes when first opened, not with every page's
// first load.
const CouponBarPanel = lazy(() => import('./CouponBarPanel.tsx'));

const Chevron = ({ up }: { up: boolean }) => (
  <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.4} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={up ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} />
  </svg>
);

/**
 * The coupon bar above the tab bar whenever the slip is not empty (section 2): count, total odds and
 * max payout; expanded, the selections, balance, stake and the create button, as in the apps players know.
 */
export function CouponBar({ lang }: { lang: string }) {
  const { view } = useSlip();
  const { user } = useSession();
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (!view || view.entries.length === 0) return null;
  const s = view.summary;
  const symbol = user?.currencySymbol ?? 'TL';
  const count = view.entries.length;
  return (
    <div className="coupon-bar" data-open={open} onKeyDown={(e) => { if (e.key === 'Escape' && open) setOpen(false); }}>
      <OddsNews />
      {open && <Suspense fallback={null}><CouponBarPanel lang={lang} /></Suspense>}
      <div className="coupon-bar-inner">
        <Link to="/$lang/betslip" params={{ lang }} className="coupon-bar-link" data-testid="coupon-bar" aria-label={t`Open the slip: ${count} selections`}>
          <span className="count">{count}</span>
          <span className="figures">
            <small><Trans>Total odds</Trans></small>
            <strong>{s.totalOddsText}</strong>
          </span>
          <span className="figures">
            <small><Trans>Max payout</Trans></small>
            <strong>{formatMoney(s.maxPayout, symbol, lang)}</strong>
          </span>
        </Link>
        <button type="button" className="coupon-bar-toggle" aria-expanded={open} aria-controls="coupon-bar-panel" onClick={() => setOpen(!open)}
          aria-label={open ? t`Collapse the slip` : t`Expand the slip`} data-testid="coupon-bar-toggle">
          <Chevron up={!open} />
        </button>
      </div>
    </div>
  );
}
