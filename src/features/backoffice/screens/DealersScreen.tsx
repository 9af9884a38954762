import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BoDealer } from '../../../../domain/backoffice/calls.ts';
import { CHILD_ROLE_PERMISSION } from '../../../../domain/backoffice/permissions.ts';
import { parseAmount, minorToDecimal } from '../../../../domain/money.ts';
import { bo } from '../bo-client.ts';
import { BoDialog } from '../dialog.tsx';
import { useDealerFilter } from '../dealer-filter.ts';
import { FilterBar, type Filter } from '../filters.tsx';
import { BoList, num, oneOf, opt, useBoList } from '../list.tsx';
import { useAction, useBoFetch } from '../action.ts';
import { useBo, useCan } from '../session.tsx';
import { ROLE_LABEL } from '../labels.ts';
import { money, when } from '../format.ts';
import type { Column } from '../table.tsx';
import type { BoSearch } from '../url-state.ts';

const NODE_ROLES = ['operator', 'dealer', 'subDealer', 'partner'] as const;
type NodeRole = (typeof NODE_ROLES)[number];

const dealersPayload = (s: BoSearch) => {
  return {
    ...opt('search', s.search), ...opt('parentId', num(s.parentId)), ...opt('status', oneOf(s.status, [0, 1] as const)),
    ...opt('role', NODE_ROLES.find((r) => r === s.role)),
  };
};

/** The dealer network: the tree beside a paged list; create a dealer, sub-dealer or partner; limits and transfer blocks. */
export function DealersScreen() {
  const { t } = useLingui();
  const { lang } = useBo();
  const can = useCan();
  const list = useBoList('bo/dealers', dealersPayload);
  const [open, setOpen] = useState<BoDealer | null>(null);
  const [create, setCreate] = useState(false);
  const creatable = NODE_ROLES.filter((r) => r !== 'operator' && can(CHILD_ROLE_PERMISSION[r]));
  const parentFilter = useDealerFilter('parentId', t`Under`);
  const filters: Filter[] = [
    { name: 'search', label: t`Search`, type: 'text', search: true, placeholder: t`Username or name` },
    { name: 'role', label: t`Role`, type: 'select', options: [{ value: '', label: t`All` }, ...NODE_ROLES.map((r) => ({ value: r, label: t(ROLE_LABEL[r]) }))] },
    { name: 'status', label: t`Status`, type: 'select', options: [{ value: '', label: t`All` }, { value: '1', label: t`Active` }, { value: '0', label: t`Passive` }] },
    parentFilter,
  ];
  const columns: Column<BoDealer>[] = [
    { key: 'user', header: t`Dealer`, render: (d) => d.userName, sort: 'userName' },
    { key: 'name', header: t`Name`, render: (d) => `${d.firstName} ${d.lastName}`.trim() },
    { key: 'role', header: t`Role`, render: (d) => t(ROLE_LABEL[d.role]) },
    { key: 'status', header: t`Status`, render: (d) => <>{d.status ? <span className="bo-badge bo-badge-green">{t`Active`}</span> : <span className="bo-badge">{t`Passive`}</span>}{d.transfersBlocked && <> <span className="bo-badge bo-badge-red">{t`Transfers blocked`}</span></>}</> },
    { key: 'balance', header: t`Balance`, render: (d) => money(d.balance, d.currency, lang), num: true, sort: 'balance' },
    { key: 'users', header: t`Users`, render: (d) => `${d.users}${d.userLimit ? ` / ${d.userLimit}` : ''}`, num: true },
    { key: 'dealers', header: t`Sub-dealers`, render: (d) => `${d.dealers}${d.dealerLimit ? ` / ${d.dealerLimit}` : ''}`, num: true },
    { key: 'commission', header: t`Commission`, render: (d) => `${d.commissionPercent} %`, num: true },
    { key: 'created', header: t`Created`, render: (d) => when(d.createdAt, lang), sort: 'createdAt' },
  ];
  return (
    <div className="bo-split bo-split-tree">
      <div>
        <FilterBar filters={filters} search={list.search} onApply={(v) => list.setSearch(v)}
          extra={creatable.length > 0 && <button type="button" className="bo-btn bo-btn-primary" onClick={() => setCreate(true)}><Trans>New dealer</Trans></button>} />
        <BoList list={list} label={t`Dealers`} columns={columns} rowKey={(d) => d.id} onOpen={setOpen} selected={open?.id} />
      </div>
      <DealerTree onPick={(id) => list.setSearch({ parentId: String(id) })} />
      {open && <DealerDetail dealer={open} onClose={() => setOpen(null)} onChanged={() => { setOpen(null); list.reload(); }} />}
      {create && <CreateDealer roles={creatable} onClose={() => setCreate(false)} onCreated={() => { setCreate(false); list.reload(); }} />}
    </div>
  );
}

/** The subtree as an indented list (three levels); a click filters the list to a node's children. */
function DealerTree({ onPick }: { onPick: (id: number) => void }) {
  const { t } = useLingui();
  const { lang } = useBo();
  const { reply } = useBoFetch('bo/dealerTree', { depth: 3 });
  const nodes = reply?.status ? reply.nodes : [];
  const children = new Map<number | null, BoDealer[]>();
  for (const n of nodes) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n]);
  const ids = new Set(nodes.map((n) => n.id));
  const roots = nodes.filter((n) => n.parentId === null || !ids.has(n.parentId));
  const draw = (n: BoDealer, level: number): ReactNode => (
    <li key={n.id} style={{ paddingInlineStart: level * 14 }}>
      <button type="button" onClick={() => onPick(n.id)}>{n.userName}</button> <span className="bo-note">{t(ROLE_LABEL[n.role])} · <span className="num">{money(n.balance, n.currency, lang)}</span></span>
      {(children.get(n.id) ?? []).length > 0 && <ul className="bo-tree">{(children.get(n.id) ?? []).map((c) => draw(c, 1))}</ul>}
    </li>
  );
  return (
    <section className="bo-panel" aria-labelledby="tree-title">
      <h2 id="tree-title"><Trans>Network</Trans></h2>
      {reply === null ? <div className="bo-skel-block" aria-busy="true" /> : <ul className="bo-tree">{roots.map((n) => draw(n, 0))}</ul>}
    </section>
  );
}

function CreateDealer({ roles, onClose, onCreated }: { roles: NodeRole[]; onClose: () => void; onCreated: () => void }) {
  const { t } = useLingui();
  const act = useAction();
  const [f, setF] = useState({ role: roles[0] ?? 'subDealer', userName: '', password: '', firstName: '', lastName: '', parentId: '', commissionPercent: '0' });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const submit = async () => {
    const r = await act.run(() => bo('bo/createDealer', {
      role: f.role as NodeRole, userName: f.userName.trim(), password: f.password, firstName: f.firstName, lastName: f.lastName,
      commissionPercent: Math.min(100, Number(f.commissionPercent) || 0), ...opt('parentId', num(f.parentId)),
    }));
    if (r) onCreated();
  };
  return (
    <BoDialog open title={t`New dealer`} onClose={onClose} confirm={t`Create`} onConfirm={() => void submit()} busy={act.busy} error={act.error}>
      <div className="bo-grid-form">
        <label className="bo-field"><span>{t`Role`}</span><select name="role" value={f.role} onChange={set('role')}>{roles.map((r) => <option key={r} value={r}>{t(ROLE_LABEL[r])}</option>)}</select></label>
        <label className="bo-field"><span>{t`Username`}</span><input name="userName" required minLength={4} maxLength={20} value={f.userName} onChange={set('userName')} autoComplete="off" /></label>
        <label className="bo-field"><span>{t`Password`}</span><input name="password" required minLength={4} maxLength={20} value={f.password} onChange={set('password')} autoComplete="new-password" /></label>
        <label className="bo-field"><span>{t`First name`}</span><input name="firstName" value={f.firstName} onChange={set('firstName')} /></label>
        <label className="bo-field"><span>{t`Last name`}</span><input name="lastName" value={f.lastName} onChange={set('lastName')} /></label>
        <label className="bo-field"><span>{t`Commission %`}</span><input name="commissionPercent" inputMode="numeric" value={f.commissionPercent} onChange={set('commissionPercent')} /></label>
        <label className="bo-field"><span>{t`Under dealer (id, empty: you)`}</span><input name="parentId" inputMode="numeric" value={f.parentId} onChange={set('parentId')} /></label>
      </div>
    </BoDialog>
  );
}

/** One dealer: limits (operator team), transfer block, status and commission. */
function DealerDetail({ dealer: d, onClose, onChanged }: { dealer: BoDealer; onClose: () => void; onChanged: () => void }) {
  const { t } = useLingui();
  const { lang } = useBo();
  const can = useCan();
  const act = useAction();
  const [limits, setLimits] = useState({ userLimit: String(d.userLimit), dealerLimit: String(d.dealerLimit), casinoLimit: d.casinoLimit ? minorToDecimal(d.casinoLimit) : '0' });
  const [edit, setEdit] = useState({ status: d.status, commissionPercent: String(d.commissionPercent) });
  const [ask, setAsk] = useState<'block' | 'limits' | 'edit' | null>(null);
  const casino = limits.casinoLimit.trim() === '0' || limits.casinoLimit.trim() === '' ? 0 : parseAmount(limits.casinoLimit);
  const confirm = async () => {
    const r = ask === 'block' ? await act.run(() => bo('bo/blockTransfers', { dealerId: d.id, blocked: !d.transfersBlocked }))
      : ask === 'limits' ? await act.run(() => bo('bo/setDealerLimits', { dealerId: d.id, userLimit: Number(limits.userLimit) || 0, dealerLimit: Number(limits.dealerLimit) || 0, casinoLimit: casino ?? 0 }))
        : await act.run(() => bo('bo/editDealer', { dealerId: d.id, status: edit.status ? 1 : 0, commissionPercent: Math.min(100, Number(edit.commissionPercent) || 0) }));
    setAsk(null);
    if (r) onChanged();
  };
  return (
    <BoDialog open wide title={`${d.userName} · ${t(ROLE_LABEL[d.role])}`} onClose={onClose}>
      <dl className="bo-summary">
        <dt>{t`Name`}</dt><dd>{`${d.firstName} ${d.lastName}`.trim() || '—'}</dd>
        <dt>{t`Balance`}</dt><dd className="num">{money(d.balance, d.currency, lang)}</dd>
        <dt>{t`Users`}</dt><dd className="num">{d.users}</dd>
        <dt>{t`Sub-dealers`}</dt><dd className="num">{d.dealers}</dd>
      </dl>
      <div className="bo-actions">
        {(can('loadCredit') || can('withdrawCredit')) && <Link className="bo-btn" to="/$lang/bo/$screen" params={{ lang, screen: 'credit' }} search={{ targetId: d.id, search: d.userName }}>{t`Load or withdraw credit`}</Link>}
        {can('editRoles') && <Link className="bo-btn" to="/$lang/bo/$screen" params={{ lang, screen: 'roles' }} search={{ dealerId: d.id }}>{t`Permissions`}</Link>}
        {can('cutOff') && <Link className="bo-btn" to="/$lang/bo/$screen" params={{ lang, screen: 'cutoff' }} search={{ dealerId: d.id }}>{t`Cut-offs`}</Link>}
        {can('blockTransfers') && <button type="button" className={d.transfersBlocked ? 'bo-btn' : 'bo-btn bo-btn-danger'} onClick={() => { act.reset(); setAsk('block'); }}>{d.transfersBlocked ? t`Unblock transfers` : t`Block transfers`}</button>}
      </div>
      {can('setDealerLimits') && (
        <form onSubmit={(e) => { e.preventDefault(); act.reset(); setAsk('limits'); }}>
          <h3><Trans>Limits</Trans></h3>
          <div className="bo-grid-form">
            <label className="bo-field"><span>{t`Users it may create (0 unlimited)`}</span><input name="userLimit" inputMode="numeric" value={limits.userLimit} onChange={(e) => setLimits({ ...limits, userLimit: e.target.value.replace(/\D/g, '') })} /></label>
            <label className="bo-field"><span>{t`Sub-dealers (0 unlimited)`}</span><input name="dealerLimit" inputMode="numeric" value={limits.dealerLimit} onChange={(e) => setLimits({ ...limits, dealerLimit: e.target.value.replace(/\D/g, '') })} /></label>
            <label className="bo-field"><span>{t`Casino credit limit (0 none)`}</span><input name="casinoLimit" inputMode="decimal" value={limits.casinoLimit} onChange={(e) => setLimits({ ...limits, casinoLimit: e.target.value })} /></label>
          </div>
          <p><button type="submit" className="bo-btn" disabled={casino === null}>{t`Save limits`}</button></p>
        </form>
      )}
      {can('editRoles') && (
        <form onSubmit={(e) => { e.preventDefault(); act.reset(); setAsk('edit'); }}>
          <h3><Trans>Account</Trans></h3>
          <div className="bo-grid-form">
            <label className="bo-field"><span>{t`Status`}</span><select value={edit.status} onChange={(e) => setEdit({ ...edit, status: Number(e.target.value) })}><option value={1}>{t`Active`}</option><option value={0}>{t`Passive`}</option></select></label>
            <label className="bo-field"><span>{t`Commission %`}</span><input inputMode="numeric" value={edit.commissionPercent} onChange={(e) => setEdit({ ...edit, commissionPercent: e.target.value.replace(/\D/g, '') })} /></label>
          </div>
          <p><button type="submit" className="bo-btn">{t`Save`}</button></p>
        </form>
      )}
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      <BoDialog open={ask !== null} title={ask === 'block' ? (d.transfersBlocked ? t`Unblock transfers` : t`Block transfers`) : t`Save changes`} onClose={() => setAsk(null)}
        busy={act.busy} confirm={ask === 'block' ? (d.transfersBlocked ? t`Unblock` : t`Block`) : t`Save`} danger={ask === 'block' && !d.transfersBlocked} onConfirm={() => void confirm()}>
        {ask === 'block' && <p>{d.transfersBlocked ? t`${d.userName} may load and withdraw credit again.` : t`${d.userName} will not be able to load or withdraw credit until unblocked.`}</p>}
        {ask === 'limits' && <p>{t`Limits of ${d.userName}: ${Number(limits.userLimit) || 0} users, ${Number(limits.dealerLimit) || 0} sub-dealers (0 unlimited), casino credit ${money(casino ?? 0, d.currency, lang)}.`}</p>}
        {ask === 'edit' && <p>{t`${d.userName}: ${edit.status ? t`active` : t`passive`}, commission ${Number(edit.commissionPercent) || 0} %.`}</p>}
      </BoDialog>
    </BoDialog>
  );
}
