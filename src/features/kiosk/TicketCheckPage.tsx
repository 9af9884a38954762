import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RetailFailure, TicketView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { CodeEntry } from './CodeEntry.tsx';
import { TicketCard } from './TicketCard.tsx';
import './kiosk.css';

/** The public ticket check: a shop player types or scans the ticket code, no login; status and payout only. */
export function TicketCheckPage() {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TicketView | RetailFailure | null>(null);
  const check = async (code: string) => {
    setBusy(true);
    try { setResult(await core.ticketCheck(code)); } catch { setResult({ ok: false, key: 'network', text: t`No connection. Try again.` }); } finally { setBusy(false); }
  };
  return (
    <div className="acc-page">
      <PageHeader title={t`Ticket check`} />
      <div className="ticket-check">
        <p><Trans>Enter the code printed under the barcode of your shop ticket, or scan it.</Trans></p>
        <CodeEntry camera title={t`Ticket code`} onSubmit={(c) => void check(c)} busy={busy} testId="ticket-check" />
        {result && (result.ok ? <TicketCard ticket={result} /> : <p className="kiosk-msg bad" role="alert" data-testid="ticket-error">{result.text}</p>)}
      </div>
    </div>
  );
}
