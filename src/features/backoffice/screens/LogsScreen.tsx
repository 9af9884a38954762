import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BoAuditCheckReply, BoAuditRow } from '../../../../domain/backoffice/calls.ts';
import { bo } from '../bo-client.ts';
import { FilterBar } from '../filters.tsx';
import { BoList, num, opt, useBoList } from '../list.tsx';
import { useAction } from '../action.ts';
import { useBo } from '../session.tsx';
import { money, when } from '../format.ts';
import { AUDIT_ACTION, MONEY_KEYS } from '../audit-words.ts';
import { ROLE_LABEL } from '../labels.ts';
import type { Role } from '../../../../domain/backoffice/permissions.ts';
import type { Column } from '../table.tsx';

const brief = (v: unknown): string => (v === null || v === undefined ? '' : JSON.stringify(v));

/** A value of a logged object as the operator reads it: money formatted, a score 'h:a', lists and objects short. */
function readable(key: string, v: unknown, m: (minor: number) => string): string {
  if (typeof v === 'number' && Number.isInteger(v) && MONEY_KEYS.has(key)) return m(v);
  if (v && typeof v === 'object' && 'h' in v && 'a' in v && Object.keys(v).length === 2) return `${String((v as { h: unknown }).h)}:${String((v as { a: unknown }).a)}`;
  if (Array.isArray(v)) return v.map((x) => readable(key, x, m)).join(', ');
  if (v && typeof v === 'object') return Object.entries(v).map(([k, x]) => `${k} ${readable(k, x, m)}`).join(' · ');
  return v === null || v === undefined ? '–' : String(v);
}

/** The fields of a logged before or after, one per line; the raw JSON when asked. */
function Logged({ value, json, m }: { value: unknown; json: boolean; m: (minor: number) => string }) {
  if (value === null || value === undefined) return null;
  if (json || typeof value !== 'object' || Array.isArray(value)) return <div className="bo-json" title={brief(value)}>{brief(value)}</div>;
  return (
    <dl className="bo-logged">
      {Object.entries(value).map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{readable(k, v, m)}</dd></div>)}
    </dl>
  );
}

/** The audit log (who, role, what, object, before and after, address, time) and the chain check. */
export function AuditScreen() {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const [json, setJson] = useState(false);
  const m = (minor: number) => money(minor, me.currency, lang);
  const list = useBoList('bo/auditLog', (s) => ({ ...opt('actorId', num(s.actorId)), ...opt('action', s.action), ...opt('objectType', s.objectType), ...opt('from', s.from), ...opt('to', s.to) }));
  const act = useAction();
  const [check, setCheck] = useState<BoAuditCheckReply | null>(null);
  const columns: Column<BoAuditRow>[] = [
    { key: 'id', header: '#', render: (r) => r.id, num: true, sort: 'id' },
    { key: 'date', header: t`Time`, render: (r) => when(r.createdAt, lang), sort: 'createdAt' },
    { key: 'actor', header: t`Who`, render: (r) => `${r.actorName} (${r.role in ROLE_LABEL ? t(ROLE_LABEL[r.role as Role]) : r.role})` },
    { key: 'action', header: t`Action`, render: (r) => <span title={r.action}>{r.action in AUDIT_ACTION ? t(AUDIT_ACTION[r.action]!) : r.action}</span> },
    { key: 'object', header: t`Object`, render: (r) => `${r.objectType} ${r.objectId}` },
    { key: 'address', header: t`Address`, render: (r) => r.address },
    { key: 'before', header: t`Before`, render: (r) => <Logged value={r.before} json={json} m={m} /> },
    { key: 'after', header: t`After`, render: (r) => <Logged value={r.after} json={json} m={m} /> },
  ];
  const runCheck = async () => { const r = await act.run(() => bo('bo/auditCheck', {})); if (r) setCheck(r); };
  return (
    <>
      <FilterBar filters={[
        { name: 'action', label: t`Action`, type: 'text', search: true }, { name: 'objectType', label: t`Object`, type: 'text' },
        { name: 'actorId', label: t`Who (id)`, type: 'number' }, { name: 'from', label: t`From`, type: 'date' }, { name: 'to', label: t`To`, type: 'date' },
      ]} search={list.search} onApply={(v) => list.setSearch(v)}
        extra={<>
          <label className="bo-check"><input type="checkbox" name="json" checked={json} onChange={(e) => setJson(e.target.checked)} /> <Trans>Show JSON</Trans></label>
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
