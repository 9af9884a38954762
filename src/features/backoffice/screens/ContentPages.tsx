import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { bo } from '../bo-client.ts';
import { useAction, useBoFetch } from '../action.ts';
import { DataTable } from '../table.tsx';
import { SPEC_PAGE_IDS, type BoPage } from '../../../../domain/content/bo-calls.ts';

type Draft = BoPage & Record<string, unknown>;
import { EditDialog, useLangOptions, type FieldSpec } from './ContentShared.tsx';

/** The static pages of section 2 by id and language: title and HTML (sanitised by the server when saved). */
export function PagesScreen() {
  const { t } = useLingui();
  const pageName: Record<number, string> = {
    5: t`Betting glossary`, 6: t`Help / FAQ`, 7: t`About us`, 8: t`Privacy and KYC`, 9: t`Rules and terms`, 10: t`Responsible gaming`, 15: t`Anti-money laundering`,
  };
  const { reply, reload } = useBoFetch('bo/pages', {});
  const rows = reply?.status ? reply.results : null;
  const [edit, setEdit] = useState<Draft | null>(null);
  const act = useAction();
  const langs = useLangOptions().filter((l) => l.value !== '');
  const fields: Array<FieldSpec<Draft>> = [
    { key: 'id', label: t`Page`, type: 'select', options: SPEC_PAGE_IDS.map((id) => ({ value: id, label: `${pageName[id]} (${id})` })) },
    { key: 'language', label: t`Language`, type: 'select', options: langs },
    { key: 'title', label: t`Title`, type: 'text', wide: true },
    { key: 'content', label: t`Content (HTML: headings, paragraphs, lists, links, images)`, type: 'html' },
  ];
  const remove = async (p: BoPage) => {
    if (await act.run(() => bo('bo/deletePage', { pageId: p.id, language: p.language }))) reload();
  };
  return (
    <div style={{ display: 'grid', gap: 'var(--space-3)' }}>
      <div className="bo-actions">
        <button type="button" className="bo-btn bo-btn-primary" onClick={() => setEdit({ id: 5, language: 'en', title: '', content: '' })}><Trans>Add a language to a page</Trans></button>
      </div>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      <DataTable
        label={t`Pages`}
        rows={rows}
        rowKey={(r) => `${r.id}:${r.language}`}
        onOpen={(r) => setEdit({ ...r })}
        columns={[
          { key: 'id', header: t`Page`, render: (r) => `${pageName[r.id] ?? ''} (${r.id})` },
          { key: 'language', header: t`Language`, render: (r) => r.language },
          { key: 'title', header: t`Title`, render: (r) => r.title },
          { key: 'size', header: t`Length`, num: true, render: (r) => r.content.length },
          {
            key: 'del', header: '', render: (r) => (r.language === 'tr' ? null : (
              <button type="button" className="bo-btn bo-btn-danger" disabled={act.busy} onClick={(e) => { e.stopPropagation(); if (confirm(t`Delete this language of the page?`)) void remove(r); }}><Trans>Delete</Trans></button>
            )),
          },
        ]}
      />
      <EditDialog
        title={t`Edit page`}
        fields={fields}
        initial={edit}
        onClose={() => setEdit(null)}
        onSaved={reload}
        save={(d) => bo('bo/savePage', { pageId: Number(d.id), language: d.language, title: d.title, content: d.content })}
        renderExtra={(d) => (
          <div className="bo-field" style={{ marginBlockStart: 'var(--space-3)' }}>
            <span><Trans>Preview (the server removes scripts and unsafe markup when saving)</Trans></span>
            {/* The operator's own draft, shown as text markup only: the saved page is what the server sanitised. */}
            <iframe title={t`Preview`} sandbox="" srcDoc={d.content} style={{ width: '100%', height: 200, border: '1px solid var(--line)', background: '#fff' }} />
          </div>
        )}
      />
    </div>
  );
}
