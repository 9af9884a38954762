import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { bo } from '../bo-client.ts';
import { useAction, useBoFetch } from '../action.ts';
import { DataTable } from '../table.tsx';
import type { BoPopup } from '../../../../domain/content/bo-calls.ts';
import { EditDialog, StatusText, useLangOptions, type FieldSpec } from './ContentShared.tsx';

type Draft = Omit<BoPopup, 'id'> & { id?: number };

/** Push pop-ups (section 9): type, where (Home only or every page), rotation order, auto-close, language. */
export function PopupsScreen() {
  const { t } = useLingui();
  const { reply, reload } = useBoFetch('bo/popups', {});
  const rows = reply?.status ? reply.results : null;
  const [edit, setEdit] = useState<Draft | null>(null);
  const act = useAction();
  const typeName: Record<number, string> = { 0: t`Push pop-up (0)`, 1: t`Not shown to players (1)`, 2: t`Push pop-up (2)`, 3: t`Not shown to players (3)` };
  const fields: Array<FieldSpec<Draft>> = [
    { key: 'title', label: t`Title`, type: 'text', wide: true },
    { key: 'type', label: t`Type`, type: 'select', options: [0, 1, 2, 3].map((v) => ({ value: v, label: typeName[v]! })) },
    { key: 'type2', label: t`Where`, type: 'select', options: [{ value: 0, label: t`Home only` }, { value: 1, label: t`Every page` }] },
    { key: 'listOrder', label: t`Rotation order`, type: 'number' },
    { key: 'autoClose', label: t`Closes by itself after (seconds, 0 never)`, type: 'number' },
    { key: 'language', label: t`Language`, type: 'select', options: useLangOptions() },
    { key: 'status', label: t`Active`, type: 'check' },
    { key: 'content', label: t`Content (HTML)`, type: 'html' },
  ];
  const remove = async (id: number) => {
    if (await act.run(() => bo('bo/deletePopup', { id }))) reload();
  };
  return (
    <div style={{ display: 'grid', gap: 'var(--space-3)' }}>
      <p className="bo-note"><Trans>Active pop-ups rotate every 10 seconds in their order; the first one's auto-close closes them all.</Trans></p>
      <div className="bo-actions">
        <button type="button" className="bo-btn bo-btn-primary" onClick={() => setEdit({ type: 0, type2: 1, title: '', content: '', autoClose: 0, language: '', status: 1, listOrder: (rows?.length ?? 0) + 1 })}><Trans>New pop-up</Trans></button>
      </div>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      <DataTable
        label={t`Pop-ups`}
        rows={rows}
        rowKey={(r) => r.id}
        onOpen={(r) => setEdit({ ...r })}
        empty={<Trans>No pop-ups yet.</Trans>}
        columns={[
          { key: 'order', header: t`Order`, num: true, render: (r) => r.listOrder },
          { key: 'title', header: t`Title`, render: (r) => r.title },
          { key: 'type', header: t`Type`, render: (r) => typeName[r.type] },
          { key: 'where', header: t`Where`, render: (r) => (r.type2 === 0 ? t`Home only` : t`Every page`) },
          { key: 'auto', header: t`Auto-close`, num: true, render: (r) => (r.autoClose ? `${r.autoClose} s` : '—') },
          { key: 'lang', header: t`Language`, render: (r) => r.language || t`Every language` },
          { key: 'status', header: t`Status`, render: (r) => <StatusText status={r.status} /> },
          { key: 'del', header: '', render: (r) => <button type="button" className="bo-btn bo-btn-danger" disabled={act.busy} onClick={(e) => { e.stopPropagation(); if (confirm(t`Delete the pop-up ${r.title}?`)) void remove(r.id); }}><Trans>Delete</Trans></button> },
        ]}
      />
      <EditDialog
        title={edit?.id ? t`Edit pop-up` : t`New pop-up`}
        fields={fields}
        initial={edit}
        onClose={() => setEdit(null)}
        onSaved={reload}
        save={(d) => bo('bo/savePopup', {
          ...(d.id ? { id: d.id } : {}), type: d.type, type2: d.type2 as 0 | 1, title: d.title, content: d.content, autoClose: Number(d.autoClose) || 0,
          language: d.language, status: d.status as 0 | 1, listOrder: Number(d.listOrder) || 0,
        })}
      />
    </div>
  );
}
