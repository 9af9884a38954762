import { useCallback, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AffiliatePageView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useLoad } from '../../ui/use-load.ts';

type Range = { startDate: string; endDate: string };

/** One list of the manager with its states and pager; the rows come drawn by `row`. */
function PagedList<R>({ fetch, renderRow, testId }: { fetch: (page: number) => Promise<AffiliatePageView<R> | null>; renderRow: (r: R) => ReactNode; testId: string }) {
  const [page, setPage] = useState(0);
  const get = useCallback(() => fetch(page), [fetch, page]);
  const { load, retry } = useLoad(get);
  if (load.state === 'loading') return <div className="skeleton" style={{ height: 240 }} />;
  if (load.state === 'error' || !load.data) {
    return <div className="state"><p><Trans>Could not load the list.</Trans></p><button type="button" className="btn" onClick={retry}><Trans>Try again</Trans></button></div>;
  }
  const d = load.data;
  if (d.rows.length === 0) return <div className="state" data-testid={`${testId}-empty`}><h2><Trans>No movements</Trans></h2></div>;
  return (
    <>
      <ul className="hist-list" data-testid={testId}>{d.rows.map(renderRow)}</ul>
      {d.pages > 1 && (
        <div className="hist-pager">
          <button type="button" className="btn btn-small" disabled={page === 0} onClick={() => setPage(page - 1)}><Trans>Previous</Trans></button>
          <span>{page + 1} / {d.pages}</span>
          <button type="button" className="btn btn-small" disabled={page + 1 >= d.pages} onClick={() => setPage(page + 1)}><Trans>Next</Trans></button>
        </div>
      )}
    </>
  );
}

/** Users tab: the players who registered with the affiliate's link. */
export function AffiliateUsers() {
  const { t } = useLingui();
  const fetch = useCallback((page: number) => core.affiliateUsers(page), []);
  return (
    <PagedList fetch={fetch} testId="aff-users" renderRow={(u) => (
      <li key={u.userName}>
        <div><strong>{u.userName}</strong><small>{u.email}</small><small>{u.date}</small></div>
        <div className="hist-amount"><span>{u.creditText}</span><small className="hist-status" data-status={u.active ? 1 : 2}>{u.active ? t`Active` : t`Passive`}</small></div>
      </li>
    )} />
  );
}

/** Movements tab: the referred players' money movements in the period. */
export function AffiliateMovements({ range }: { range: Range }) {
  const { t } = useLingui();
  const [type, setType] = useState<'' | 'a' | 'e'>('');
  const fetch = useCallback((page: number) => core.affiliateMovements({ ...range, type, page }), [range, type]);
  return (
    <>
      <select className="input" aria-label={t`Type`} value={type} onChange={(e) => setType(e.target.value as '' | 'a' | 'e')}>
        <option value="">{t`All`}</option><option value="a">{t`Income`}</option><option value="e">{t`Expense`}</option>
      </select>
      <PagedList key={`${range.startDate}-${type}`} fetch={fetch} testId="aff-moves" renderRow={(m) => (
        <li key={m.id}>
          <div><strong>{m.userName}</strong><small>{m.type}{m.ticketId ? ` #${m.ticketId}` : ''}</small><small>{m.date}</small></div>
          <div className="hist-amount"><span className={m.income ? 'up' : 'down'}>{m.income ? '+' : '−'}{m.amountText}</span></div>
        </li>
      )} />
    </>
  );
}

/** Coupons tab: the referred players' coupons in the period. */
export function AffiliateCoupons({ range }: { range: Range }) {
  const { t } = useLingui();
  const [status, setStatus] = useState<'' | number>('');
  const fetch = useCallback((page: number) => core.affiliateCoupons({ ...range, status, page }), [range, status]);
  const STATUS: Record<number, string> = { 0: t`Waiting`, 1: t`Won`, [-1]: t`Lost`, [-2]: t`Canceled`, 2: t`Sold` };
  return (
    <>
      <select className="input" aria-label={t`Status`} value={status} onChange={(e) => setStatus(e.target.value === '' ? '' : Number(e.target.value))}>
        <option value="">{t`All`}</option>
        {[0, 1, -1, -2, 2].map((s) => <option key={s} value={s}>{STATUS[s]}</option>)}
      </select>
      <PagedList key={`${range.startDate}-${status}`} fetch={fetch} testId="aff-coupons" renderRow={(c) => (
        <li key={c.ticketId}>
          <div><strong>#{c.ticketId} · {c.userName}</strong><small>{c.date}</small></div>
          <div className="hist-amount"><span>{c.amountText}</span><small>{t`Possible gain`}: {c.maxPayText}</small><small className="hist-status" data-status={c.status === 1 ? 1 : c.status === 0 ? 0 : 2}>{STATUS[c.status] ?? ''}</small></div>
        </li>
      )} />
    </>
  );
}
