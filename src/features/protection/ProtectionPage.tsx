import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BREAK_DAYS, EXCLUSION_MONTHS, LIMIT_KINDS, REALITY_CHECK_MINUTES, type LimitKind, type LimitPeriod } from '../../../domain/protection/rules.ts';
import type { ProtectionResult, ProtectionView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { showNotice } from '../../state/ui.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { useProtectionLabels } from './labels.ts';
import { refreshProtection, useProtection } from '../../state/protection.ts';
import { ProtectionState } from './ProtectionState.tsx';
import './protection.css';

type Pending = { what: 'break'; days: number } | { what: 'exclusion'; months: number } | { what: 'closure' } | null;

/** Player protection: limits with usage, reality check, time-out, self-exclusion, closure. */
export function ProtectionPage() {
  const { t } = useLingui();
  const { view } = useProtection();
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => refreshProtection().then((v) => setFailed(v === null), () => setFailed(true)), []);
  useEffect(() => { void load(); }, [load]);
  const [confirm, setConfirm] = useState<Pending>(null);
  const labels = useProtectionLabels();

  const report = (r: ProtectionResult) => {
    if (r.ok) showNotice({ status: 1, key: '', text: r.pendingText ? t`The change applies on ${r.pendingText}` : r.text || t`Saved` });
    else showNotice({ status: 2, key: '', text: r.key === 'invalidAmount' ? t`Enter a valid amount` : r.key === 'network' ? t`No connection. Try again.` : r.text ?? '' });
    void refreshProtection();
  };

  if (!view) {
    return (
      <div className="acc-page">
        <PageHeader title={t`Responsible gaming`} />
        {failed ? <div className="state"><p><Trans>Your protection settings could not be loaded.</Trans></p><button type="button" className="btn" onClick={() => { setFailed(false); void load(); }}><Trans>Retry</Trans></button></div>
          : <div className="state" aria-busy="true"><Trans>Loading...</Trans></div>}
      </div>
    );
  }
  const v = view as ProtectionView;
  const playing = v.status === 'active';

  const run = async () => {
    const c = confirm;
    setConfirm(null);
    if (!c) return;
    report(c.what === 'break' ? await core.takeBreak(c.days) : c.what === 'exclusion' ? await core.selfExclude(c.months) : await core.closeAccount());
  };

  return (
    <div className="acc-page" data-testid="protection-page">
      <PageHeader title={t`Responsible gaming`} />
      <ProtectionState />
      {v.canReopen && (
        <section className="prot-section">
          <h2><Trans>Your self-exclusion has ended</Trans></h2>
          <p><Trans>The account reopens 24 hours after you ask.</Trans></p>
          <button type="button" className="btn" onClick={async () => report(await core.requestReopen())}><Trans>Ask to reopen my account</Trans></button>
        </section>
      )}
      {v.reopenText && <p className="prot-state"><Trans>Your account reopens on {v.reopenText}.</Trans></p>}
      {v.reviewDue && (
        <section className="prot-prompt" data-testid="review-due">
          <Trans>You set your limits 6 months ago or more. Please review them.</Trans>
          <div className="actions"><button type="button" className="btn btn-small" onClick={async () => report(await core.reviewLimits())}><Trans>Keep my limits</Trans></button></div>
        </section>
      )}

      <LimitsSection view={v} onResult={report} />

      <section className="prot-section">
        <h2><Trans>Reality check</Trans></h2>
        <p><Trans>A reminder of your session time, stakes and result while you play.</Trans></p>
        <div className="prot-choices" role="group" aria-label={t`Reality check`}>
          {REALITY_CHECK_MINUTES.map((m) => (
            <button key={m} type="button" className="btn btn-small" aria-pressed={v.realityCheck === m} data-testid={`reality-${m}`}
              onClick={async () => report(await core.setRealityCheck(m))}>{m === 0 ? t`Off` : t`Every ${m} min`}</button>
          ))}
        </div>
      </section>

      {playing && <>
        <section className="prot-section">
          <h2><Trans>Take a break</Trans></h2>
          <p><Trans>No betting, casino or deposits until the break ends. You can still log in, withdraw and see your history.</Trans></p>
          <div className="prot-choices">
            {BREAK_DAYS.map((d) => <button key={d} type="button" className="btn btn-small" data-testid={`break-${d}`} onClick={() => setConfirm({ what: 'break', days: d })}>{labels.breakLength(d)}</button>)}
          </div>
        </section>
        <section className="prot-section">
          <h2><Trans>Self-exclusion</Trans></h2>
          <p><Trans>Your account is closed to play at once and cannot be reopened early. Open bets stay and settle; marketing stops.</Trans></p>
          <div className="prot-choices">
            {EXCLUSION_MONTHS.map((m) => <button key={m} type="button" className="btn btn-small" data-testid={`exclude-${m}`} onClick={() => setConfirm({ what: 'exclusion', months: m })}>{labels.exclusionLength(m)}</button>)}
          </div>
        </section>
        <section className="prot-section">
          <h2><Trans>Close my account</Trans></h2>
          <p><Trans>Withdraw your balance first. Balance: {v.balanceText}</Trans></p>
          <button type="button" className="btn" data-testid="close-account" onClick={() => setConfirm({ what: 'closure' })}><Trans>Close my account</Trans></button>
        </section>
      </>}

      {confirm?.what === 'break' && (
        <ConfirmDialog title={t`Take a break for ${labels.breakLength(confirm.days)}?`} confirmText={t`Start the break`} onConfirm={() => void run()} onCancel={() => setConfirm(null)}>
          <p><Trans>Betting, casino and deposits close at once for {labels.breakLength(confirm.days)}. The break cannot be ended early.</Trans></p>
        </ConfirmDialog>
      )}
      {confirm?.what === 'exclusion' && (
        <ConfirmDialog title={t`Exclude yourself for ${labels.exclusionLength(confirm.months)}?`} confirmText={t`Exclude me`} danger
          acknowledge={t`I understand that this cannot be undone before it ends.`} onConfirm={() => void run()} onCancel={() => setConfirm(null)}>
          <p><Trans>Your account closes to all play at once for {labels.exclusionLength(confirm.months)}. After that it stays closed until you ask to reopen it and 24 hours pass.</Trans></p>
        </ConfirmDialog>
      )}
      {confirm?.what === 'closure' && (
        <ConfirmDialog title={t`Close your account?`} confirmText={t`Close my account`} danger acknowledge={t`I have withdrawn my balance and want to close my account.`}
          onConfirm={() => void run()} onCancel={() => setConfirm(null)}>
          <p><Trans>You will not be able to bet, play or deposit. Open bets stay and settle.</Trans></p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The limits in force with usage bars, the pending changes with their time, and the form to set one. */
function LimitsSection({ view, onResult }: { view: ProtectionView; onResult: (r: ProtectionResult) => void }) {
  const { t } = useLingui();
  const labels = useProtectionLabels();
  const [kind, setKind] = useState<LimitKind>('deposit');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const periods = view.periods[kind];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    onResult(await core.setLimit(kind, periods.includes(period) ? period : periods[0]!, amount));
    setAmount('');
  };
  return (
    <section className="prot-section" data-testid="limits">
      <h2><Trans>Limits</Trans></h2>
      <p><Trans>Lowering a limit applies at once; raising or removing one applies after 24 hours.</Trans></p>
      {view.promptDepositLimit && <p className="prot-prompt" data-testid="deposit-limit-prompt"><Trans>Set a deposit limit before your first deposit: choose how much you may deposit a day, a week or a month.</Trans></p>}
      {view.limits.length === 0 && <p data-testid="no-limits"><Trans>You have no limits.</Trans></p>}
      {view.limits.map((l) => (
        <div key={`${l.kind}/${l.period}`} className="prot-limit" data-testid={`limit-${l.kind}-${l.period}`}>
          <div className="prot-limit-head">
            <span>{labels.kind[l.kind]} · {labels.period[l.period]}</span>
            <strong>{l.period === 'bet' ? l.amountText : `${l.usedText} / ${l.amountText}`}</strong>
          </div>
          {l.period !== 'bet' && (
            <div className="prot-bar" data-tone={l.reached ? 'full' : l.ratio >= 0.8 ? 'high' : 'ok'} role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(l.ratio * 100)} aria-label={labels.kind[l.kind]}>
              <span style={{ width: `${Math.round(l.ratio * 100)}%` }} />
            </div>
          )}
        </div>
      ))}
      {view.pending.map((p) => (
        <p key={`p-${p.kind}/${p.period}`} className="prot-pending" data-testid="limit-pending">
          {p.removal ? <Trans>{labels.kind[p.kind]} {labels.period[p.period]}: removed on {p.effectiveText}</Trans>
            : <Trans>{labels.kind[p.kind]} {labels.period[p.period]}: {p.amountText} from {p.effectiveText}</Trans>}
        </p>
      ))}
      <form className="prot-form" onSubmit={(e) => void submit(e)}>
        <label className="visually-hidden" htmlFor="prot-kind"><Trans>Limit</Trans></label>
        <select id="prot-kind" className="input" value={kind} data-testid="limit-kind" onChange={(e) => { const k = e.target.value as LimitKind; setKind(k); setPeriod(view.periods[k][0]!); }}>
          {LIMIT_KINDS.map((k) => <option key={k} value={k}>{labels.kind[k]}</option>)}
        </select>
        <label className="visually-hidden" htmlFor="prot-period"><Trans>Period</Trans></label>
        <select id="prot-period" className="input" value={periods.includes(period) ? period : periods[0]} data-testid="limit-period" onChange={(e) => setPeriod(e.target.value as LimitPeriod)}>
          {periods.map((p) => <option key={p} value={p}>{labels.period[p]}</option>)}
        </select>
        <label className="visually-hidden" htmlFor="prot-amount"><Trans>Amount</Trans></label>
        <input id="prot-amount" className="input" inputMode="decimal" placeholder={kind === 'session' ? t`Minutes` : t`Amount (0 removes)`} value={amount} data-testid="limit-amount"
          onChange={(e) => setAmount(e.target.value)} style={{ gridColumn: '1 / -1' }} />
        <button type="submit" className="btn btn-primary" data-testid="limit-save"><Trans>Save limit</Trans></button>
      </form>
    </section>
  );
}
