import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CouponDetailView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { formatDateTime } from '../../ui/format.ts';

/** Section 9: a sell confirmation resets after 3 s; the part's confirmation does the same. */
const CONFIRM_MS = 3_000;

type Preview = { stake: number; potential: number } | null;

/**
 * Partial cash out of a coupon detail: a slider between the smallest and the largest part the
 * worker allows (domain/coupon/sell.ts partialSell), what keeps running, a confirm step, and the
 * coupon's sales so far. `amount` sent is the whole offer shown; the part is what is paid now.
 */
export function CashOutPanel({ d, lang, money, disabled, onDone }: {
  d: CouponDetailView; lang: string; money: (m: number) => string; disabled: boolean; onDone: () => Promise<void>;
}) {
  const { t } = useLingui();
  const c = d.coupon!;
  const { min, max } = d.part;
  const [part, setPart] = useState(() => clampPart(Math.round(d.sell.amount / 2), min, max));
  const [preview, setPreview] = useState<Preview>(null);
  const [ask, setAsk] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const value = clampPart(part, min, max);

  useEffect(() => {
    let live = true;
    if (!max) return;
    void core.sellPartPreview(d.sell.amount, value, c).then((r) => {
      if (live) setPreview(r.ok && !r.whole ? { stake: r.totalStake, potential: r.maxPay } : null);
    });
    return () => { live = false; };
  }, [d.sell.amount, value, c, max]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const confirm = async () => {
    clearTimeout(timer.current);
    setBusy(true);
    await core.sellCoupon(c.id, d.sell.amount, value);
    setBusy(false);
    setAsk(false);
    await onDone();
  };
  const start = () => {
    setAsk(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAsk(false), CONFIRM_MS);
  };

  return (
    <>
      {d.sell.offered && max > 0 && (
        <section className="cd-part" aria-label={t`Cash out a part`} data-testid="cash-out-part">
          <label htmlFor={`part-${c.id}`} className="cd-part-label">
            <Trans>Cash out a part</Trans> <output data-testid="part-value">{money(value)}</output>
          </label>
          <input
            id={`part-${c.id}`} type="range" min={min} max={max} step={1} value={value} disabled={disabled || busy}
            onChange={(e) => { setPart(Number(e.currentTarget.value)); setAsk(false); }} data-testid="part-slider"
            aria-valuetext={money(value)}
          />
          {preview && (
            <p className="cd-part-rest" data-testid="part-rest">
              <Trans>Keeps running: stake {money(preview.stake)}, possible gain {money(preview.potential)}</Trans>
            </p>
          )}
          {!ask ? (
            <button type="button" className="btn" disabled={disabled || busy} onClick={start} data-testid="part-sell">
              <Trans>Cash out {money(value)}</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn-primary cd-confirm" disabled={busy} onClick={() => void confirm()} data-testid="part-sell-confirm">
              <Trans>Confirm: cash out {money(value)} of {money(d.sell.amount)}</Trans>
            </button>
          )}
        </section>
      )}
      {(d.sell.offered || d.sell.reason || d.autoSell) && <AutoSellRule d={d} money={money} disabled={disabled} onDone={onDone} />}
      {d.sells.length > 0 && (
        <section className="cd-sells" aria-label={t`Cashed out`} data-testid="cash-out-history">
          <h2 className="cd-subtitle"><Trans>Cashed out</Trans></h2>
          <ul>
            {d.sells.map((s) => (
              <li key={s.date + s.amount}>
                <span>{formatDateTime(s.date, lang)}</span>
                <strong>{money(s.amount)}</strong>
                <small>
                  {s.whole ? <Trans>whole</Trans> : <Trans>stake {money(s.stakeBefore)} to {money(s.stakeAfter)}</Trans>}
                  {s.auto && <> · <Trans>auto</Trans></>}
                </small>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * The coupon's auto cash-out rule: armed (target and part, change or remove), fired (what it sold),
 * or a form to set one. The server sells at the offer of the moment the target is reached.
 */
function AutoSellRule({ d, money, disabled, onDone }: { d: CouponDetailView; money: (m: number) => string; disabled: boolean; onDone: () => Promise<void> }) {
  const { t } = useLingui();
  const c = d.coupon!;
  const rule = d.autoSell;
  const armed = rule !== null && rule.firedAt === null;
  const [editing, setEditing] = useState(false);
  const [target, setTarget] = useState('');
  const [part, setPart] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const waiting = c.status === 0;

  const save = async () => {
    setBusy(true);
    const r = await core.setAutoSell(c.id, target, part);
    setBusy(false);
    if (r.invalid) { setError(r.invalid === 'target' ? t`Enter the amount to cash out at` : t`Enter the part as an amount, or leave it empty`); return; }
    if (!r.ok) { setError(r.msg); return; }
    setError('');
    setEditing(false);
    await onDone();
  };
  const remove = async () => {
    setBusy(true);
    await core.clearAutoSell(c.id);
    setBusy(false);
    await onDone();
  };

  return (
    <section className="cd-auto" aria-label={t`Auto cash out`} data-testid="auto-sell">
      <h2 className="cd-subtitle"><Trans>Auto cash out</Trans></h2>
      {rule?.firedAt && (
        <p className="cd-auto-state" data-testid="auto-sell-fired"><Trans>Cashed out automatically: {money(rule.soldAmount ?? 0)}</Trans></p>
      )}
      {armed && !editing && (
        <div className="cd-auto-state" data-testid="auto-sell-armed">
          <span>
            {rule.part === null
              ? <Trans>Sells the coupon when the offer reaches {money(rule.target)}</Trans>
              : <Trans>Cashes out {money(rule.part)} when the offer reaches {money(rule.target)}</Trans>}
          </span>
          <div className="cd-auto-buttons">
            <button type="button" className="btn btn-small" disabled={disabled || busy} onClick={() => { setTarget(String(rule.target / 100)); setPart(rule.part === null ? '' : String(rule.part / 100)); setEditing(true); }} data-testid="auto-sell-edit"><Trans>Change</Trans></button>
            <button type="button" className="btn btn-small" disabled={disabled || busy} onClick={() => void remove()} data-testid="auto-sell-remove"><Trans>Remove</Trans></button>
          </div>
        </div>
      )}
      {waiting && (!armed || editing) && (
        <form className="cd-auto-form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <label className="field">
            <span><Trans>Cash out when the offer reaches</Trans></span>
            <input className="input" inputMode="decimal" value={target} onChange={(e) => setTarget(e.currentTarget.value)} placeholder={money(d.sell.amount)} data-testid="auto-sell-target" />
          </label>
          <label className="field">
            <span><Trans>Part to cash out (empty: the whole coupon)</Trans></span>
            <input className="input" inputMode="decimal" value={part} onChange={(e) => setPart(e.currentTarget.value)} data-testid="auto-sell-part" />
          </label>
          {error && <p className="cd-note" role="alert" data-testid="auto-sell-error">{error}</p>}
          <button type="submit" className="btn" disabled={disabled || busy} data-testid="auto-sell-save"><Trans>Set auto cash out</Trans></button>
        </form>
      )}
    </section>
  );
}

function clampPart(v: number, min: number, max: number): number {
  return Math.min(Math.max(v, min), max);
}
