import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useSlip } from '../../state/slip.ts';
import { Sheet } from '../../ui/Sheet.tsx';

/** The system-combination popup: the sizes the worker offers with their combination counts. */
export function SystemSheet({ onClose }: { onClose: () => void }) {
  const { view } = useSlip();
  const { t } = useLingui();
  if (!view) return null;
  const chosen = view.systemOptions.filter((o) => o.selected).map((o) => o.size);
  const flip = (size: number) => void core.setSystemSizes(chosen.includes(size) ? chosen.filter((s) => s !== size) : [...chosen, size]);
  return (
    <Sheet title={t`System`} onClose={onClose}>
      <p className="sheet-hint"><Trans>Choose one or more sizes. Bankers are in every combination.</Trans></p>
      <ul className="system-options" data-testid="system-options">
        {view.systemOptions.map((o) => {
          const count = o.count;
          return (
            <li key={o.size}>
              <button type="button" className="system-option" aria-pressed={o.selected} onClick={() => flip(o.size)} data-testid="system-option" data-size={o.size}>
                <span className="system-check" aria-hidden="true">{o.selected ? '✓' : ''}</span>
                <strong>{o.label}</strong>
                <span className="system-count">{count === 1 ? t`1 combination` : t`${count} combinations`}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="sheet-actions">
        <button type="button" className="btn" disabled={chosen.length === 0} onClick={() => void core.setSystemSizes([])}><Trans>Clear</Trans></button>
        <button type="button" className="btn btn-primary" onClick={onClose} data-testid="system-done"><Trans>Done</Trans></button>
      </div>
    </Sheet>
  );
}
