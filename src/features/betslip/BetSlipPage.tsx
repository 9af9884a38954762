import { useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useSlip } from '../../state/slip.ts';
import { useSession } from '../../state/session.ts';
import { formatMoney } from '../../ui/format.ts';
import { BackIcon, TrashIcon } from '../../ui/icons.tsx';
import { SlipEntryList } from './SlipEntryList.tsx';
import { SlipStake } from './SlipStake.tsx';
import { SystemSheet } from './SystemSheet.tsx';
import { SuccessPanel } from './SuccessPanel.tsx';
import { OddsNews } from './OddsNews.tsx';
import { useCreateCoupon } from './use-create-coupon.ts';
import { SaveBooking } from '../kiosk/index.ts';

/** The full-screen slip: selections, system, stake, summary and the create button (header and footer hidden). */
export function BetSlipPage({ lang }: { lang: string }) {
  const { view } = useSlip();
  const { user } = useSession();
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const [systemOpen, setSystemOpen] = useState(false);
  const create = useCreateCoupon(lang);
  const back = () => (router.history.length > 1 ? router.history.back() : void navigate({ to: '/$lang', params: { lang } }));

  if (!view) {
    return <div className="slip-page" aria-busy="true"><div className="slip-head" /><div className="skeleton" style={{ height: 120, margin: 12 }} /></div>;
  }
  const count = view.entries.length;
  const chosen = view.systemOptions.filter((o) => o.selected).map((o) => o.label).join(', ');

  return (
    <div className="slip-page">
      <header className="slip-head">
        <button type="button" className="icon-btn" onClick={back} aria-label={t`Back`}><BackIcon /></button>
        <h1><Trans>Bet slip</Trans> {count > 0 && <span className="badge" data-testid="slip-count">{count}</span>}</h1>
        {user && <span className="slip-balance" data-testid="slip-balance"><small><Trans>Balance</Trans></small>{formatMoney(user.credit, user.currencySymbol, lang)}</span>}
        {count > 0 && (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void core.clearSlip()} data-testid="delete-all"><TrashIcon width={18} height={18} /> <Trans>Delete all</Trans></button>
        )}
      </header>
      <OddsNews />

      {count === 0 ? (
        view.lastCoupon ? <SuccessPanel lang={lang} /> : (
          <div className="state">
            <h2><Trans>Your slip is empty</Trans></h2>
            <p><Trans>Tap an odd on any match to add it here.</Trans></p>
            <button type="button" className="btn btn-primary" onClick={() => void navigate({ to: '/$lang', params: { lang } })}><Trans>Browse matches</Trans></button>
          </div>
        )
      ) : (
        <>
          {view.systemOptions.length > 0 && (
            <div className="system-bar">
              <button type="button" className="btn system-btn" aria-haspopup="dialog" onClick={() => setSystemOpen(true)} data-testid="system-open">
                <span><Trans>System</Trans></span>
                <strong data-testid="system-chosen">{chosen || t`Choose`}</strong>
              </button>
              {chosen && <span className="system-hint"><Trans>Tap B to make a selection a banker.</Trans></span>}
            </div>
          )}
          <SlipEntryList />
          <div className="slip-foot">
            <SlipStake lang={lang} onCreate={() => void create()} />
            {user?.userType !== 'T' && <SaveBooking />}
          </div>
        </>
      )}
      {systemOpen && <SystemSheet onClose={() => setSystemOpen(false)} />}
    </div>
  );
}
