import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui, Plural } from '@lingui/react/macro';
import type { CouponDetailView, CouponFilter, CouponListView, CouponRowView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { OfflineNote } from './OfflineNote.tsx';
import { couponListFor, FIRST_FILTER } from './first-coupon-list.ts';
import { KIND, STATUS, STATUS_FILTERS, TYPE_FILTERS, WIN } from '../../ui/coupon-text.ts';

// A coupon's matches show only when its row is opened: their lines (with the live clock and the
// market names) load then, beside the coupon's detail, not with the list (the list is
// Coupons' largest paint, and five files fewer share the first load's link).
const CouponLines = lazy(() => import('./CouponLines.tsx').then((m) => ({ default: m.CouponLines })));
const LINES_SKELETON = <div className="skeleton" style={{ height: 60, margin: 12 }} />;

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: CouponListView };

/** Coupon history: filters on status, type and dates; 25 a page; rows expand to their matches. */
export function CouponsPage({ lang }: { lang: string }) {
  const { t } = useLingui();
  const { user } = useSession();
  const [filter, setFilter] = useState<CouponFilter>(FIRST_FILTER);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  // A new filter object (also the retry's copy) loads again; the last page stays shown meanwhile.
  useEffect(() => {
    let live = true;
    couponListFor(filter).then((data) => live && setLoad({ state: 'ready', data }), () => live && setLoad({ state: 'error' }));
    return () => { live = false; };
  }, [filter]);

  const set = (patch: Partial<CouponFilter>) => setFilter((f) => ({ ...f, page: 0, ...patch }));
  const data = load.state === 'ready' ? load.data : null;
  const money = (m: number) => formatMoney(m, user?.currencySymbol ?? 'TL', lang);

  return (
    <div className="coupons-page">
      <h1 className="page-title"><Trans>My coupons</Trans></h1>
      {data?.offline && <OfflineNote updatedAt={data.updatedAt} lang={lang} />}
      <form className="coupon-filters" onSubmit={(e) => e.preventDefault()} aria-label={t`Coupon filters`}>
        <label className="cf-field">
          <span><Trans>Status</Trans></span>
          <select className="input" data-testid="filter-status" value={String(filter.status ?? '')} onChange={(e) => set({ status: e.target.value === '' ? '' : Number(e.target.value) })}>
            {STATUS_FILTERS.map((o) => <option key={String(o.value)} value={String(o.value)}>{t(o.label)}</option>)}
          </select>
        </label>
        <label className="cf-field">
          <span><Trans>Type</Trans></span>
          <select className="input" data-testid="filter-type" value={String(filter.couponType ?? '')} onChange={(e) => set({ couponType: e.target.value === '' ? '' : Number(e.target.value) })}>
            {TYPE_FILTERS.map((o) => <option key={String(o.value)} value={String(o.value)}>{t(o.label)}</option>)}
          </select>
        </label>
        <label className="cf-field">
          <span><Trans>From</Trans></span>
          <input className="input" type="date" data-testid="filter-from" value={data?.startDate ?? ''} min={data?.minDate} max={data?.today}
            onChange={(e) => e.target.value && set({ startDate: e.target.value })} />
        </label>
        <label className="cf-field">
          <span><Trans>To</Trans></span>
          <input className="input" type="date" data-testid="filter-to" value={data?.endDate ?? ''} min={data?.startDate} max={data?.today}
            onChange={(e) => e.target.value && set({ endDate: e.target.value })} />
        </label>
      </form>

      {load.state === 'loading' && <div aria-busy="true">{[0, 1, 2].map((i) => <div key={i} className="coupon-card skeleton" style={{ height: 110 }} />)}</div>}
      {load.state === 'error' && (
        <div className="state" role="alert">
          <h2><Trans>Coupons could not be loaded</Trans></h2>
          <button type="button" className="btn btn-primary" onClick={() => { setLoad({ state: 'loading' }); setFilter((f) => ({ ...f })); }}><Trans>Retry</Trans></button>
        </div>
      )}
      {data && data.results.length === 0 && (
        <div className="state" data-testid="coupons-empty">
          <h2><Trans>No coupons found</Trans></h2>
          <p><Trans>No coupon matches these filters. Change the status, type or dates to see more.</Trans></p>
        </div>
      )}
      {data && (
        <div data-testid="coupon-list" aria-live="polite">
          {data.results.map((c) => <CouponCard key={c.id} c={c} lang={lang} money={money} />)}
        </div>
      )}
      {data && data.totalCount > 0 && (
        <nav className="pager" aria-label={t`Pages`}>
          <button type="button" className="btn btn-small" data-testid="page-prev" disabled={!data.hasPrev} onClick={() => setFilter((f) => ({ ...f, page: (f.page ?? 0) - 1 }))}><Trans>Previous</Trans></button>
          <span data-testid="page-info"><Trans>Page {data.page + 1} of {data.pages}</Trans> · <Trans>{data.totalCount} coupons</Trans></span>
          <button type="button" className="btn btn-small" data-testid="page-next" disabled={!data.hasNext} onClick={() => setFilter((f) => ({ ...f, page: (f.page ?? 0) + 1 }))}><Trans>Next</Trans></button>
        </nav>
      )}
    </div>
  );
}

/** One history row; tapping the chevron expands it to its matches (loaded from the detail). */
function CouponCard({ c, lang, money }: { c: CouponRowView; lang: string; money: (m: number) => string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<CouponDetailView | null>(null);
  const toggle = useCallback(() => {
    setOpen((o) => !o);
    if (!detail) void core.couponDetail(c.id).then(setDetail, () => setDetail(null));
  }, [c.id, detail]);
  const kind = t(KIND[c.kindShown] ?? KIND.combine!);
  return (
    <article className="coupon-card" data-testid="coupon-card" data-tone={c.tone} aria-label={t`Coupon ${c.ticketId}`}>
      <header>
        <Link to="/$lang/CouponDetail/$id" params={{ lang, id: String(c.id) }} className="cc-head-link" data-testid="coupon-open">
          <div className="kind">{kind} · <Plural value={c.totalTipps} one="# selection" other="# selections" /> · #{c.ticketId}</div>
          <div className="date">{formatDateTime(c.ticketDate, lang)}</div>
        </Link>
        <span className="status-pill" data-tone={c.tone} data-testid="coupon-status">{t(STATUS[c.status] ?? STATUS[0]!)}</span>
      </header>
      <div className="figures">
        <div><small><Trans>Stake</Trans></small>{money(c.totalStake)}</div>
        <div><small><Trans>Odds</Trans></small>{c.totalOddsText}</div>
        <div><small><Trans>Possible gain</Trans></small>{money(c.maxPay)}</div>
        <div><small><Trans>Win</Trans></small><span className="win" data-win={c.win}>{t(WIN[c.win] ?? WIN.waiting!)}</span></div>
        <div><small><Trans>Payment</Trans></small>{c.payment === null ? '-' : money(c.payment)}</div>
        <div className="cc-expand">
          <button type="button" className="btn btn-small btn-ghost" aria-expanded={open} onClick={toggle} data-testid="coupon-expand">
            {open ? <Trans>Hide matches</Trans> : <Trans>Matches</Trans>}
          </button>
        </div>
      </div>
      {open && (detail ? (detail.found ? <Suspense fallback={LINES_SKELETON}><CouponLines lines={detail.lines} lang={lang} /></Suspense> : <p className="cc-note"><Trans>The matches could not be loaded.</Trans></p>) : LINES_SKELETON)}
    </article>
  );
}
