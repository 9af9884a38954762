import { Trans, useLingui } from '@lingui/react/macro';
import type { BoBandRow, BoDailyRow } from '../../../../domain/backoffice/calls.ts';
import { FilterBar } from '../filters.tsx';
import { useDealerFilter } from '../dealer-filter.ts';
import { num, opt } from '../list.tsx';
import { useBoFetch } from '../action.ts';
import { useBo } from '../session.tsx';
import { daysAgo, money } from '../format.ts';
import { DataTable, type Column } from '../table.tsx';
import { useBoSearch } from '../url-state.ts';

type GroupBy = 'dealer' | 'shop' | 'terminal';

/**
 * Reports for a period: daily figures per dealer, shop or terminal, the stake-range buckets and the
 * payment bands; each with a CSV export the server streams (a plain link, never built here).
 */
export function ReportsScreen() {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const [search, setSearch] = useBoSearch();
  const from = search.from ?? daysAgo(7);
  const to = search.to ?? daysAgo(0);
  const groupBy: GroupBy = search.groupBy === 'shop' || search.groupBy === 'terminal' ? search.groupBy : 'dealer';
  const dealerId = num(search.dealerId);
  const base = { from, to, ...opt('dealerId', dealerId) };
  const dealerFilter = useDealerFilter();
  const daily = useBoFetch('bo/dailyReport', { ...base, groupBy });
  const stakes = useBoFetch('bo/stakeRanges', base);
  const bands = useBoFetch('bo/paymentBands', base);
  const csv = (report: string) => `/api/bo/export/${report}.csv?${new URLSearchParams({ from, to, groupBy, lang, ...(dealerId ? { dealerId: String(dealerId) } : {}) }).toString()}`;
  const m = (v: number) => money(v, me.currency, lang);
  const dailyCols: Column<BoDailyRow>[] = [
    { key: 'day', header: t`Day`, render: (r) => r.day },
    { key: 'name', header: groupBy === 'terminal' ? t`Terminal` : groupBy === 'shop' ? t`Shop` : t`Dealer`, render: (r) => r.name },
    { key: 'sold', header: t`Sold`, render: (r) => r.sold, num: true },
    { key: 'voided', header: t`Voided`, render: (r) => r.voided, num: true },
    { key: 'cancelled', header: t`Cancelled`, render: (r) => r.cancelled, num: true },
    { key: 'settledStakes', header: t`Stakes (settled)`, render: (r) => m(r.settledStakes), num: true },
    { key: 'payouts', header: t`Payouts`, render: (r) => m(r.payouts), num: true },
    { key: 'ggr', header: t`GGR (settled)`, render: (r) => <span className={r.ggr < 0 ? 'bo-down' : undefined}>{m(r.ggr)}</span>, num: true },
    { key: 'open', header: t`Open stakes`, render: (r) => `${r.open} · ${m(r.openStakes)}`, num: true },
    { key: 'liability', header: t`Open liability`, render: (r) => m(r.openLiability), num: true },
    { key: 'wallet', header: t`Won to wallets`, render: (r) => m(r.inWallet), num: true },
    { key: 'counter', header: t`Paid at the counter`, render: (r) => `${r.paid} · ${m(r.paidAmount)}`, num: true },
    { key: 'toPay', header: t`To pay at the counter`, render: (r) => `${r.toPayCount} · ${m(r.toPayAmount)}`, num: true },
  ];
  const bandCols: Column<BoBandRow>[] = [
    { key: 'band', header: t`Band`, render: (r) => (r.max === null ? `${m(r.min)} +` : `${m(r.min)} – ${m(r.max)}`) },
    { key: 'count', header: t`Count`, render: (r) => r.count, num: true },
    { key: 'amount', header: t`Amount`, render: (r) => m(r.amount), num: true },
  ];
  const rowsOf = <R,>(r: { reply: ({ status: true; results: R[] } | { status: false; msg: string }) | null }) => (r.reply === null ? null : r.reply.status ? r.reply.results : []);
  return (
    <>
      <FilterBar filters={[
        { name: 'from', label: t`From`, type: 'date' }, { name: 'to', label: t`To`, type: 'date' },
        { name: 'groupBy', label: t`Per`, type: 'select', options: [{ value: '', label: t`Dealer` }, { value: 'shop', label: t`Shop` }, { value: 'terminal', label: t`Terminal` }] },
        dealerFilter,
      ]} search={{ ...search, from, to }} onApply={(v) => setSearch(v)} />
      <section aria-labelledby="r-daily">
        <div className="bo-actions"><h2 id="r-daily"><Trans>Daily report</Trans></h2><a className="bo-btn bo-btn-small" href={csv('dailyReport')} download><Trans>CSV export</Trans></a></div>
        {daily.reply && !daily.reply.status && <p className="bo-error" role="alert">{daily.reply.msg}</p>}
        <DataTable label={t`Daily report`} columns={dailyCols} rows={rowsOf(daily)} rowKey={(r) => `${r.day}-${r.id}`} />
      </section>
      <div className="bo-split bo-split-even">
        <section aria-labelledby="r-stakes">
          <div className="bo-actions"><h2 id="r-stakes"><Trans>Stake ranges</Trans></h2><a className="bo-btn bo-btn-small" href={csv('stakeRanges')} download><Trans>CSV export</Trans></a></div>
          <DataTable label={t`Stake ranges`} columns={bandCols} rows={rowsOf(stakes)} rowKey={(r) => r.band} />
        </section>
        <section aria-labelledby="r-bands">
          <div className="bo-actions"><h2 id="r-bands"><Trans>Payment bands</Trans></h2><a className="bo-btn bo-btn-small" href={csv('paymentBands')} download><Trans>CSV export</Trans></a></div>
          <DataTable label={t`Payment bands`} columns={bandCols} rows={rowsOf(bands)} rowKey={(r) => r.band} />
        </section>
      </div>
    </>
  );
}
