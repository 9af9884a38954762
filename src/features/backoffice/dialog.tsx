import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

/**
 * A modal dialog on the native <dialog>: focus stays inside, Escape closes it (DESIGN.md back
 * office), the page behind is inert. `danger` paints the confirm button red; the first focus goes
 * to Cancel, so a destructive action is never the default.
 */
export function BoDialog({ title, open, onClose, children, confirm, onConfirm, danger = false, busy = false, error, wide = false }: {
  title: ReactNode; open: boolean; onClose: () => void; children: ReactNode;
  /** The confirm button's text; absent: the dialog only shows its content with a Close button. */
  confirm?: ReactNode; onConfirm?: () => void; danger?: boolean; busy?: boolean;
  /** A failure of the action, shown in place above the buttons. */
  error?: string | undefined;
  /** Room for a detail with tables (a user, a coupon). */
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) { d.showModal(); cancelRef.current?.focus(); }
    if (!open && d.open) d.close();
  }, [open]);
  const frame = (
    <>
      <h2 id={titleId}>{title}</h2>
      <div className="bo-dialog-body">{children}</div>
      {error && <p className="bo-error" role="alert">{error}</p>}
      <div className="bo-dialog-actions">
        <button type="button" ref={cancelRef} className="bo-btn" onClick={onClose} disabled={busy}>
          {confirm ? <Trans>Cancel</Trans> : <Trans>Close</Trans>}
        </button>
        {confirm && <button type="submit" className={danger ? 'bo-btn bo-btn-danger' : 'bo-btn bo-btn-primary'} disabled={busy}>{confirm}</button>}
      </div>
    </>
  );
  return (
    <dialog ref={ref} className={wide ? 'bo-dialog wide' : 'bo-dialog'} onCancel={(e) => { if (e.target !== e.currentTarget) return; e.preventDefault(); if (!busy) onClose(); }} aria-labelledby={titleId}>
      {open && (confirm ? (
        // Enter in a field confirms; the nested dialogs of a detail never sit inside this form.
        <form className="bo-dialog-frame" onSubmit={(e) => { e.preventDefault(); if (onConfirm && !busy) onConfirm(); }}>{frame}</form>
      ) : <div className="bo-dialog-frame">{frame}</div>)}
    </dialog>
  );
}
