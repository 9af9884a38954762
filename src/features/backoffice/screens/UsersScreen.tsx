import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BettingLimits, BoUser } from '../../../../domain/backoffice/calls.ts';
import { PRODUCTS } from '../../../../domain/account/permissions.ts';
import { minorToDecimal, parseAmount } from '../../../../domain/money.ts';
import { bo } from '../bo-client.ts';
import { BoDialog } from '../dialog.tsx';
import { useDealerFilter } from '../dealer-filter.ts';
import { FilterBar, type Filter } from '../filters.tsx';
import { BoList, num, oneOf, opt, useBoList } from '../list.tsx';
import { useAction, useBoFetch } from '../action.ts';
import { useBo, useCan } from '../session.tsx';
import { ROLE_LABEL } from '../labels.ts';
import { money, when } from '../format.ts';
import { DataTable } from '../table.tsx';
import type { BoSearch } from '../url-state.ts';
import { CouponDetail, useCouponColumns } from './CouponsScreen.tsx';
import { useMovementColumns } from './MovementsScreen.tsx';
import { UserProtection } from './UserProtection.tsx';

const usersPayload = (s: BoSearch) => {
  return {
    ...opt('search', s.search), ...opt('role', (['player', 'terminal', 'user'] as const).find((r) => r === s.role)),
    ...opt('status', oneOf(s.status, [0, 1] as const)), ...opt('dealerId', num(s.dealerId)),
    ...opt('createdFrom', s.createdFrom), ...opt('createdTo', s.createdTo),
  };
};

/** Players and terminals of the subtree: search, filters, create, and a user's detail. */
export function UsersScreen() {
  const { t } = useLingui();
  const { lang } = useBo();
  const can = useCan();
  const list = useBoList('bo/users', usersPayload);
  const [open, setOpen] = useState<number | null>(null);
  const [create, setCreate] = useState(false);
  const dealerFilter = useDealerFilter();
  const filters: Filter[] = [
    { name: 'search', label: t`Search`, type: 'text', search: true, placeholder: t`Username or name` },
    { name: 'role', label: t`Role`, type: 'select', options: [{ value: '', label: t`All` }, { value: 'player', label: t(ROLE_LABEL.player) }, { value: 'terminal', label: t(ROLE_LABEL.terminal) }] },
    { name: 'status', label: t`Status`, type: 'select', options: [{ value: '', label: t`All` }, { value: '1', label: t`Active` }, { value: '0', label: t`Passive` }] },
    dealerFilter,
    { name: 'createdFrom', label: t`Created from`, type: 'date' },
    { name: 'createdTo', label: t`Created to`, type: 'date' },
  ];
  const columns = [
    { key: 'user', header: t`Username`, render: (u: BoUser) => u.userName, sort: 'userName' },
    { key: 'name', header: t`Name`, render: (u: BoUser) => `${u.firstName} ${u.lastName}`.trim() },
    { key: 'role', header: t`Role`, render: (u: BoUser) => `${t(ROLE_LABEL[u.role])}${u.terminalNo ? ` ${u.terminalNo}` : ''}` },
    { key: 'dealer', header: t`Dealer`, render: (u: BoUser) => u.dealerName },
    { key: 'status', header: t`Status`, render: (u: BoUser) => (u.status ? <span className="bo-badge bo-badge-green">{t`Active`}</span> : <span className="bo-badge">{t`Passive`}</span>) },
    { key: 'balance', header: t`Balance`, render: (u: BoUser) => money(u.balance, u.currency, lang), num: true, sort: 'balance' },
    { key: 'created', header: t`Created`, render: (u: BoUser) => when(u.createdAt, lang), sort: 'createdAt' },
    { key: 'last', header: t`Last login`, render: (u: BoUser) => when(u.lastLogin, lang), sort: 'lastLogin' },
    { key: 'open', header: '', render: (u: BoUser) => <button type="button" className="bo-btn bo-btn-small" onClick={() => setOpen(u.id)}>{t`Open`}</button> },
  ];
  return (
    <>
      <FilterBar filters={filters} search={list.search} onApply={(v) => list.setSearch(v)}
        extra={(can('createPlayer') || can('createTerminal')) && <button type="button" className="bo-btn bo-btn-primary" onClick={() => setCreate(true)}><Trans>New user</Trans></button>} />
      <BoList list={list} label={t`Users`} columns={columns} rowKey={(u) => u.id} onOpen={(u) => setOpen(u.id)} selected={open ?? undefined} />
      {open !== null && <UserDetail userId={open} onClose={() => setOpen(null)} onChanged={list.reload} />}
      {create && <CreateUser onClose={() => setCreate(false)} onCreated={(id) => { setCreate(false); list.reload(); setOpen(id); }} />}
    </>
  );
}

function CreateUser({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useLingui();
  const can = useCan();
  const act = useAction();
  const [f, setF] = useState({ kind: can('createPlayer') ? 'player' : 'terminal', userName: '', password: '', firstName: '', lastName: '', terminalNo: '', dealerId: '' });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const submit = async () => {
    const r = await act.run(() => bo('bo/createUser', {
      kind: f.kind as 'player' | 'terminal', userName: f.userName.trim(), password: f.password, firstName: f.firstName, lastName: f.lastName,
      ...opt('terminalNo', f.kind === 'terminal' && f.terminalNo ? f.terminalNo : undefined), ...opt('dealerId', num(f.dealerId)),
    }));
    if (r) onCreated(r.id);
  };
  return (
    <BoDialog open title={t`New user`} onClose={onClose} confirm={t`Create`} onConfirm={() => void submit()} busy={act.busy} error={act.error}>
      <div className="bo-grid-form">
        <label className="bo-field"><span>{t`Kind`}</span>
          <select name="kind" value={f.kind} onChange={set('kind')}>
            {can('createPlayer') && <option value="player">{t(ROLE_LABEL.player)}</option>}
            {can('createTerminal') && <option value="terminal">{t(ROLE_LABEL.terminal)}</option>}
          </select></label>
        <label className="bo-field"><span>{t`Username`}</span><input name="userName" required minLength={4} maxLength={20} value={f.userName} onChange={set('userName')} autoComplete="off" /></label>
        <label className="bo-field"><span>{t`Password`}</span><input name="password" required minLength={4} maxLength={20} value={f.password} onChange={set('password')} autoComplete="new-password" /></label>
        <label className="bo-field"><span>{t`First name`}</span><input name="firstName" value={f.firstName} onChange={set('firstName')} /></label>
        <label className="bo-field"><span>{t`Last name`}</span><input name="lastName" value={f.lastName} onChange={set('lastName')} /></label>
        {f.kind === 'terminal' && <label className="bo-field"><span>{t`Terminal number`}</span><input name="terminalNo" value={f.terminalNo} onChange={set('terminalNo')} placeholder="T-002" /></label>}
        <label className="bo-field"><span>{t`Under dealer (id, empty: you)`}</span><input name="dealerId" inputMode="numeric" value={f.dealerId} onChange={set('dealerId')} /></label>
      </div>
    </BoDialog>
  );
}

type Tab = 'profile' | 'products' | 'limits' | 'protection' | 'coupons' | 'movements';

/** One user: status, product permissions, betting limits, protection (players), password reset, coupons and movements. */
export function UserDetail({ userId, onClose, onChanged }: { userId: number; onClose: () => void; onChanged: () => void }) {
  const { t } = useLingui();
  const { lang } = useBo();
  const can = useCan();
  const { reply, reload } = useBoFetch('bo/userDetail', { userId });
  const [tab, setTab] = useState<Tab>('profile');
  const u = reply?.status ? reply.user : null;
  const changed = () => { reload(); onChanged(); };
  const tabs: Array<[Tab, string]> = [['profile', t`Profile`], ['products', t`Products`], ['limits', t`Betting limits`],
    ...(u?.role === 'player' ? [['protection', t`Protection`] as [Tab, string]] : []), ['coupons', t({ message: 'Coupons', context: 'back office' })], ['movements', t`Movements`]];
  return (
    <BoDialog open wide title={u ? `${u.userName} · ${t(ROLE_LABEL[u.role])}` : t`User`} onClose={onClose}>
      {reply === null ? <div className="bo-skel-block" aria-busy="true" /> : !reply.status ? <p className="bo-error" role="alert">{reply.msg}</p> : u && (
        <>
          <div className="bo-tabs" role="tablist">
            {tabs.map(([k, label]) => <button key={k} type="button" role="tab" aria-selected={tab === k} onClick={() => setTab(k)}>{label}</button>)}
          </div>
          {tab === 'profile' && (
            <>
              <dl className="bo-summary">
                <dt>{t`Name`}</dt><dd>{`${u.firstName} ${u.lastName}`.trim() || '—'}</dd>
                <dt>{t`Dealer`}</dt><dd>{u.dealerName || '—'}</dd>
                {u.terminalNo && <><dt>{t`Terminal number`}</dt><dd>{u.terminalNo}</dd></>}
                <dt>{t`Balance`}</dt><dd className="num">{money(u.balance, u.currency, lang)}</dd>
                <dt>{t`Created`}</dt><dd>{when(u.createdAt, lang)}</dd>
                <dt>{t`Last login`}</dt><dd>{when(u.lastLogin, lang) || '—'}</dd>
              </dl>
              <div className="bo-actions">
                {(can('loadCredit') || can('withdrawCredit')) && (
                  <Link className="bo-btn" to="/$lang/bo/$screen" params={{ lang, screen: 'credit' }} search={{ targetId: u.id, search: u.userName }}>{t`Load or withdraw credit`}</Link>
                )}
              </div>
              {can('editUsers') && <StatusAndPassword userId={u.id} userName={u.userName} status={u.status} onDone={changed} />}
            </>
          )}
          {tab === 'products' && <Products userId={u.id} initial={u.products} editable={can('editUsers')} onDone={changed} />}
          {tab === 'limits' && <Limits userId={u.id} initial={u.limits} staketype={u.staketype} editable={can('editUsers')} onDone={changed} />}
          {tab === 'protection' && <UserProtection userId={u.id} userName={u.userName} currency={u.currency} editable={can('editUsers')} />}
          {tab === 'coupons' && <UserCoupons userId={u.id} />}
          {tab === 'movements' && <UserMovements userId={u.id} />}
        </>
      )}
    </BoDialog>
  );
}

function StatusAndPassword({ userId, userName, status, onDone }: { userId: number; userName: string; status: number; onDone: () => void }) {
  const { t } = useLingui();
  const act = useAction();
  const [ask, setAsk] = useState<'status' | 'password' | null>(null);
  const [password, setPassword] = useState('');
  const confirm = async () => {
    const r = ask === 'status'
      ? await act.run(() => bo('bo/setUserStatus', { userId, status: status ? 0 : 1 }))
      : await act.run(() => bo('bo/resetPassword', { userId, password }));
    if (r) { setAsk(null); setPassword(''); onDone(); }
  };
  return (
    <>
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
      <div className="bo-actions">
        <button type="button" className={status ? 'bo-btn bo-btn-danger' : 'bo-btn'} onClick={() => { act.reset(); setAsk('status'); }}>{status ? t`Set passive` : t`Set active`}</button>
        <button type="button" className="bo-btn" onClick={() => { act.reset(); setAsk('password'); }}>{t`Reset password`}</button>
      </div>
      <BoDialog open={ask !== null} title={ask === 'status' ? (status ? t`Set passive` : t`Set active`) : t`Reset password`} onClose={() => setAsk(null)}
        confirm={ask === 'status' ? (status ? t`Set passive` : t`Set active`) : t`Reset password`} danger={ask === 'status' && status === 1} busy={act.busy} error={act.error} onConfirm={() => void confirm()}>
        {ask === 'status'
          ? <p>{status ? t`${userName} will not be able to log in until set active again.` : t`${userName} will be able to log in again.`}</p>
          : (
            <>
              <p>{t`A new password for ${userName}; their open sessions end.`}</p>
              <label className="bo-field"><span>{t`New password`}</span><input name="newPassword" required minLength={4} maxLength={20} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" /></label>
            </>
          )}
      </BoDialog>
    </>
  );
}

function Products({ userId, initial, editable, onDone }: { userId: number; initial: Record<string, number>; editable: boolean; onDone: () => void }) {
  const { t } = useLingui();
  const act = useAction();
  const [p, setP] = useState<Record<string, number>>(() => Object.fromEntries(PRODUCTS.map((k) => [k, initial[k] ?? 0])));
  const save = async () => { if (await act.run(() => bo('bo/setUserProducts', { userId, products: p as Record<(typeof PRODUCTS)[number], 0 | 1> }))) onDone(); };
  return (
    <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <div className="bo-perm-grid">
        {PRODUCTS.map((k) => (
          <label key={k} className="bo-check"><input type="checkbox" name={k} checked={p[k] === 1} disabled={!editable} onChange={(e) => setP({ ...p, [k]: e.target.checked ? 1 : 0 })} /><span>{k}</span></label>
        ))}
      </div>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
      {editable && <p><button type="submit" className="bo-btn bo-btn-primary" disabled={act.busy}>{t`Save products`}</button></p>}
    </form>
  );
}

const KINDS = ['single', 'combine', 'multiple', 'live', 'system'] as const;
const MONEY_FIELDS = ['minStake', 'maxStake', 'maxPay'] as const;
type KindForm = { minStake: string; maxStake: string; maxPay: string; minTip: string; status: boolean };
const decimal = (minor: number | undefined): string => (minor ? minorToDecimal(minor) : '0');
/** '' or '0' is 0 (no limit); else an amount with at most two decimals, or null when not one. */
const minorOf = (text: string): number | null => (text.trim() === '' || Number(text) === 0 ? 0 : parseAmount(text));

/** Betting limits per coupon kind: money as amounts, odds with two decimals (0 = no limit). */
function Limits({ userId, initial, staketype, editable, onDone }: { userId: number; initial: BettingLimits; staketype: number; editable: boolean; onDone: () => void }) {
  const { t } = useLingui();
  const act = useAction();
  const [l, setL] = useState<Record<string, KindForm>>(() => Object.fromEntries(KINDS.map((k) => {
    const v = initial[k];
    return [k, { minStake: decimal(v?.minStake), maxStake: decimal(v?.maxStake), maxPay: decimal(v?.maxPay), minTip: String(v?.minTip ?? 0), status: (v?.status ?? 1) === 1 }];
  })));
  const [odds, setOdds] = useState({ min: decimal(initial.minOddsCoupon ? initial.minOddsCoupon / 10 : 0), max: decimal(initial.maxOddsCoupon ? initial.maxOddsCoupon / 10 : 0) });
  const [st, setSt] = useState<0 | 1>(staketype === 1 ? 1 : 0);
  const label: Record<(typeof MONEY_FIELDS)[number], string> = { minStake: t`Min. stake`, maxStake: t`Max. stake`, maxPay: t`Max. pay` };
  const kindLabel: Record<(typeof KINDS)[number], string> = { single: t`Single`, combine: t`Combined`, multiple: t`Multiple`, live: t`Live`, system: t`System` };
  const parsed = KINDS.map((k) => ({ k, minStake: minorOf(l[k]!.minStake), maxStake: minorOf(l[k]!.maxStake), maxPay: minorOf(l[k]!.maxPay), minTip: Math.min(30, Number(l[k]!.minTip) || 0), status: l[k]!.status ? 1 as const : 0 as const }));
  const oddsMin = minorOf(odds.min);
  const oddsMax = minorOf(odds.max);
  const bad = oddsMin === null || oddsMax === null || parsed.some((p) => p.minStake === null || p.maxStake === null || p.maxPay === null);
  const save = async () => {
    if (bad) return;
    const limits: BettingLimits = { staketype: st, minOddsCoupon: oddsMin! * 10, maxOddsCoupon: oddsMax! * 10 };
    for (const p of parsed) limits[p.k] = { minStake: p.minStake!, maxStake: p.maxStake!, maxPay: p.maxPay!, minTip: p.minTip, status: p.status };
    if (await act.run(() => bo('bo/setUserLimits', { userId, limits }))) onDone();
  };
  const edit = (k: string, patch: Partial<KindForm>) => setL({ ...l, [k]: { ...l[k]!, ...patch } });
  return (
    <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <div className="bo-table-wrap">
        <table className="bo-table" aria-label={t`Betting limits`}>
          <thead><tr><th>{t`Coupon kind`}</th><th>{t`Allowed`}</th>{MONEY_FIELDS.map((f) => <th key={f} className="num">{label[f]}</th>)}<th className="num">{t`Min. tips`}</th></tr></thead>
          <tbody>
            {KINDS.map((k) => (
              <tr key={k}>
                <th scope="row">{kindLabel[k]}</th>
                <td><input type="checkbox" aria-label={`${kindLabel[k]} ${t`Allowed`}`} disabled={!editable} checked={l[k]!.status} onChange={(e) => edit(k, { status: e.target.checked })} /></td>
                {MONEY_FIELDS.map((f) => (
                  <td key={f} className="num"><input aria-label={`${kindLabel[k]} ${label[f]}`} inputMode="decimal" disabled={!editable} value={l[k]![f]} size={9}
                    aria-invalid={minorOf(l[k]![f]) === null} onChange={(e) => edit(k, { [f]: e.target.value })} /></td>
                ))}
                <td className="num"><input aria-label={`${kindLabel[k]} ${t`Min. tips`}`} inputMode="numeric" disabled={!editable} value={l[k]!.minTip} size={3} onChange={(e) => edit(k, { minTip: e.target.value.replace(/\D/g, '') })} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="bo-grid-form" style={{ marginBlockStart: 12 }}>
        <label className="bo-field"><span>{t`Coupon min. odds`}</span><input inputMode="decimal" disabled={!editable} value={odds.min} onChange={(e) => setOdds({ ...odds, min: e.target.value })} /></label>
        <label className="bo-field"><span>{t`Coupon max. odds`}</span><input inputMode="decimal" disabled={!editable} value={odds.max} onChange={(e) => setOdds({ ...odds, max: e.target.value })} /></label>
        <label className="bo-field"><span>{t`Stake type`}</span>
          <select value={st} disabled={!editable} onChange={(e) => setSt(e.target.value === '1' ? 1 : 0)}><option value={0}>{t`Per coupon`}</option><option value={1}>{t`Per combination`}</option></select></label>
      </div>
      <p className="bo-note">{t`0 means no limit.`}</p>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
      {editable && <p><button type="submit" className="bo-btn bo-btn-primary" disabled={act.busy || bad}>{t`Save limits`}</button></p>}
    </form>
  );
}

function UserCoupons({ userId }: { userId: number }) {
  const { t } = useLingui();
  const columns = useCouponColumns();
  const { reply, reload } = useBoFetch('bo/coupons', { userId, limit: 50 });
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <DataTable label={t({ message: 'Coupons', context: 'back office' })} columns={columns.filter((c) => c.key !== 'user' && c.key !== 'dealer')} rows={reply === null ? null : reply.status ? reply.results : []} rowKey={(c) => c.id} onOpen={(c) => setOpen(c.id)} />
      {open !== null && <CouponDetail couponId={open} onClose={() => setOpen(null)} onChanged={reload} />}
    </>
  );
}

function UserMovements({ userId }: { userId: number }) {
  const { t } = useLingui();
  const columns = useMovementColumns();
  const { reply } = useBoFetch('bo/userMovements', { userId, limit: 50 });
  return <DataTable label={t`Movements`} columns={columns.filter((c) => c.key !== 'user')} rows={reply === null ? null : reply.status ? reply.results : []} rowKey={(m) => m.id} />;
}
