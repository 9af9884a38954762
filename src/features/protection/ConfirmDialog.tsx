import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

/**
 * A confirmation in the centre of the screen. With `acknowledge`, the confirm button stays off
 * until the player ticks it (self-exclusion and closure). Escape cancels; cancel is the default.
 */
export function ConfirmDialog({ title, children, confirmText, danger, acknowledge, onConfirm, onCancel }: {
  title: string; children: ReactNode; confirmText: string; danger?: boolean; acknowledge?: string; onConfirm: () => void; onCancel: () => void;
}) {
  const [ticked, setTicked] = useState(!acknowledge);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancel.current?.focus();
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') onCancel(); };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <div className="prot-dialog" role="dialog" aria-modal="true" aria-labelledby="prot-dialog-title">
      <div>
        <h2 id="prot-dialog-title">{title}</h2>
        {children}
        {acknowledge && (
          <label className="check">
            <input type="checkbox" checked={ticked} onChange={(e) => setTicked(e.target.checked)} data-testid="confirm-ack" />
            {acknowledge}
          </label>
        )}
        <div className="actions">
          <button type="button" className="btn" ref={cancel} onClick={onCancel}><Trans>Cancel</Trans></button>
          <button type="button" className={danger ? 'btn prot-danger' : 'btn btn-primary'} disabled={!ticked} onClick={onConfirm} data-testid="confirm-ok">{confirmText}</button>
        </div>
      </div>
    </div>
  );
}
