import { useLingui } from '@lingui/react/macro';
import type { BoMovement } from '../../../../domain/backoffice/calls.ts';
import { useDealerFilter } from '../dealer-filter.ts';
import { FilterBar, type Filter } from '../filters.tsx';
import { BoList, num, opt, useBoList } from '../list.tsx';
import { useBo } from '../session.tsx';
import { ROLE_LABEL } from '../labels.ts';
import { money, when } from '../format.ts';
import type { Column } from '../table.tsx';
import type { BoSearch } from '../url-state.ts';

const movementsPayload = (s: BoSearch) => ({
  ...opt('userId', num(s.userId)), ...opt('dealerId', num(s.dealerId)), ...opt('kind', s.kind), ...opt('from', s.from), ...opt('to', s.to),
});

/** Ledger row columns (also the user detail's movements tab). */
export function useMovementColumns(): Column<BoMovement>[] {
  const { t } = useLingui();
  const { lang, me } = useBo();
  return [
    { key: 'id', header: '#', render: (m) => m.id, num: true, sort: 'id' },
    { key: 'date', header: t`Date`, render: (m) => when(m.createdAt, lang), sort: 'createdAt' },
    { key: 'user', header: t({ message: 'Account', context: 'back office' }), render: (m) => m.userName, sort: 'userName' },
    { key: 'kind', header: t`Movement`, render: (m) => `${m.kind}${m.refType ? ` · ${m.refType} ${m.refId ?? ''}` : ''}` },
    { key: 'amount', header: t`Amount`, render: (m) => <span className={m.amount < 0 ? 'bo-down' : 'bo-up'}>{money(m.amount, me.currency, lang)}</span>, num: true, sort: 'amount' },
    { key: 'after', header: t`Balance after`, render: (m) => money(m.balanceAfter, me.currency, lang), num: true },
  ];
}

function Movements({ call }: { call: 'bo/userMovements' | 'bo/dealerMovements' }) {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const list = useBoList(call, movementsPayload);
  const columns = useMovementColumns();
  const dealerFilter = useDealerFilter();
  const filters: Filter[] = [
    call === 'bo/userMovements' ? { name: 'userId', label: t`User id`, type: 'number' } : dealerFilter,
    { name: 'kind', label: t`Movement`, type: 'text', search: true, placeholder: t`e.g. bet, win, transfer` },
    { name: 'from', label: t`From`, type: 'date' },
    { name: 'to', label: t`To`, type: 'date' },
  ];
  const sumIn = Number(list.extra.sumIn ?? 0);
  const sumOut = Number(list.extra.sumOut ?? 0);
  return (
    <>
      <FilterBar filters={filters} search={list.search} onApply={(v) => list.setSearch(v)}
        extra={list.rows !== null && <span className="num">{t`In`} <strong className="bo-up">{money(sumIn, me.currency, lang)}</strong> · {t`Out`} <strong className="bo-down">{money(sumOut, me.currency, lang)}</strong></span>} />
      <BoList list={list} label={t`Movements`} columns={columns} rowKey={(m) => m.id} />
    </>
  );
}

export const UserMovementsScreen = () => <Movements call="bo/userMovements" />;
export const DealerMovementsScreen = () => <Movements call="bo/dealerMovements" />;

/** Balances of the subtree's accounts, with their total. */
export function AccountsScreen() {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const dealerFilter = useDealerFilter();
  const list = useBoList('bo/accounts', (s) => ({ ...opt('search', s.search), ...opt('dealerId', num(s.dealerId)) }));
  type Row = NonNullable<typeof list.rows>[number];
  const columns: Column<Row>[] = [
    { key: 'user', header: t({ message: 'Account', context: 'back office' }), render: (a) => a.userName, sort: 'userName' },
    { key: 'role', header: t`Role`, render: (a) => t(ROLE_LABEL[a.role]) },
    { key: 'id', header: 'ID', render: (a) => a.id, num: true },
    { key: 'parent', header: t`Above`, render: (a) => a.parentId ?? '', num: true },
    { key: 'balance', header: t`Balance`, render: (a) => money(a.balance, a.currency, lang), num: true, sort: 'balance' },
  ];
  return (
    <>
      <FilterBar filters={[{ name: 'search', label: t`Search`, type: 'text', search: true, placeholder: t`Username` }, dealerFilter]}
        search={list.search} onApply={(v) => list.setSearch(v)}
        extra={list.rows !== null && <span className="num">{t({ message: 'Total', context: 'back office' })} <strong>{money(Number(list.extra.total ?? 0), me.currency, lang)}</strong></span>} />
      <BoList list={list} label={t`Accounts`} columns={columns} rowKey={(a) => a.id} />
    </>
  );
}
