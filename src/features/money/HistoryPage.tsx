import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HistoryPage as Page } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useLoad } from '../../ui/use-load.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { showNotice } from '../../state/ui.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { LEDGER_KIND, LEDGER_OTHER, LEDGER_PRODUCT } from '../../ui/ledger-text.ts';

const DAY_CHOICES = [1, 7, 30, 90];

/** Transactions (kind 'transactions') or transfer requests ('requests'): filters, 50 a page. */
export function HistoryPage({ kind }: { kind: 'transactions' | 'requests' }) {
  const { t } = useLingui();
  const [days, setDays] = useState(7);
  const [type, setType] = useState<'' | 'a' | 'e'>('');
  const [service, setService] = useState<'' | 1 | 4 | 5>('');
  const [status, setStatus] = useState<'' | 0 | 1 | 2>('');
  const [page, setPage] = useState(0);
  const fetch = useCallback((): Promise<Page | null> => (kind === 'transactions'
    ? core.transactions({ days, type, service, page })
    : core.transferRequests({ days, status, page })), [kind, days, type, service, status, page]);
  const { load, retry } = useLoad(fetch);
  const [cancelAsk, setCancelAsk] = useState<{ id: number; amountText: string; withdrawal: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmCancel = async () => {
    if (!cancelAsk) return;
    setBusy(true);
    const r = await core.cancelTransferRequest(cancelAsk.id);
    setBusy(false);
    setCancelAsk(null);
    showNotice(r.ok ? { status: 1, key: '', text: t`Your request was canceled.` } : { status: 2, key: r.key ?? '', text: r.text || t`Your request could not be canceled.` });
    retry();
  };
  const statusText = (s: number | undefined) => (s === 1 ? t`Confirmed` : s === 2 ? t`Canceled` : t`Waiting`);

  return (
    <div className="acc-page">
      <PageHeader title={kind === 'transactions' ? t`Transactions` : t`Transfer requests`} />
      <div className="hist-filters">
        <select className="input" aria-label={t`Period`} value={days} onChange={(e) => { setDays(Number(e.target.value)); setPage(0); }}>
          {DAY_CHOICES.map((d) => <option key={d} value={d}>{d === 1 ? t`Today` : t`Last ${d} days`}</option>)}
        </select>
        {kind === 'transactions' ? (
          <>
            <select className="input" aria-label={t`Type`} value={type} onChange={(e) => { setType(e.target.value as '' | 'a' | 'e'); setPage(0); }}>
              <option value="">{t`All`}</option><option value="a">{t`Income`}</option><option value="e">{t`Expense`}</option>
            </select>
            <select className="input" aria-label={t`Service`} value={service} onChange={(e) => { setService(e.target.value === '' ? '' : (Number(e.target.value) as 1 | 4 | 5)); setPage(0); }}>
              <option value="">{t`All`}</option><option value="1">{t`Sport`}</option><option value="4">{t`Live`}</option><option value="5">{t`Slots`}</option>
            </select>
          </>
        ) : (
          <select className="input" aria-label={t`Status`} value={status} onChange={(e) => { setStatus(e.target.value === '' ? '' : (Number(e.target.value) as 0 | 1 | 2)); setPage(0); }}>
            <option value="">{t`All`}</option><option value="0">{t`Waiting`}</option><option value="1">{t`Confirmed`}</option><option value="2">{t`Canceled`}</option>
          </select>
        )}
      </div>
      {load.state === 'loading' && <div className="skeleton" style={{ height: 300 }} />}
      {(load.state === 'error' || (load.state === 'ready' && !load.data)) && (
        <div className="state"><p><Trans>Could not load the list.</Trans></p><button type="button" className="btn" onClick={retry}><Trans>Try again</Trans></button></div>
      )}
      {load.state === 'ready' && load.data && (load.data.rows.length === 0 ? (
        <div className="state" data-testid="history-empty"><h2><Trans>No movements</Trans></h2><p><Trans>Try a longer period.</Trans></p></div>
      ) : (
        <>
          <ul className="hist-list" data-testid="history-list">
            {load.data.rows.map((r) => (
              <li key={r.id}>
                <div>
                  {r.ledger ? (
                    <>
                      <strong data-testid="ledger-kind">{t(LEDGER_KIND[r.ledger.kind] ?? LEDGER_OTHER)}</strong>
                      <small data-testid="ledger-product">
                        {t(LEDGER_PRODUCT[r.ledger.product] ?? LEDGER_OTHER)}
                        {r.ledger.ticketId ? <> · {t`Coupon #${r.ledger.ticketId}`}</> : null}
                      </small>
                    </>
                  ) : <><strong>{r.title}</strong><small>{r.detail}</small></>}
                  <small>{r.date}</small>
                </div>
                <div className="hist-amount">
                  <span className={r.income ? 'up' : 'down'}>{r.income ? '+' : '−'}{r.amountText}</span>
                  {r.status !== undefined && <small className="hist-status" data-status={r.status}>{statusText(r.status)}</small>}
                  {r.note ? <small>{r.note}</small> : null}
                  {r.cancelable && (
                    <button type="button" className="btn btn-small" onClick={() => setCancelAsk({ id: r.id, amountText: r.amountText, withdrawal: !r.income })} data-testid="request-cancel">
                      <Trans>Cancel request</Trans>
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {load.data.pages > 1 && (
            <div className="hist-pager">
              <button type="button" className="btn btn-small" disabled={page === 0} onClick={() => setPage(page - 1)}><Trans>Previous</Trans></button>
              <span>{page + 1} / {load.data.pages}</span>
              <button type="button" className="btn btn-small" disabled={page + 1 >= load.data.pages} onClick={() => setPage(page + 1)}><Trans>Next</Trans></button>
            </div>
          )}
        </>
      ))}
      {cancelAsk && (
        <Sheet title={t`Cancel the request?`} onClose={() => setCancelAsk(null)}>
          <p>
            {cancelAsk.withdrawal
              ? <Trans>Cancel this withdrawal request of {cancelAsk.amountText}? The amount goes back to your balance.</Trans>
              : <Trans>Cancel this deposit request of {cancelAsk.amountText}?</Trans>}
          </p>
          <div className="sheet-actions">
            <button type="button" className="btn" onClick={() => setCancelAsk(null)}><Trans>No, keep it</Trans></button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirmCancel()} data-testid="request-cancel-yes"><Trans>Yes, cancel</Trans></button>
          </div>
        </Sheet>
      )}
    </div>
  );
}
