import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ShopReportRow } from '../../../../domain/retail/calls.ts';
import { bo } from '../bo-client.ts';
import { FilterBar } from '../filters.tsx';
import { useBo } from '../session.tsx';
import { daysAgo, money, when } from '../format.ts';
import { DataTable, type Column } from '../table.tsx';
import { useBoSearch } from '../url-state.ts';

/** Opens the day-close (Z) report of a terminal or a shop on the 80 mm printer (the page prints itself). */
function printZ(lang: string, day: string, q: { terminalId?: number; shopId?: number | null }) {
  const params = new URLSearchParams({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  if (q.terminalId) params.set('terminalId', String(q.terminalId));
  if (q.shopId) params.set('shopId', String(q.shopId));
  window.open(`/ekol/retail/z/${lang}/${day}?${params.toString()}`, `z-${day}`, 'popup,width=380,height=800');
}

/**
 * Shop terminals: the shop report per terminal for a day or a range (sold, paid,
 * voided, cancelled, reprints, cash in, vouchers, wins owed to ticket holders, over/short against
 * the ledger), the day-close (Z) report of a terminal or a shop printed for 80 mm, and a pairing
 * code for a kiosk.
 */
export function RetailScreen() {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const [search, setSearch] = useBoSearch();
  const from = search.from ?? daysAgo(0);
  const to = search.to ?? daysAgo(0);
  const [rows, setRows] = useState<ShopReportRow[] | null>(null);
  const [error, setError] = useState('');
  const [pairing, setPairing] = useState<{ terminal: string; code: string; expires: string } | null>(null);
  const load = useCallback(() => bo('bo/shopReport', { from, to }).then((r) => {
    setRows(r.status ? r.results : []);
    setError(r.status ? '' : r.msg);
  }), [from, to]);
  useEffect(() => { void load(); }, [load]);
  const m = (v: number) => money(v, me.currency, lang);
  const pair = async (r: ShopReportRow) => {
    const p = await bo('bo/terminalPairingCode', { terminalId: r.terminalId });
    if (!p.status) { setError(p.msg); return; }
    setPairing({ terminal: r.terminalNo || r.userName, code: `${p.code.slice(0, 4)}-${p.code.slice(4)}`, expires: when(p.expiresAt, lang) });
  };
  const cols: Column<ShopReportRow>[] = [
    { key: 'terminal', header: t`Terminal`, render: (r) => `${r.terminalNo} · ${r.userName}` },
    { key: 'shop', header: t`Shop`, render: (r) => r.shopName },
    { key: 'sold', header: t`Sold`, render: (r) => r.ticketsSold, num: true },
    { key: 'stakes', header: t`Stakes`, render: (r) => m(r.stakes), num: true },
    { key: 'voided', header: t`Voided`, render: (r) => r.voided, num: true },
    { key: 'cancelled', header: t`Cancelled`, render: (r) => r.cancelled, num: true },
    { key: 'paid', header: t`Paid`, render: (r) => `${r.ticketsPaid} · ${m(r.paidAmount)}`, num: true },
    { key: 'reprints', header: t`Reprints`, render: (r) => r.reprints, num: true },
    { key: 'cashIn', header: t`Cash in`, render: (r) => m(r.cashIn), num: true },
    { key: 'vouchersOut', header: t`Vouchers issued`, render: (r) => `${r.vouchersIssued} · ${m(r.vouchersIssuedAmount)}`, num: true },
    { key: 'vouchersIn', header: t`Vouchers redeemed`, render: (r) => `${r.vouchersRedeemed} · ${m(r.vouchersRedeemedAmount)}`, num: true },
    { key: 'liability', header: t`Owed on tickets`, render: (r) => (r.shortfall ? `${m(r.liability)} (${t`short ${m(r.shortfall)}`})` : m(r.liability)), num: true },
    { key: 'unclaimed', header: t`Unclaimed (expired)`, render: (r) => m(r.unclaimed), num: true },
    { key: 'overShort', header: t`Over/short`, render: (r) => <span className={r.overShort !== 0 ? 'bo-down' : undefined}>{m(r.overShort)}</span>, num: true },
    { key: 'z', header: t`Day close`, render: (r) => (
      <button type="button" className="bo-btn bo-btn-small" onClick={(e) => { e.stopPropagation(); printZ(lang, to, { terminalId: r.terminalId }); }} data-testid="bo-z-terminal">{t`Z report`}</button>) },
    { key: 'pair', header: t`Kiosk`, render: (r) => (me.permissions.includes('createTerminal')
      ? <button type="button" className="bo-btn bo-btn-small" onClick={(e) => { e.stopPropagation(); void pair(r); }} data-testid="bo-pairing">{t`Pairing code`}</button> : null) },
  ];
  const shops = [...new Map((rows ?? []).filter((r) => r.shopId).map((r) => [r.shopId, r.shopName])).entries()];
  return (
    <>
      <FilterBar filters={[{ name: 'from', label: t`From`, type: 'date' }, { name: 'to', label: t`To`, type: 'date' }]} search={{ ...search, from, to }} onApply={(v) => setSearch(v)} />
      {error && <p className="bo-error" role="alert">{error}</p>}
      {pairing && (
        <p className="bo-note" role="status" data-testid="bo-pairing-code">
          <Trans>Enter this code on terminal {pairing.terminal}: <b dir="ltr">{pairing.code}</b> (valid until {pairing.expires}, once).</Trans>
        </p>
      )}
      {shops.length > 0 && (
        <div className="bo-actions" role="group" aria-label={t`Day close (Z) of a shop`}>
          {shops.map(([id, name]) => (
            <button key={id} type="button" className="bo-btn" onClick={() => printZ(lang, to, { shopId: id })} data-testid="bo-z-shop">{t`Z report of ${name} for ${to}`}</button>
          ))}
        </div>
      )}
      <DataTable label={t`Shop report`} columns={cols} rows={rows} rowKey={(r) => String(r.terminalId)} />
    </>
  );
}
