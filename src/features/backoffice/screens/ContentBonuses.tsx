import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { bo } from '../bo-client.ts';
import { useBoFetch } from '../action.ts';
import { DataTable } from '../table.tsx';
import type { BoBonus } from '../../../../domain/content/bo-calls.ts';
import { EditDialog, StatusText, type FieldSpec } from './ContentShared.tsx';

type Draft = Omit<BoBonus, 'id' | 'requests'> & { id?: number };

/** Bonuses players request, and the promotions page (a bonus marked as a promotion): texts, image, rules. */
export function BonusesScreen() {
  const { t } = useLingui();
  const { reply, reload } = useBoFetch('bo/bonuses', {});
  const rows = reply?.status ? reply.results : null;
  const [edit, setEdit] = useState<Draft | null>(null);
  const fields: Array<FieldSpec<Draft>> = [
    { key: 'title', label: t`Bonus name (the bonus list)`, type: 'text', wide: true },
    { key: 'bannerTitle', label: t`Promotion title (the promotions page)`, type: 'text', wide: true },
    { key: 'image', label: t`Promotion image`, type: 'image', kind: 'promo' },
    { key: 'content', label: t`Text (HTML)`, type: 'html' },
    { key: 'rules', label: t`Rules and terms (HTML)`, type: 'html' },
    { key: 'listOrder', label: t`Order`, type: 'number' },
    { key: 'promotion', label: t`Shown on the promotions page`, type: 'check' },
    { key: 'status', label: t`Active`, type: 'check' },
  ];
  return (
    <div style={{ display: 'grid', gap: 'var(--space-3)' }}>
      <div className="bo-actions">
        <button type="button" className="bo-btn bo-btn-primary" onClick={() => setEdit({ title: '', image: '', bannerTitle: '', content: '', rules: '', promotion: 1, status: 1, listOrder: (rows?.length ?? 0) + 1 })}><Trans>New bonus</Trans></button>
      </div>
      <DataTable
        label={t`Bonuses and promotions`}
        rows={rows}
        rowKey={(r) => r.id}
        onOpen={(r) => setEdit({ id: r.id, title: r.title, image: r.image, bannerTitle: r.bannerTitle, content: r.content, rules: r.rules, promotion: r.promotion, status: r.status, listOrder: r.listOrder })}
        columns={[
          { key: 'img', header: t`Image`, render: (r) => (r.image ? <img src={r.image} alt="" style={{ height: 40, maxWidth: 112, objectFit: 'cover' }} /> : null) },
          { key: 'title', header: t`Bonus`, render: (r) => r.title },
          { key: 'promo', header: t`Promotion`, render: (r) => (r.promotion ? r.bannerTitle || '✓' : '—') },
          { key: 'requests', header: t`Requests`, num: true, render: (r) => r.requests },
          { key: 'status', header: t`Status`, render: (r) => <StatusText status={r.status} /> },
        ]}
      />
      <EditDialog
        title={edit?.id ? t`Edit bonus` : t`New bonus`}
        fields={fields}
        initial={edit}
        onClose={() => setEdit(null)}
        onSaved={reload}
        save={(d) => bo('bo/saveBonus', {
          ...(d.id ? { id: d.id } : {}), title: d.title, image: d.image, bannerTitle: d.bannerTitle, content: d.content, rules: d.rules,
          promotion: d.promotion as 0 | 1, status: d.status as 0 | 1, listOrder: Number(d.listOrder) || 0,
        })}
      />
    </div>
  );
}
