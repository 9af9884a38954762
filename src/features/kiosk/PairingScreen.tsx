import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { CodeEntry } from './CodeEntry.tsx';
import './kiosk.css';

/**
 * A kiosk without a session: the pairing code a dealer reads from the back office is entered once
 * on the on-screen keys, and the kiosk becomes that terminal (no keyboard, no password).
 */
export function PairingScreen() {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pair = async (code: string) => {
    setBusy(true);
    setError('');
    try {
      const r = await core.pairTerminal(code);
      if (!r.ok) setError(r.text);
    } catch {
      setError(t`No connection. Try again.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="kiosk-page kiosk-pairing" data-testid="kiosk-pairing">
      <h1><Trans>Set up this terminal</Trans></h1>
      <p><Trans>In the back office, open Shop terminals, choose this terminal and press Pairing code. Enter the code here.</Trans></p>
      <CodeEntry keys title={t`Pairing code`} busy={busy} testId="kiosk-pair" onSubmit={(c) => void pair(c)} />
      {error && <p className="kiosk-msg bad" role="alert" data-testid="kiosk-pair-error">{error}</p>}
    </div>
  );
}
