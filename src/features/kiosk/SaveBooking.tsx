import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BookingSaved, RetailFailure } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { QrCode } from './QrCode.tsx';
import './booking.css';

/**
 * "Save booking code" on the phone's slip: the slip as it stands is saved under a short
 * code shown with its QR and expiry; at a shop's kiosk or counter the code (typed or scanned) loads
 * the slip at the current odds and the customer pays there.
 */
export function SaveBooking() {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<BookingSaved | RetailFailure | null>(null);
  const save = async () => {
    setBusy(true);
    try { setSaved(await core.saveBooking()); } catch { setSaved({ ok: false, key: 'network', text: t`No connection. Try again.` }); } finally { setBusy(false); }
  };
  return (
    <>
      <button type="button" className="btn btn-ghost booking-btn" onClick={() => void save()} disabled={busy} data-testid="save-booking">
        <Trans>Save booking code</Trans>
      </button>
      {saved && (
        <Sheet title={t`Booking code`} onClose={() => setSaved(null)}>
          {saved.ok ? (
            <div className="booking-saved" data-testid="booking-saved">
              <p className="sheet-hint"><Trans>Show this code at a shop terminal or counter to bet this slip there. The odds are those of the moment you load it.</Trans></p>
              <QrCode value={saved.code} label={t`Booking code ${saved.codeText}`} />
              <b className="booking-code" dir="ltr" data-testid="booking-code">{saved.codeText}</b>
              <span><Trans>Valid until {saved.expiresText}</Trans></span>
            </div>
          ) : <p className="booking-error" role="alert" data-testid="booking-error">{saved.text || t`Add selections and a stake first.`}</p>}
          <div className="sheet-actions">
            <button type="button" className="btn btn-primary" onClick={() => setSaved(null)}><Trans>Done</Trans></button>
          </div>
        </Sheet>
      )}
    </>
  );
}
