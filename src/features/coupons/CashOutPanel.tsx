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

function clampPart(v: number, min: number, max: number): number {
  return Math.min(Math.max(v, min), max);
}
