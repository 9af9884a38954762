import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui, Plural } from '@lingui/react/macro';
import type { CouponDetailView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { effectiveZone, formatDateTime, formatMoney } from '../../ui/format.ts';
import { BackIcon } from '../../ui/icons.tsx';
import { CouponLines } from './CouponLines.tsx';
import { OfflineNote } from './OfflineNote.tsx';
import { CashOutPanel } from './CashOutPanel.tsx';
import { KIND, STATUS, WIN } from '../../ui/coupon-text.ts';
import { shareLink } from './share.ts';
import { openReceipt } from '../../ui/print.ts';
import { sellAmountMove } from '../../../domain/coupon/sell.ts';

/** Section 9: the sell confirmation resets after 3 s. */
const SELL_CONFIRM_MS = 3_000;

type Load = { state: 'loading' } | { state: 'ready'; data: CouponDetailView };

/** Coupon detail: header with print, sell, cancel and share; the summary; the match lines. Keyed by id. */
export function CouponDetailPage({ lang, id }: { lang: string; id: number }) {
  const { t } = useLingui();
  const { user } = useSession();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [sellAsk, setSellAsk] = useState<number | null>(null);
  // The amount the player read before a moved price came back to be confirmed again.
  const [sellWas, setSellWas] = useState<number | null>(null);
  const [cancelAsk, setCancelAsk] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shareNote, setShareNote] = useState('');
  const sellTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reload = useCallback(() => core.couponDetail(id).then((data) => setLoad({ state: 'ready', data })), [id]);
  useEffect(() => {
    let live = true;
    // A failed load is 'not found' (section 8), never an error page.
    core.couponDetail(id).then((data) => live && setLoad({ state: 'ready', data }), () => live && setLoad({ state: 'ready', data: NOT_FOUND }));
    return () => { live = false; clearTimeout(sellTimer.current); };
  }, [id]);
  // The coupon's live matches follow the feed while the detail is open (section 4).
  const liveIds = load.state === 'ready' ? load.data.lines.filter((l) => l.state === 'live').map((l) => l.matchId).join() : '';
  useEffect(() => {
    if (!liveIds) return;
    void core.watchCouponMatches(liveIds.split(',').map(Number));
    return () => { void core.watchCouponMatches([]); };
  }, [liveIds]);

  const money = (m: number) => formatMoney(m, user?.currencySymbol ?? 'TL', lang);
  if (load.state === 'loading') {
    return <div aria-busy="true"><div className="skeleton" style={{ height: 56, margin: 12 }} /><div className="skeleton" style={{ height: 160, margin: 12 }} /><div className="skeleton" style={{ height: 200, margin: 12 }} /></div>;
  }
  const d = load.data;
  const back = <Link to="/$lang/coupons" params={{ lang }} className="icon-btn" aria-label={t`Back to coupons`}><BackIcon /></Link>;
  if (!d.found || !d.coupon) {
    return (
      <div>
        <header className="cd-head">{back}<h1><Trans>Coupon</Trans></h1></header>
        {d.offline && <OfflineNote updatedAt={null} lang={lang} />}
        <div className="state" data-testid="coupon-not-found"><h2><Trans>Coupon not found</Trans></h2><p><Trans>This coupon does not exist or is not yours.</Trans></p></div>
      </div>
    );
  }
  const c = d.coupon;
  const offline = d.disabledReason === 'offline';
  const sellReason = d.sell.reason;
  const sellMove = sellAsk === null ? null : sellAmountMove(sellWas, sellAsk);

  const askSell = () => {
    setSellWas(null);
    setSellAsk(d.sell.amount);
    clearTimeout(sellTimer.current);
    sellTimer.current = setTimeout(() => setSellAsk(null), SELL_CONFIRM_MS);
  };
  const confirmSell = async () => {
    if (sellAsk === null) return;
    clearTimeout(sellTimer.current);
    setBusy(true);
    const r = await core.sellCoupon(c.id, sellAsk);
    setBusy(false);
    const shown = sellAsk;
    setSellAsk(null);
    setSellWas(null);
    await reload();
    // A moved price comes back to be confirmed again, marked against the amount the player read
    // (and resets after 3 s like the first).
    if (!r.ok && r.amount !== undefined && r.amount > 0) {
      setSellWas(shown);
      setSellAsk(r.amount);
      sellTimer.current = setTimeout(() => { setSellAsk(null); setSellWas(null); }, SELL_CONFIRM_MS);
    }
  };
  const confirmCancel = async () => {
    setBusy(true);
    await core.cancelCoupon(c.id);
    setBusy(false);
    setCancelAsk(false);
    await reload();
  };
  const print = async () => {
    const tz = effectiveZone();
    const path = await core.printCouponPath(c.id, tz);
    const outcome = await openReceipt(path, `print-${c.id}`);
    if (outcome !== 'blocked' && outcome !== 'failed') return;
    // On a terminal the worker cancels the coupon first, so the alert can say what happened.
    const r = await core.printFailed(c.id);
    if (r.cancelled) {
      window.alert(t`The receipt could not be printed, so the coupon was cancelled and the stake refunded.`);
      await reload();
    } else if (r.msg) {
      window.alert(`${t`The receipt could not be printed.`} ${r.msg}`);
    } else {
      window.alert(outcome === 'blocked' ? t`The receipt could not be opened for printing. Allow pop-ups for this site and try again.` : t`The receipt could not be printed.`);
    }
  };
  const share = async () => {
    const path = await core.shareCouponPath(c.id);
    if (!path) { setShareNote(t`The link could not be shared`); return; }
    const out = await shareLink(`${location.origin}${path}`, t`My coupon #${c.ticketId}`);
    setShareNote(out === 'copied' ? t`Link copied` : out === 'failed' ? t`The link could not be shared` : '');
  };

  return (
    <div className="coupon-detail" data-testid="coupon-detail">
      <header className="cd-head">
        {back}
        <h1><Trans>Coupon #{c.ticketId}</Trans></h1>
        <button type="button" className="btn btn-small" onClick={() => void print()} data-testid="coupon-print"><Trans>Print</Trans></button>
        <button type="button" className="btn btn-small" onClick={() => void share()} data-testid="coupon-share"><Trans>Share</Trans></button>
      </header>
      {d.offline && <OfflineNote updatedAt={d.updatedAt} lang={lang} />}
      {shareNote && <p className="cd-note" role="status">{shareNote}</p>}

      <section className="cd-summary" data-tone={c.tone} aria-label={t`Summary`}>
        <dl>
          <div><dt><Trans>Coupon number</Trans></dt><dd data-testid="cd-number">{c.ticketId}</dd></div>
          <div><dt><Trans>Date</Trans></dt><dd>{formatDateTime(c.ticketDate, lang)}</dd></div>
          <div><dt><Trans>Type</Trans></dt><dd>{t(KIND[c.kindShown] ?? KIND.combine!)} (<Plural value={c.totalTipps} one="# selection" other="# selections" />{c.totalTickets > 1 ? ` · ${c.totalTickets}` : ''})</dd></div>
          <div><dt><Trans>Status</Trans></dt><dd><span className="status-pill" data-tone={c.tone} data-testid="cd-status">{t(STATUS[c.status] ?? STATUS[0]!)}</span></dd></div>
          <div><dt><Trans>Stake</Trans></dt><dd>{money(c.totalStake)}</dd></div>
          <div><dt><Trans>Odds</Trans></dt><dd>{c.totalOddsText}</dd></div>
          <div><dt><Trans>Possible gain</Trans></dt><dd>{money(c.maxPay)}</dd></div>
          <div><dt><Trans>Win</Trans></dt><dd className="win" data-win={c.win}>{t(WIN[c.win] ?? WIN.waiting!)}</dd></div>
          <div><dt><Trans>Payment</Trans></dt><dd data-testid="cd-payment">{c.payment === null ? '-' : money(c.payment)}</dd></div>
        </dl>
      </section>

      {(d.sell.offered || d.cancel.offered) && (
        <section className="cd-actions" aria-label={t`Actions`}>
          {offline && <p className="cd-note" data-testid="actions-offline"><Trans>Selling and cancelling need a connection.</Trans></p>}
          {d.sell.offered && (sellAsk === null ? (
            <button type="button" className="btn btn-primary" disabled={offline || busy} onClick={askSell} data-testid="coupon-sell">
              <Trans>Sell for {money(d.sell.amount)}</Trans>
            </button>
          ) : (
            <>
              {sellMove && (
                <p className="cd-moved" data-move={sellMove} role="alert" data-testid="sell-moved">
                  <Trans>The amount changed: <s>{money(sellWas ?? 0)}</s> → <b>{money(sellAsk)}</b></Trans>
                </p>
              )}
              <button type="button" className="btn btn-primary cd-confirm" disabled={busy} onClick={() => void confirmSell()} data-testid="coupon-sell-confirm"
                data-move={sellMove ?? undefined}>
                <Trans>Confirm sell: {money(sellAsk)}</Trans>
              </button>
            </>
          ))}
          {d.cancel.offered && (!cancelAsk ? (
            <button type="button" className="btn" disabled={offline || busy} onClick={() => setCancelAsk(true)} data-testid="coupon-cancel"><Trans>Cancel coupon</Trans></button>
          ) : (
            <div className="cd-ask" role="group" aria-label={t`Cancel this coupon?`}>
              <span><Trans>Cancel this coupon and get the stake back?</Trans></span>
              <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => void confirmCancel()} data-testid="coupon-cancel-yes"><Trans>Yes, cancel</Trans></button>
              <button type="button" className="btn btn-small" onClick={() => setCancelAsk(false)} data-testid="coupon-cancel-no"><Trans>No, keep it</Trans></button>
            </div>
          ))}
        </section>
      )}

      {sellReason && <p className="cd-note" data-testid="sell-unavailable"><Trans>Sell unavailable: {sellReason}</Trans></p>}
      <CashOutPanel d={d} lang={lang} money={money} disabled={offline} onDone={reload} />

      <h2 className="cd-subtitle"><Trans>Matches</Trans></h2>
      <CouponLines lines={d.lines} lang={lang} />
    </div>
  );
}

const NOT_FOUND: CouponDetailView = {
  found: false, coupon: null, lines: [], sell: { offered: false, amount: 0 }, part: { min: 0, max: 0 }, sells: [], autoSell: null, cancel: { offered: false },
  disabledReason: '', offline: false, updatedAt: null,
};
