import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BoAuditCheckReply, BoAuditRow } from '../../../../domain/backoffice/calls.ts';
import { bo } from '../bo-client.ts';
import { FilterBar } from '../filters.tsx';
import { BoList, num, opt, useBoList } from '../list.tsx';
import { useAction } from '../action.ts';
import { useBo } from '../session.tsx';
import { when } from '../format.ts';
import { ROLE_LABEL } from '../labels.ts';
import type { Role } from '../../../../domain/backoffice/permissions.ts';
import type { Column } from '../table.tsx';

const brief = (v: unknown): string => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The audit log (who, role, what, object, before and after, address, time) and the chain check. */
export function AuditScreen() {
  const { t } = useLingui();
  const { lang } = useBo();
  const list = useBoList('bo/auditLog', (s) => ({ ...opt('actorId', num(s.actorId)), ...opt('action', s.action), ...opt('objectType', s.objectType), ...opt('from', s.from), ...opt('to', s.to) }));
  const act = useAction();
  const [check, setCheck] = useState<BoAuditCheckReply | null>(null);
  const columns: Column<BoAuditRow>[] = [
    { key: 'id', header: '#', render: (r) => r.id, num: true, sort: 'id' },
    { key: 'date', header: t`Time`, render: (r) => when(r.createdAt, lang), sort: 'createdAt' },
    { key: 'actor', header: t`Who`, render: (r) => `${r.actorName} (${r.role in ROLE_LABEL ? t(ROLE_LABEL[r.role as Role]) : r.role})` },
    { key: 'action', header: t`Action`, render: (r) => r.action },
    { key: 'object', header: t`Object`, render: (r) => `${r.objectType} ${r.objectId}` },
    { key: 'address', header: t`Address`, render: (r) => r.address },
    { key: 'before', header: t`Before`, render: (r) => <div className="bo-json" title={brief(r.before)}>{brief(r.before)}</div> },
    { key: 'after', header: t`After`, render: (r) => <div className="bo-json" title={brief(r.after)}>{brief(r.after)}</div> },
  ];
  const runCheck = async () => { const r = await act.run(() => bo('bo/auditCheck', {})); if (r) setCheck(r); };
  return (
    <>
      <FilterBar filters={[
        { name: 'action', label: t`Action`, type: 'text', search: true }, { name: 'objectType', label: t`Object`, type: 'text' },
        { name: 'actorId', label: t`Who (id)`, type: 'number' }, { name: 'from', label: t`From`, type: 'date' }, { name: 'to', label: t`To`, type: 'date' },
      ]} search={list.search} onApply={(v) => list.setSearch(v)}
        extra={<>
          <button type="button" className="bo-btn" onClick={() => void runCheck()} disabled={act.busy}><Trans>Check the chain</Trans></button>
          {check && (check.ok
            ? <span className="bo-chain-ok" role="status">{t`Chain intact: ${check.checked} rows`}</span>
            : <span className="bo-chain-bad" role="alert">{t`Chain broken at row ${check.brokenId ?? '?'} (${check.checked} rows checked)`}</span>)}
        </>} />
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      <BoList list={list} label={t`Audit log`} columns={columns} rowKey={(r) => r.id} />
    </>
  );
}

/** Login addresses per user. */
export function IpLogsScreen() {
  const { t } = useLingui();
  const { lang } = useBo();
  const list = useBoList('bo/ipLogs', (s) => ({ ...opt('userId', num(s.userId)), ...opt('address', s.address), ...opt('from', s.from), ...opt('to', s.to) }));
  type Row = NonNullable<typeof list.rows>[number];
  const columns: Column<Row>[] = [
    { key: 'date', header: t`Time`, render: (r) => when(r.createdAt, lang), sort: 'createdAt' },
    { key: 'user', header: t`User`, render: (r) => r.userName, sort: 'userName' },
    { key: 'address', header: t`Address`, render: (r) => r.address },
    {
      key: 'ok', header: t`Result`,
      render: (r) => (r.success
        ? <span className="bo-badge bo-badge-green">{t`Signed in`}</span>
        : <span className="bo-badge bo-badge-red" title={r.outcome}>{t`Failed`}</span>),
    },
    { key: 'agent', header: t`Browser`, render: (r) => <div className="bo-json" title={r.userAgent}>{r.userAgent}</div> },
  ];
  return (
    <>
      <FilterBar filters={[{ name: 'address', label: t`Address`, type: 'text', search: true }, { name: 'userId', label: t`User id`, type: 'number' }, { name: 'from', label: t`From`, type: 'date' }, { name: 'to', label: t`To`, type: 'date' }]}
        search={list.search} onApply={(v) => list.setSearch(v)} />
      <BoList list={list} label={t`IP logs`} columns={columns} rowKey={(r) => r.id} />
    </>
  );
}
