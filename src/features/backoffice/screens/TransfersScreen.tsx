import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { boLegacy, type TransferRequestRow } from '../bo-client.ts';
import { BoDialog } from '../dialog.tsx';
import { FilterBar } from '../filters.tsx';
import { PAGE_SIZE, num } from '../list.tsx';
import { useAction, useBoFetch, useKeyed } from '../action.ts';
import { useBo } from '../session.tsx';
import { money, when } from '../format.ts';
import { DataTable, Pager, type Column } from '../table.tsx';
import { pageOf, useBoSearch } from '../url-state.ts';
import { useMovementColumns } from './MovementsScreen.tsx';

/**
 * Deposit and withdrawal tracking: the requests (bo/transferRequests) filtered by status, and
 * beside the chosen one the player's recent movements; approve or reject after a confirmation
 * naming the player and amount.
 */
export function TransfersScreen() {
  const { t } = useLingui();
  const { lang } = useBo();
  const [search, setSearch] = useBoSearch();
  const { page } = pageOf(search);
  const status = search.status === undefined ? 0 : search.status === 'all' ? '' : num(search.status) ?? 0;
  const load = useCallback((key: string) => boLegacy<{ results: TransferRequestRow[]; totalCount: number }>('transferRequests', JSON.parse(key) as Record<string, unknown>), []);
  const { data, reload } = useKeyed(JSON.stringify({ status, order: page, limit: PAGE_SIZE }), load);
  const rows = data === null ? null : data.status ? data.results : [];
  const total = data?.status ? data.totalCount : 0;
  const error = data && !data.status ? data.msg || data.error : '';
  const [sel, setSel] = useState<TransferRequestRow | null>(null);
  const [ask, setAsk] = useState<'approveTransferReq' | 'rejectTransferReq' | null>(null);
  const [reason, setReason] = useState('');
  const act = useAction();
  const statusText = (s: number) => (s === 1 ? t`Confirmed` : s === 2 ? t`Rejected` : t`Waiting`);
  const columns: Column<TransferRequestRow>[] = [
    { key: 'id', header: '#', render: (r) => r.id, num: true },
    { key: 'date', header: t`Date`, render: (r) => when(r.createdAt, lang) },
    { key: 'user', header: t`Player`, render: (r) => r.userName },
    { key: 'kind', header: t`Kind`, render: (r) => (r.transferType === 0 ? t({ message: 'Deposit', context: 'back office' }) : t`Withdrawal`) },
    { key: 'method', header: t`Method`, render: (r) => `${r.catName} · ${r.payTag}` },
    { key: 'amount', header: t`Amount`, render: (r) => money(r.amount, r.currency, lang), num: true },
    { key: 'status', header: t`Status`, render: (r) => <span className={r.status === 0 ? 'bo-badge bo-badge-amber' : r.status === 1 ? 'bo-badge bo-badge-green' : 'bo-badge'}>{statusText(r.status)}</span> },
  ];
  const confirm = async () => {
    if (!sel || !ask) return;
    const r = await act.run(() => boLegacy<{ msg: string }>(ask, { requestId: sel.id, ...(reason.trim() ? { reason: reason.trim() } : {}) }));
    setAsk(null);
    if (r) { setReason(''); setSel(null); reload(); }
  };
  return (
    <div className="bo-split">
      <div>
        <FilterBar filters={[{ name: 'status', label: t`Status`, type: 'select', options: [{ value: '', label: t`Waiting` }, { value: '1', label: t`Confirmed` }, { value: '2', label: t`Rejected` }, { value: 'all', label: t`All` }] }]}
          search={search} onApply={(v) => setSearch(v)} />
        {error && <p className="bo-error" role="alert">{error}</p>}
        {act.done && <p className="bo-ok" role="status">{act.done}</p>}
        <DataTable label={t`Deposit and withdrawal requests`} columns={columns} rows={rows} rowKey={(r) => r.id} onOpen={setSel} selected={sel?.id}
          empty={<Trans>No request with this status.</Trans>} />
        {rows !== null && total > PAGE_SIZE && <Pager page={page} size={PAGE_SIZE} total={total} onPage={(p) => setSearch({ page: String(p) }, false)} />}
        <p className="bo-note"><Trans>Enter or double-click shows a request with the player's history.</Trans></p>
      </div>
      <section className="bo-panel" aria-labelledby="req-title">
        <h2 id="req-title">{sel ? t`Request ${sel.id}` : t`Request`}</h2>
        {!sel ? <p className="bo-note"><Trans>Choose a request in the list.</Trans></p> : (
          <>
            <dl className="bo-summary">
              <dt>{t`Player`}</dt><dd>{sel.userName}</dd>
              <dt>{t`Kind`}</dt><dd>{sel.transferType === 0 ? t({ message: 'Deposit', context: 'back office' }) : t`Withdrawal`}</dd>
              <dt>{t`Amount`}</dt><dd className="num">{money(sel.amount, sel.currency, lang)}</dd>
              <dt>{t`Method`}</dt><dd>{sel.catName} · {sel.payTag}</dd>
              <dt>{t`Date`}</dt><dd>{when(sel.createdAt, lang)}</dd>
              {Array.isArray(sel.values) && (sel.values as Array<{ name: string; value: string }>).map((v) => <FormValue key={v.name} name={v.name} value={v.value} />)}
              {sel.reqResult && <><dt>{t`Note`}</dt><dd>{sel.reqResult}</dd></>}
            </dl>
            {sel.status === 0 && (
              <div className="bo-actions" style={{ marginBlock: 12 }}>
                <button type="button" className="bo-btn bo-btn-primary" onClick={() => { act.reset(); setAsk('approveTransferReq'); }}>{t`Approve`}</button>
                <button type="button" className="bo-btn bo-btn-danger" onClick={() => { act.reset(); setAsk('rejectTransferReq'); }}>{t`Reject`}</button>
              </div>
            )}
            {act.error && <p className="bo-error" role="alert">{act.error}</p>}
            <PlayerHistory userName={sel.userName} />
          </>
        )}
      </section>
      <BoDialog open={ask !== null && sel !== null} title={ask === 'rejectTransferReq' ? t`Reject request` : t`Approve request`} onClose={() => setAsk(null)} busy={act.busy}
        confirm={ask === 'rejectTransferReq' ? t`Reject` : t`Approve`} danger={ask === 'rejectTransferReq'} onConfirm={() => void confirm()}>
        {sel && <p>{sel.transferType === 0
          ? (ask === 'rejectTransferReq' ? t`Reject the deposit of ${money(sel.amount, sel.currency, lang)} by ${sel.userName}?` : t`Approve the deposit of ${money(sel.amount, sel.currency, lang)} by ${sel.userName}? The amount is credited to the player.`)
          : (ask === 'rejectTransferReq' ? t`Reject the withdrawal of ${money(sel.amount, sel.currency, lang)} by ${sel.userName}? The reserved amount goes back to the player.` : t`Approve the withdrawal of ${money(sel.amount, sel.currency, lang)} by ${sel.userName}?`)}</p>}
        <label className="bo-field"><span>{t`Note to the player (optional)`}</span><input name="reason" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} /></label>
      </BoDialog>
    </div>
  );
}

const FormValue = ({ name, value }: { name: string; value: string }) => <><dt>{name}</dt><dd>{value}</dd></>;

/** The player's latest movements beside a request (found by username in the subtree). */
function PlayerHistory({ userName }: { userName: string }) {
  const { t } = useLingui();
  const columns = useMovementColumns().filter((c) => c.key !== 'user' && c.key !== 'id');
  const users = useBoFetch('bo/users', { search: userName, limit: 5 });
  const user = users.reply?.status ? users.reply.results.find((u) => u.userName === userName) : undefined;
  const moves = useBoFetch('bo/userMovements', user ? { userId: user.id, limit: 20 } : null);
  return (
    <>
      <h3><Trans>Player's history</Trans></h3>
      <DataTable label={t`Player's history`} columns={columns} rows={users.reply === null || (user && moves.reply === null) ? null : moves.reply?.status ? moves.reply.results : []} rowKey={(m) => m.id} />
    </>
  );
}
