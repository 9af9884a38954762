import { useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useSlip } from '../../state/slip.ts';
import { CloseIcon, LockIcon } from '../../ui/icons.tsx';
import { useMarketText } from '../../ui/market-names.ts';

/** The selections of the slip: teams, market and pick, the odd (arrow after a move), banker toggle, remove. */
export function SlipEntryList({ compact = false }: { compact?: boolean }) {
  const { view } = useSlip();
  const { t } = useLingui();
  const names = useMarketText();
  if (!view) return null;
  const system = view.summary.couponType === 'SK';
  return (
    <ul className={compact ? 'slip-entries compact' : 'slip-entries'} aria-label={t`Selections`}>
      {view.entries.map((e) => {
        const teams = `${e.view.home} - ${e.view.away}`;
        return (
          <li key={e.key} className="slip-entry" data-locked={e.selection.locked} data-testid="slip-entry">
            {system && (
              <button type="button" className="banko" aria-pressed={e.selection.banko} disabled={!e.bankoAllowed}
                onClick={() => void core.toggleBanko(e.key)} aria-label={t`Banker: ${teams}`} data-testid="banko">B</button>
            )}
            <div className="entry-text">
              <div className="teams" dir="auto">{teams}</div>
              <div className="pick">{names.market(e.selection.oddsType, e.view.market)}: <strong>{names.pick(e.view.pick)}</strong>{e.selection.special ? ` (${e.selection.special})` : ''}</div>
              {e.error && <div className="entry-error" role="alert">{e.error}</div>}
            </div>
            <span className="price" data-move={e.move} data-testid="entry-odd">
              {e.selection.locked
                ? <LockIcon width={16} height={16} aria-label={t`Locked`} />
                : <>{e.move !== 0 && <span className="move" aria-hidden="true">{e.move > 0 ? '▲' : '▼'}</span>}{e.oddText}</>}
            </span>
            <button type="button" className="icon-btn" onClick={() => void core.removeSelection(e.key)} aria-label={t`Remove ${teams}`}><CloseIcon width={18} height={18} /></button>
          </li>
        );
      })}
    </ul>
  );
}
