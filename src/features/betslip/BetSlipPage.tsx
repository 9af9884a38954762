import { useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { core } from '../../core-client.ts';
import { useSlip } from '../../state/slip.ts';
import { useSession } from '../../state/session.ts';
import { openLogin } from '../../state/ui.ts';
import { formatMoney } from '../../ui/format.ts';
import { BackIcon, TrashIcon, CloseIcon, LockIcon } from '../../ui/icons.tsx';
import { useLimitErrorText } from './limit-error-text.ts';
import { useMarketText } from '../sports/market-names.ts';

const QUICK_STAKES = ['5', '10', '20', '50'];

/** The full-screen slip: selections, stake, summary and the create button (header and footer hidden). */
export function BetSlipPage({ lang }: { lang: string }) {
  const { view } = useSlip();
  const { user } = useSession();
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  // The stake field shows what the player is typing, else the worker's stake.
  const [draft, setDraft] = useState<string | null>(null);
  const names = useMarketText();
  const limitText = useLimitErrorText(user?.currencySymbol ?? 'TL', lang);
  const back = () => (router.history.length > 1 ? router.history.back() : void navigate({ to: '/$lang', params: { lang } }));

  if (!view) return null;
  const s = view.summary;
  const symbol = user?.currencySymbol ?? 'TL';
  const money = (m: number) => formatMoney(m, symbol, lang);
  const setStake = (text: string, typing = false) => { setDraft(typing ? text : null); void core.setStakeText(text); };
  const create = async () => {
    const r = await core.createCoupon();
    if (r === 'needLogin') openLogin();
  };

  return (
    <div className="slip-page">
      <header className="slip-head">
        <button type="button" className="icon-btn" onClick={back} aria-label={t`Back`}><BackIcon /></button>
        <h1><Trans>Bet slip</Trans> {view.entries.length > 0 && <span className="badge">{view.entries.length}</span>}</h1>
        {view.entries.length > 0 && (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void core.clearSlip()}><TrashIcon width={18} height={18} /> <Trans>Delete all</Trans></button>
        )}
      </header>

      {view.entries.length === 0 ? (
        <div className="state">
          <h2><Trans>Your slip is empty</Trans></h2>
          <p><Trans>Tap an odd on any match to add it here.</Trans></p>
          {view.lastTicketId && <p data-testid="last-coupon"><Trans>Last coupon: #{view.lastTicketId}</Trans></p>}
          <button type="button" className="btn btn-primary" onClick={() => void navigate({ to: '/$lang', params: { lang } })}><Trans>Browse matches</Trans></button>
        </div>
      ) : (
        <>
          <ul className="slip-entries" aria-label={t`Selections`}>
            {view.entries.map((e) => (
              <li key={e.key} className="slip-entry" data-locked={e.selection.locked} data-testid="slip-entry">
                <div>
                  <div className="teams">{e.view.home} - {e.view.away}</div>
                  <div className="pick">{names.market(e.selection.oddsType, e.view.market)}: <strong>{names.pick(e.view.pick)}</strong>{e.selection.special ? ` (${e.selection.special})` : ''}</div>
                </div>
                <span className="price">{e.selection.locked ? <LockIcon width={16} height={16} aria-label={t`Locked`} /> : e.oddText}</span>
                <button type="button" className="icon-btn" onClick={() => void core.removeSelection(e.key)} aria-label={t`Remove ${e.view.home} - ${e.view.away}`}><CloseIcon width={18} height={18} /></button>
              </li>
            ))}
          </ul>

          <div className="slip-foot">
            <div className="quick-stakes" role="group" aria-label={t`Quick stakes`}>
              {QUICK_STAKES.map((q) => <button key={q} type="button" className="btn btn-small" onClick={() => setStake(q)}>{q}</button>)}
            </div>
            <div className="stake-row">
              <label htmlFor="stake"><Trans>Stake</Trans></label>
              <input id="stake" className="input" inputMode="decimal" autoComplete="off" maxLength={9} value={draft ?? view.stakeText}
                onChange={(e) => setStake(e.target.value.replace(/[^\d.,]/g, ''), true)} onBlur={() => setDraft(null)} data-testid="stake" />
              <span>{symbol}</span>
            </div>
            <dl className="summary" aria-live="polite">
              <dt><Trans>Coupon</Trans></dt><dd data-testid="coupon-type">{COUPON_TYPE[s.couponType] ? t(COUPON_TYPE[s.couponType]!) : '-'}</dd>
              <dt><Trans>Total odds</Trans></dt><dd data-testid="total-odds">{s.totalOddsText}</dd>
              <dt><Trans>Total stake</Trans></dt><dd>{money(s.totalAmount)}</dd>
              <dt><Trans>Max payout</Trans></dt><dd className="gain" data-testid="max-payout">{money(s.maxPayout)}</dd>
            </dl>
            {s.limitErrors.length > 0 && (
              <ul className="limit-errors" role="alert">{s.limitErrors.map((e, i) => <li key={i}>{limitText(e)}</li>)}</ul>
            )}
            <label className="check"><input type="checkbox" checked={view.oddChangeOk} onChange={(e) => void core.setOddChangeOk(e.target.checked)} /><Trans>Accept odds changes</Trans></label>
            <button type="button" className="btn btn-primary" style={{ minHeight: 52, fontSize: 17 }} disabled={!s.creatable || view.pending}
              onClick={() => void create()} data-testid="create-coupon">
              {view.pending ? <Trans>Please wait…</Trans> : <Trans>Place bet · {money(s.maxPayout)}</Trans>}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

const COUPON_TYPE: Record<string, MessageDescriptor> = { TK: msg`Single`, KK: msg`Combined`, CK: msg`Multiple`, SK: msg`System` };
