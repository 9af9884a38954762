import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BoCoupon } from '../../../../domain/backoffice/calls.ts';
import type { PaymentState } from '../../../../domain/backoffice/figures.ts';
import { bo } from '../bo-client.ts';
import { BoDialog } from '../dialog.tsx';
import { useDealerFilter } from '../dealer-filter.ts';
import { FilterBar, type Filter } from '../filters.tsx';
import { BoList, num, oneOf, opt, useBoList } from '../list.tsx';
import { useAction, useBoFetch } from '../action.ts';
import { useBo, useCan } from '../session.tsx';
import { COUPON_STATUS, TICKET_TYPE } from '../labels.ts';
import { money, when } from '../format.ts';
import { formatOdds } from '../../../../domain/odds/display.ts';
import type { Column } from '../table.tsx';
import type { BoSearch } from '../url-state.ts';

const STATUS_VALUES = [0, 1, -1, -2, 2] as const;

/** The payload of bo/coupons from the URL's filters (also used by a user's coupons tab). */
export function couponFilters(s: BoSearch) {
  return {
    ...opt('couponId', num(s.couponId)), ...opt('userName', s.userName), ...opt('userId', num(s.userId)), ...opt('dealerId', num(s.dealerId)),
    ...opt('from', s.from), ...opt('to', s.to),
    ...opt('status', oneOf(s.status, STATUS_VALUES)),
    ...opt('ticketType', (['TK', 'KK', 'CK', 'SK'] as const).find((x) => x === s.ticketType)),
    ...opt('isLive', oneOf(s.isLive, [0, 1] as const)),
  };
}

/** Coupon columns; the payment state only with showPaymentState. */
export function useCouponColumns(): Column<BoCoupon>[] {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const can = useCan();
  const cols: Column<BoCoupon>[] = [
    { key: 'id', header: t({ message: 'Coupon', context: 'back office' }), render: (c) => <span className="num">{c.id}</span>, num: true, sort: 'id' },
    { key: 'date', header: t`Date`, render: (c) => when(c.createdAt, lang), sort: 'createdAt' },
    { key: 'user', header: t`User`, render: (c) => c.userName, sort: 'userName' },
    { key: 'dealer', header: t`Dealer`, render: (c) => c.dealerName },
    { key: 'type', header: t`Type`, render: (c) => `${TICKET_TYPE[c.ticketType] ? t(TICKET_TYPE[c.ticketType]!) : c.ticketType}${c.isLive ? ` · ${t`Live`}` : ''}` },
    { key: 'status', header: t`Status`, render: (c) => <CouponStatus status={c.status} /> },
    { key: 'stake', header: t`Stake`, render: (c) => money(c.totalStake, me.currency, lang), num: true, sort: 'totalStake' },
    { key: 'max', header: t`Max. winning`, render: (c) => money(c.maxWinning, me.currency, lang), num: true },
    { key: 'win', header: t({ message: 'Won', context: 'back office' }), render: (c) => (c.winAmount ? money(c.winAmount, me.currency, lang) : ''), num: true },
  ];
  if (can('showPaymentState')) cols.push({ key: 'paid', header: t`Payment`, render: (c) => <PayState state={c.payState} /> });
  return cols;
}

export function CouponStatus({ status }: { status: number }) {
  const { t } = useLingui();
  const cls = status === 1 ? 'bo-badge bo-badge-green' : status === -1 || status === -2 ? 'bo-badge bo-badge-red' : status === 0 ? 'bo-badge bo-badge-amber' : 'bo-badge';
  return <span className={cls}>{COUPON_STATUS[status] ? t(COUPON_STATUS[status]!) : String(status)}</span>;
}

/** Coupons of the subtree: search, the detail with lines, and the actions the role holds. */
export function CouponsScreen() {
  const { t } = useLingui();
  const list = useBoList('bo/coupons', couponFilters);
  const columns = useCouponColumns();
  const [open, setOpen] = useState<number | null>(null);
  const dealerFilter = useDealerFilter();
  const filters: Filter[] = [
    { name: 'couponId', label: t`Coupon number`, type: 'number', search: false },
    { name: 'userName', label: t`User`, type: 'text', search: true, placeholder: t`Username` },
    dealerFilter,
    { name: 'from', label: t`From`, type: 'date' },
    { name: 'to', label: t`To`, type: 'date' },
    { name: 'status', label: t`Status`, type: 'select', options: [{ value: '', label: t`All` }, ...STATUS_VALUES.map((s) => ({ value: String(s), label: t(COUPON_STATUS[s]!) }))] },
    { name: 'ticketType', label: t`Type`, type: 'select', options: [{ value: '', label: t`All` }, ...Object.entries(TICKET_TYPE).map(([k, d]) => ({ value: k, label: t(d) }))] },
    { name: 'isLive', label: t`Live`, type: 'select', options: [{ value: '', label: t`All` }, { value: '1', label: t`Live` }, { value: '0', label: t`Pre-match` }] },
  ];
  return (
    <>
      <FilterBar filters={filters} search={list.search} onApply={(v) => list.setSearch(v)} />
      <BoList list={list} label={t({ message: 'Coupons', context: 'back office' })} columns={columns} rowKey={(c) => c.id} onOpen={(c) => setOpen(c.id)} selected={open ?? undefined}
        empty={<Trans>No coupon matches these filters.</Trans>} />
      <p className="bo-note"><Trans>Enter or double-click opens a coupon.</Trans></p>
      {open !== null && <CouponDetail couponId={open} onClose={() => setOpen(null)} onChanged={list.reload} />}
    </>
  );
}

type CouponAction = 'bo/cancelCoupon' | 'bo/setCouponWaiting' | 'bo/sellCoupon' | 'bo/markCouponPaid';

/** A coupon with its lines and the actions the role holds; each action asks first, naming the coupon and amounts. */
export function CouponDetail({ couponId, onClose, onChanged }: { couponId: number; onClose: () => void; onChanged: () => void }) {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const can = useCan();
  const { reply, reload } = useBoFetch('bo/couponDetail', { couponId });
  const [ask, setAsk] = useState<CouponAction | null>(null);
  const act = useAction();
  const c = reply?.status ? reply.coupon : null;
  const actions: Array<{ call: CouponAction; label: string; show: boolean; danger: boolean }> = c ? [
    { call: 'bo/cancelCoupon', label: t`Cancel coupon`, show: can('cancelCoupon') && c.status === 0, danger: true },
    { call: 'bo/setCouponWaiting', label: t`Set waiting`, show: can('setCouponWaiting') && c.status !== 0, danger: false },
    { call: 'bo/sellCoupon', label: t`Sell coupon`, show: can('sellCoupon') && c.status === 0, danger: false },
    { call: 'bo/markCouponPaid', label: t`Mark paid`, show: can('markCouponPaid') && c.payState === 'toPay', danger: false },
  ] : [];
  const chosen = actions.find((a) => a.call === ask);
  const confirm = async () => {
    if (!ask) return;
    const r = await act.run(() => bo(ask, { couponId }));
    setAsk(null);
    if (r) { reload(); onChanged(); }
  };
  return (
    <BoDialog open wide title={t`Coupon ${couponId}`} onClose={onClose}>
      {reply === null ? <div className="bo-skel-block" aria-busy="true" /> : !reply.status ? <p className="bo-error" role="alert">{reply.msg}</p> : c && (
        <>
          <dl className="bo-summary">
            <dt>{t`User`}</dt><dd>{c.userName}</dd>
            <dt>{t`Dealer`}</dt><dd>{c.dealerName || '—'}</dd>
            <dt>{t`Date`}</dt><dd>{when(c.createdAt, lang)}</dd>
            <dt>{t`Type`}</dt><dd>{TICKET_TYPE[c.ticketType] ? t(TICKET_TYPE[c.ticketType]!) : c.ticketType}{c.isLive ? ` · ${t`Live`}` : ''}</dd>
            <dt>{t`Status`}</dt><dd><CouponStatus status={c.status} />{can('showPaymentState') && <> <PayState state={c.payState} /></>}</dd>
            <dt>{t`Stake`}</dt><dd className="num">{money(c.totalStake, me.currency, lang)}</dd>
            <dt>{t`Max. winning`}</dt><dd className="num">{money(c.maxWinning, me.currency, lang)}</dd>
            {c.winAmount > 0 && <><dt>{t({ message: 'Won', context: 'back office' })}</dt><dd className="num">{money(c.winAmount, me.currency, lang)}</dd></>}
          </dl>
          <div className="bo-table-wrap">
            <table className="bo-table" aria-label={t`Coupon lines`}>
              <thead><tr><th>{t`Match`}</th><th className="num">{t`Odds`}</th><th>{t`Status`}</th></tr></thead>
              <tbody>
                {reply.lines.map((l) => (
                  <tr key={`${l.matchId}-${l.outcomeId}`}><td>{l.isBanko ? '★ ' : ''}{l.matchName}</td><td className="num">{formatOdds(l.odd)}</td><td><CouponStatus status={l.status} /></td></tr>
                ))}
              </tbody>
            </table>
          </div>
          {act.done && <p className="bo-ok" role="status">{act.done}</p>}
          {act.error && <p className="bo-error" role="alert">{act.error}</p>}
          <div className="bo-actions">
            {actions.filter((a) => a.show).map((a) => (
              <button key={a.call} type="button" className={a.danger ? 'bo-btn bo-btn-danger' : 'bo-btn'} onClick={() => { act.reset(); setAsk(a.call); }}>{a.label}</button>
            ))}
          </div>
          <BoDialog open={ask !== null} title={chosen?.label ?? ''} onClose={() => setAsk(null)} confirm={chosen?.label ?? ''} danger={chosen?.danger ?? false}
            busy={act.busy} onConfirm={() => void confirm()}>
            <p>{ask === 'bo/cancelCoupon'
              ? t`Cancel coupon ${couponId} of ${c.userName}? The stake of ${money(c.totalStake, me.currency, lang)} goes back to the player.`
              : ask === 'bo/markCouponPaid'
                ? t`Mark coupon ${couponId} of ${c.userName} as paid out (${money(c.winAmount, me.currency, lang)})? A ticket is paid only once.`
                : ask === 'bo/sellCoupon'
                  ? t`Sell coupon ${couponId} of ${c.userName} at its current sell price?`
                  : t`Set coupon ${couponId} of ${c.userName} back to waiting?`}</p>
          </BoDialog>
        </>
      )}
    </BoDialog>
  );
}

/** Where a coupon's win is: in the player's wallet (credited when it settled), to pay at the counter, or paid there. */
function PayState({ state }: { state: PaymentState }) {
  const { t } = useLingui();
  if (state === 'inWallet') return <span className="bo-badge">{t`In the wallet`}</span>;
  if (state === 'toPay') return <span className="bo-badge bo-badge-amber">{t`To pay at the counter`}</span>;
  if (state === 'paid') return <span className="bo-badge bo-badge-green">{t`Paid at the counter`}</span>;
  return null;
}
