import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui, Plural } from '@lingui/react/macro';
import type { SharedCouponView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { formatDateTime } from '../../ui/format.ts';
import { CouponLines } from './CouponLines.tsx';
import { KIND, STATUS } from '../../ui/coupon-text.ts';
import { shareLink } from './share.ts';

/** The public share page (couponShare/{token}): the coupon read-only and a share button. */
export function CouponSharePage({ lang, token }: { lang: string; token: string }) {
  const { t } = useLingui();
  const [view, setView] = useState<SharedCouponView | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    core.sharedCoupon(token).then((v) => live && setView(v), () => live && setView({ found: false, coupon: null, lines: [] }));
    return () => { live = false; };
  }, [token]);

  if (!view) return <div aria-busy="true"><div className="skeleton" style={{ height: 140, margin: 12 }} /><div className="skeleton" style={{ height: 200, margin: 12 }} /></div>;
  // Section 8: on the share page a detail that cannot be loaded is hidden.
  if (!view.found || !view.coupon) {
    return <div className="state" data-testid="share-not-found"><h2><Trans>This coupon cannot be shown</Trans></h2><p><Trans>The link may be wrong or the coupon is no longer available.</Trans></p></div>;
  }
  const c = view.coupon;
  const share = async () => {
    const out = await shareLink(location.href, t`Coupon #${c.ticketId}`);
    setNote(out === 'copied' ? t`Link copied` : out === 'failed' ? t`The link could not be shared` : '');
  };
  const recreate = async () => {
    setBusy(true);
    const r = await core.recreateShared(token);
    setBusy(false);
    if (r.added > 0) void navigate({ to: '/$lang/betslip', params: { lang } });
    else setNote(t`None of these picks can be played any more.`);
  };
  return (
    <div className="coupon-share" data-testid="coupon-share-page">
      <header className="cd-head">
        <h1><Trans>Shared coupon #{c.ticketId}</Trans></h1>
        <button type="button" className="btn btn-small btn-primary" onClick={() => void share()} data-testid="share-button"><Trans>Share</Trans></button>
      </header>
      {note && <p className="cd-note" role="status">{note}</p>}
      <section className="cd-summary" data-tone={c.tone}>
        <dl>
          <div><dt><Trans>Date</Trans></dt><dd>{formatDateTime(c.ticketDate, lang)}</dd></div>
          <div><dt><Trans>Type</Trans></dt><dd>{t(KIND[c.kindShown] ?? KIND.combine!)} (<Plural value={c.totalTipps} one="# selection" other="# selections" />)</dd></div>
          <div><dt><Trans>Status</Trans></dt><dd><span className="status-pill" data-tone={c.tone}>{t(STATUS[c.status] ?? STATUS[0]!)}</span></dd></div>
          <div><dt><Trans>Odds</Trans></dt><dd>{c.totalOddsText}</dd></div>
        </dl>
      </section>
      <div className="cd-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => void recreate()} data-testid="share-recreate"><Trans>Play this coupon</Trans></button>
      </div>
      <h2 className="cd-subtitle"><Trans>Matches</Trans></h2>
      <CouponLines lines={view.lines} lang={lang} />
    </div>
  );
}
