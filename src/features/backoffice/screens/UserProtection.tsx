import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { BREAK_DAYS, EXCLUSION_MONTHS, type LimitKind, type LimitPeriod, type ProtectionStatus } from '../../../../domain/protection/rules.ts';
import { bo, type BoProtectionBlock } from '../bo-client.ts';
import { BoDialog } from '../dialog.tsx';
import { useAction, useBoFetch } from '../action.ts';
import { useBo } from '../session.tsx';
import { money, when } from '../format.ts';

type Days = (typeof BREAK_DAYS)[number];
type Months = (typeof EXCLUSION_MONTHS)[number];
type Apply = { kind: 'break'; days: Days } | { kind: 'exclusion'; months: Months };

/**
 * A player's protection: limits with what is used, pending changes, time-out and
 * exclusion ends and every block with who applied it; with editUsers, a time-out or an exclusion
 * applied behind a confirmation. Nothing here shortens: the server refuses one that ends earlier
 * than what holds (protectionNotShorter), and that refusal shows in the dialog.
 */
export function UserProtection({ userId, userName, currency, editable }: { userId: number; userName: string; currency: string; editable: boolean }) {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const { reply, reload } = useBoFetch('bo/playerProtection', { playerId: userId });
  const act = useAction();
  const [choice, setChoice] = useState('break:1');
  const [reason, setReason] = useState('');
  const [ask, setAsk] = useState(false);
  const [kind, length] = choice.split(':') as ['break' | 'exclusion', string];
  const apply: Apply = kind === 'break' ? { kind, days: Number(length) as Days } : { kind, months: Number(length) as Months };
  const lengthText = (a: Apply) => (a.kind === 'break' ? t`${a.days} days` : t`${a.months} months`);
  const statusLabel: Record<ProtectionStatus, string> = { active: t`No block`, break: t`On a time-out`, excluded: t`Self-excluded`, closed: t`Account closed` };
  const kindLabel: Record<LimitKind, string> = { deposit: t`Deposit limit`, loss: t`Loss limit`, stake: t`Stake limit`, session: t`Session time limit` };
  const periodLabel: Record<LimitPeriod, string> = { bet: t`per bet`, session: t`per session`, day: t`daily`, week: t`weekly`, month: t`monthly` };
  const blockLabel = (b: BoProtectionBlock) => (b.kind === 'break' ? t`Time-out` : b.kind === 'exclusion' ? t`Self-exclusion` : b.kind === 'closed' ? t`Account closed` : b.kind);
  const amount = (k: LimitKind, n: number) => (k === 'session' ? t`${n} min` : money(n, currency, lang));
  // The reply names the actor by id; the signed-in user is named, another team member stays an id.
  const byWhom = (b: BoProtectionBlock) => (b.byUser === null || b.byUser === userId ? t`The player` : b.byUser === me.userId ? me.userName : t`User #${b.byUser}`);
  const confirm = async () => {
    const r = await act.run(() => bo('bo/applyProtection', { playerId: userId, reason: reason.trim(), ...apply }));
    if (r) { setAsk(false); setReason(''); reload(); }
  };

  if (reply === null) return <div className="bo-skel-block" aria-busy="true" />;
  if (!reply.status) return <p className="bo-error" role="alert">{reply.msg}</p>;
  const p = reply;
  return (
    <section aria-label={t`Protection`}>
      <dl className="bo-summary">
        <dt>{t`State`}</dt>
        <dd><span className={p.state === 'active' ? 'bo-badge bo-badge-green' : p.state === 'break' ? 'bo-badge bo-badge-amber' : 'bo-badge bo-badge-red'}>{statusLabel[p.state]}</span></dd>
        <dt>{t`Time-out until`}</dt><dd>{when(p.breakUntil, lang) || '—'}</dd>
        <dt>{t`Excluded until`}</dt><dd>{when(p.excludedUntil, lang) || '—'}</dd>
        {p.reopenAt && <><dt>{t`Reopens at`}</dt><dd>{when(p.reopenAt, lang)}</dd></>}
        <dt>{t`Reality check`}</dt><dd>{p.realityCheck ? t`every ${p.realityCheck} min` : t`Off`}</dd>
      </dl>

      <h3>{t`Limits`}</h3>
      {p.limits.length === 0 ? <p className="bo-note">{t`The player has set no limits.`}</p> : (
        <div className="bo-table-wrap">
          <table className="bo-table" aria-label={t`Limits`}>
            <thead><tr><th>{t`Limit`}</th><th>{t`Period`}</th><th className="num">{t`Amount`}</th><th className="num">{t`Used`}</th><th>{t`Set at`}</th></tr></thead>
            <tbody>
              {p.limits.map((l) => (
                <tr key={`${l.kind}-${l.period}`}>
                  <th scope="row">{kindLabel[l.kind]}</th><td>{periodLabel[l.period]}</td>
                  <td className="num">{amount(l.kind, l.amount)}</td><td className="num">{amount(l.kind, l.used)}</td><td>{when(l.setAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {p.pending.length > 0 && (
        <div className="bo-table-wrap">
          <table className="bo-table" aria-label={t`Pending changes`}>
            <thead><tr><th>{t`Pending change`}</th><th>{t`Period`}</th><th className="num">{t`New amount`}</th><th>{t`Takes effect`}</th></tr></thead>
            <tbody>
              {p.pending.map((l) => (
                <tr key={`${l.kind}-${l.period}`}>
                  <th scope="row">{kindLabel[l.kind]}</th><td>{periodLabel[l.period]}</td>
                  <td className="num">{l.amount === 0 ? t`Removed` : amount(l.kind, l.amount)}</td><td>{when(l.effectiveAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3>{t`Time-outs and exclusions`}</h3>
      {p.blocks.length === 0 ? <p className="bo-note">{t`None so far.`}</p> : (
        <div className="bo-table-wrap">
          <table className="bo-table" aria-label={t`Time-outs and exclusions`}>
            <thead><tr><th>{t`Kind`}</th><th>{t`From`}</th><th>{t`Until`}</th><th>{t`Applied by`}</th><th>{t`Reason`}</th></tr></thead>
            <tbody>
              {p.blocks.map((b, i) => (
                <tr key={i}>
                  <th scope="row">{blockLabel(b)}</th><td>{when(b.startedAt, lang)}</td><td>{when(b.endsAt, lang) || '—'}</td><td>{byWhom(b)}</td><td>{b.reason || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {editable && (
        <form className="bo-grid-form" style={{ marginBlockStart: 12 }} onSubmit={(e) => { e.preventDefault(); act.reset(); setAsk(true); }}>
          <label className="bo-field"><span>{t`Time-out or exclusion`}</span>
            <select name="protection" value={choice} onChange={(e) => setChoice(e.target.value)}>
              <optgroup label={t`Time-out`}>{BREAK_DAYS.map((d) => <option key={d} value={`break:${d}`}>{t`Time-out`} · {lengthText({ kind: 'break', days: d })}</option>)}</optgroup>
              <optgroup label={t`Self-exclusion`}>{EXCLUSION_MONTHS.map((m) => <option key={m} value={`exclusion:${m}`}>{t`Self-exclusion`} · {lengthText({ kind: 'exclusion', months: m })}</option>)}</optgroup>
            </select></label>
          <label className="bo-field"><span>{t`Reason`}</span><input name="reason" required maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} /></label>
          <p><button type="submit" className="bo-btn bo-btn-danger" disabled={reason.trim() === ''}>{t`Apply`}</button></p>
        </form>
      )}
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
      <BoDialog open={ask} title={apply.kind === 'break' ? t`Apply a time-out` : t`Apply a self-exclusion`} onClose={() => setAsk(false)}
        confirm={t`Apply`} danger busy={act.busy} error={act.error} onConfirm={() => void confirm()}>
        <p>{apply.kind === 'break'
          ? t`${userName} will not be able to bet or deposit for ${lengthText(apply)}.`
          : t`${userName} will be excluded for ${lengthText(apply)}.`} {t`Neither you nor anyone else can shorten it later.`}</p>
        <p className="bo-note">{t`Reason`}: {reason}</p>
      </BoDialog>
    </section>
  );
}
