import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CouponListView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { useLoad } from '../../ui/use-load.ts';

const loadCoupons = (): Promise<CouponListView> => core.couponList();

/** Coupon history: newest first, status, stake, odds and possible gain. */
export function CouponsPage({ lang }: { lang: string }) {
  const { user } = useSession();
  const { t } = useLingui();
  const { load, retry } = useLoad(loadCoupons);
  const symbol = user?.currencySymbol ?? 'TL';
  const money = (m: number) => formatMoney(m, symbol, lang);

  return (
    <div>
      <h1 className="page-title"><Trans>My coupons</Trans></h1>
      {load.state === 'loading' && <div aria-busy="true">{[0, 1, 2].map((i) => <div key={i} className="coupon-card skeleton" style={{ height: 110 }} />)}</div>}
      {load.state === 'error' && (
        <div className="state" role="alert">
          <h2><Trans>Coupons could not be loaded</Trans></h2>
          <button type="button" className="btn btn-primary" onClick={retry}><Trans>Retry</Trans></button>
        </div>
      )}
      {load.state === 'ready' && load.data.results.length === 0 && (
        <div className="state"><h2><Trans>No coupons yet</Trans></h2><p><Trans>Coupons you place in the last 30 days show here.</Trans></p></div>
      )}
      {load.state === 'ready' && load.data.offline && <div className="banner offline-banner" role="status"><p><Trans>You are offline: showing your coupons as last loaded.</Trans></p></div>}
      {load.state === 'ready' && load.data.results.map((c) => (
        <article key={c.id} className="coupon-card" data-testid="coupon-card" aria-label={t`Coupon ${c.ticketId}`}>
          <header>
            <div>
              <div className="kind">{t(KIND[c.kindShown] ?? KIND.combine!)} · #{c.ticketId}</div>
              <div className="date">{formatDateTime(c.ticketDate, lang)}</div>
            </div>
            <span className="status-pill" data-tone={c.tone}>{t(STATUS[c.status] ?? STATUS[0]!)}</span>
          </header>
          <div className="figures">
            <div><small><Trans>Stake</Trans></small>{money(c.totalStake)}</div>
            <div><small><Trans>Odds</Trans></small>{c.totalOddsText}</div>
            <div><small><Trans>Possible gain</Trans></small>{money(c.maxPay)}</div>
          </div>
        </article>
      ))}
    </div>
  );
}

const STATUS: Record<number, MessageDescriptor> = {
  0: msg`Waiting`, 1: msg`Won`, [-1]: msg`Lost`, [-2]: msg`Cancelled`, 2: msg`Sold`,
};

const KIND: Record<string, MessageDescriptor> = {
  live: msg`Live`, single: msg`Single`, system: msg`System`, multipleCoupon: msg`Multiple`, combine: msg`Combined`,
};
