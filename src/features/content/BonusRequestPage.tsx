import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { showNotice } from '../../state/ui.ts';
import { useLoad } from '../../ui/use-load.ts';
import { useFormText } from '../../ui/form-text.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** Bonus request: each bonus with its status icon (0 waiting, 1 accepted, 2 denied) and a send button. */
export function BonusRequestPage() {
  const { t } = useLingui();
  const text = useFormText();
  const { load, retry } = useLoad(useCallback(() => core.bonuses(), []));
  const [sent, setSent] = useState<Record<number, boolean>>({});
  const send = async (id: number) => {
    const r = await core.requestBonus(id);
    showNotice({ status: r.ok ? 1 : 2, key: '', text: text(r.ok ? 'requestAccepted' : r.key, {}, r.text) });
    if (r.ok || r.key === 'requestedExists') setSent((s) => ({ ...s, [id]: true }));
  };
  const icon = (s: 0 | 1 | 2) => (s === 1 ? '✓' : s === 2 ? '✕' : '⏳');
  const label = (s: 0 | 1 | 2) => (s === 1 ? t`Accepted` : s === 2 ? t`Denied` : t`Waiting`);
  return (
    <div className="acc-page">
      <PageHeader title={t`Bonus request`} />
      {load.state === 'loading' && <div className="skeleton" style={{ height: 200 }} />}
      {(load.state === 'error' || (load.state === 'ready' && !load.data)) && <div className="state"><p><Trans>Could not load the bonuses.</Trans></p><button type="button" className="btn" onClick={retry}><Trans>Try again</Trans></button></div>}
      {load.state === 'ready' && load.data && (load.data.length === 0 ? <div className="state"><p><Trans>No bonus is offered right now.</Trans></p></div> : (
        <ul className="hist-list" data-testid="bonuses">
          {load.data.map((b) => {
            const requested = b.requested || sent[b.id];
            return (
              <li key={b.id}>
                <div><strong>{b.title}</strong>{requested && <small className="hist-status" data-status={b.status}><span aria-hidden="true">{icon(b.status)}</span> {label(b.status)}</small>}</div>
                <button type="button" className="btn btn-small btn-primary" disabled={requested} onClick={() => void send(b.id)}>{requested ? t`Requested` : t`Send request`}</button>
              </li>
            );
          })}
        </ul>
      ))}
    </div>
  );
}
