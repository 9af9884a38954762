import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CODE_ALPHABET } from '../../../domain/retail/codes.ts';

// The camera scan and its reader load only when a customer opens it.
const CameraScan = lazy(() => import('./CameraScan.tsx'));

/**
 * A code field for tickets, vouchers and booking codes: a keyboard-wedge scanner types the code and
 * Enter into the focused field; a person types it, on the kiosk with the on-screen keys (the
 * alphabet of the codes, so no key is useless); a phone or a kiosk with a camera scans it
 * (camera: the BarcodeDetector API or zxing-wasm, CameraScan.tsx).
 */
export function CodeEntry({ title, onSubmit, busy = false, keys = false, folded = false, camera = false, testId }: {
  title: string; onSubmit: (code: string) => void; busy?: boolean; keys?: boolean; folded?: boolean; camera?: boolean; testId: string;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The scanner types into the focused field: keep it focused (also when the keypad folds away,
  // hence `folded`, which the effect does not read).
  // oxlint-disable-next-line react/exhaustive-effect-dependencies
  useEffect(() => { input.current?.focus(); }, [folded]);
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const c = code.trim();
    if (c && !busy) { onSubmit(c); setCode(''); }
  };
  const press = (k: string) => {
    setCode((c) => (k === 'back' ? c.slice(0, -1) : k === 'clear' ? '' : (c + k).slice(0, 24)));
    input.current?.focus();
  };
  return (
    <form className="code-entry" onSubmit={submit} data-testid={testId}>
      <h2>{title}</h2>
      <input ref={input} value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} aria-label={title} autoComplete="off" autoCapitalize="characters"
        spellCheck={false} inputMode={keys ? 'none' : 'text'} maxLength={24} data-testid={`${testId}-input`} />
      {keys && !folded && (
        <div className="code-keys" role="group" aria-label={t`Keypad`} dir="ltr">
          {[...CODE_ALPHABET].map((k) => <button key={k} type="button" onClick={() => press(k)} data-key={k}>{k}</button>)}
          <button type="button" className="wide" onClick={() => press('clear')}><Trans>Clear</Trans></button>
          <button type="button" className="wide" onClick={() => press('back')} aria-label={t`Delete last character`}>⌫</button>
          <button type="submit" className="wide go" disabled={busy} data-testid={`${testId}-ok`}><Trans>OK</Trans></button>
        </div>
      )}
      {(!keys || folded) && <button type="submit" className="btn btn-primary" disabled={busy} data-testid={`${testId}-ok`}><Trans>Check</Trans></button>}
      {camera && typeof navigator !== 'undefined' && !!navigator.mediaDevices && (
        <button type="button" className="btn camera-btn" onClick={() => setScanning(true)} data-testid={`${testId}-camera`}><Trans>Scan with the camera</Trans></button>
      )}
      {scanning && (
        <Suspense fallback={<div className="camera-scan" aria-busy="true" />}>
          <CameraScan onClose={() => { setScanning(false); input.current?.focus(); }} onCode={(c) => { setScanning(false); if (!busy) onSubmit(c); }} />
        </Suspense>
      )}
    </form>
  );
}
