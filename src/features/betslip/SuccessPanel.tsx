import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useSlip } from '../../state/slip.ts';
import { useSession } from '../../state/session.ts';
import { showNotice } from '../../state/ui.ts';
import { formatMoney } from '../../ui/format.ts';
import { COUPON_TYPE } from '../../ui/slip-text.ts';

/** After a coupon is placed: its figures as the server replied, then re-create, share, quit (section 2). */
export function SuccessPanel({ lang }: { lang: string }) {
  const { view } = useSlip();
  const { user } = useSession();
  const { t } = useLingui();
  const navigate = useNavigate();
  const [link, setLink] = useState<string | null>(null);
  const last = view?.lastCoupon;
  if (!last) return null;
  const symbol = user?.currencySymbol ?? 'TL';
  const money = (m: number) => formatMoney(m, symbol, lang);
  const type = COUPON_TYPE[last.couponType];
  const id = last.ticketId;

  const share = async () => {
    // The link names the coupon by its random share token, drawn by the server on the first share.
    const path = await core.shareCouponPath(id);
    if (!path) { showNotice({ status: 2, key: '', text: t`The link could not be shared` }); return; }
    const url = new URL(path, location.origin).href;
    if (typeof navigator.share === 'function') {
      try { await navigator.share({ title: t`Coupon #${id}`, url }); return; } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    // No Web Share: copy the link, and show it so it can be copied by hand if the clipboard refuses.
    setLink(url);
    try { await navigator.clipboard.writeText(url); showNotice({ status: 1, key: 'linkCopied' }); } catch { /* shown below */ }
  };
  const quit = async () => {
    await core.clearLastCoupon();
    void navigate({ to: '/$lang', params: { lang } });
  };

  return (
    <section className="success-panel" aria-labelledby="success-title" data-testid="success-panel">
      <div className="success-mark" aria-hidden="true">✓</div>
      <h2 id="success-title"><Trans>Coupon placed</Trans></h2>
      <p data-testid="last-coupon"><Trans>Last coupon: #{id}</Trans></p>
      <dl className="summary">
        <dt><Trans>Coupon</Trans></dt><dd>{type ? t(type) : last.couponType}</dd>
        <dt><Trans>Total stake</Trans></dt><dd data-testid="placed-total-stake">{money(last.totalStake)}</dd>
        <dt><Trans>Max payout</Trans></dt><dd className="gain" data-testid="placed-max-payout">{money(last.maxPayout)}</dd>
      </dl>
      <div className="success-actions">
        <button type="button" className="btn btn-primary" onClick={() => void core.recreateLastCoupon()} data-testid="recreate"><Trans>Re-create</Trans></button>
        <button type="button" className="btn" onClick={() => void share()} data-testid="share"><Trans>Share</Trans></button>
        <button type="button" className="btn" onClick={() => void quit()} data-testid="quit"><Trans>Quit</Trans></button>
      </div>
      {link && (
        <label className="field share-link"><span><Trans>Coupon link</Trans></span>
          <input className="input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="share-link" />
        </label>
      )}
    </section>
  );
}
