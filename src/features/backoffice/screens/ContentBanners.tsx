import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { bo } from '../bo-client.ts';
import { useAction, useBoFetch } from '../action.ts';
import { DataTable } from '../table.tsx';
import { when } from '../format.ts';
import { BANNER_STATES, type BoBanner } from '../../../../domain/content/bo-calls.ts';
import { storedImageAddress } from '../../../../domain/content/banner.ts';
import { EditDialog, StatusText, useLangOptions, type FieldSpec } from './ContentShared.tsx';

type Draft = Omit<BoBanner, 'id'> & { id?: number };

/** Banners by display state (account-platform.md section 7): image, link, language, schedule, order; every change audited. */
export function BannersScreen() {
  const { t, i18n } = useLingui();
  const stateName: Record<number, string> = {
    12: t`Home, top carousel (12)`, 1: t`Home, second strip (1)`, 3: t`Slots (3)`, 10: t`Live casino and TV games (10)`, 9: t`Other (9)`, 4: t`Other (4)`, 19: t`Other (19)`,
  };
  const [state, setState] = useState(12);
  const { reply, reload } = useBoFetch('bo/banners', { displayState: state });
  const rows = reply?.status ? reply.results : null;
  const [edit, setEdit] = useState<Draft | null>(null);
  const act = useAction();
  const langs = useLangOptions();
  const fields: Array<FieldSpec<Draft>> = [
    { key: 'url', label: t`Image (1170 x 420)`, type: 'image', kind: 'banner' },
    { key: 'name', label: t`Name`, type: 'text' },
    { key: 'title', label: t`Title`, type: 'text' },
    { key: 'link', label: t`Link (a page of the app like livebets, or https://…)`, type: 'text' },
    { key: 'displayState', label: t`Where it shows`, type: 'select', options: BANNER_STATES.map((s) => ({ value: s, label: stateName[s] ?? String(s) })) },
    { key: 'language', label: t`Language`, type: 'select', options: langs },
    { key: 'listOrder', label: t`Order`, type: 'number' },
    { key: 'startsAt', label: t`Shows from`, type: 'datetime' },
    { key: 'endsAt', label: t`Shows until`, type: 'datetime' },
    { key: 'status', label: t`Active`, type: 'check' },
  ];
  const fresh = (): Draft => ({ name: '', url: '', title: '', link: '', width: 1170, height: 420, type: 0, displayState: state, language: '', status: 1, listOrder: (rows?.length ?? 0) + 1, startsAt: null, endsAt: null });
  const move = async (id: number, by: -1 | 1) => {
    if (!rows) return;
    const ids = rows.map((r) => r.id);
    const i = ids.indexOf(id);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    if (await act.run(() => bo('bo/orderBanners', { displayState: state, ids }))) reload();
  };
  const remove = async (id: number) => {
    if (await act.run(() => bo('bo/deleteBanner', { id }))) reload();
  };
  return (
    <div style={{ display: 'grid', gap: 'var(--space-3)' }}>
      <div className="bo-actions">
        <label className="bo-field"><span><Trans>Where it shows</Trans></span>
          <select name="displayState" value={state} onChange={(e) => setState(Number(e.target.value))}>
            {BANNER_STATES.map((s) => <option key={s} value={s}>{stateName[s]}</option>)}
          </select>
        </label>
        <button type="button" className="bo-btn bo-btn-primary" onClick={() => setEdit(fresh())}><Trans>New banner</Trans></button>
      </div>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      <DataTable
        label={t`Banners`}
        rows={rows}
        rowKey={(r) => r.id}
        onOpen={(r) => setEdit({ ...r })}
        empty={<Trans>No banners here yet.</Trans>}
        columns={[
          { key: 'img', header: t`Image`, render: (r) => <img src={storedImageAddress(r.url)} alt="" style={{ height: 40, maxWidth: 112, objectFit: 'cover' }} /> },
          { key: 'name', header: t`Name`, render: (r) => r.name },
          { key: 'title', header: t`Title`, render: (r) => r.title },
          { key: 'lang', header: t`Language`, render: (r) => r.language || t`Every language` },
          { key: 'when', header: t`Schedule`, render: (r) => (r.startsAt || r.endsAt ? `${when(r.startsAt, i18n.locale) || '…'} – ${when(r.endsAt, i18n.locale) || '…'}` : t`Always`) },
          { key: 'status', header: t`Status`, render: (r) => <StatusText status={r.status} /> },
          {
            key: 'order', header: t`Order`, render: (r) => (
              <span className="bo-actions">
                <button type="button" className="bo-btn" aria-label={t`Move up`} disabled={act.busy} onClick={(e) => { e.stopPropagation(); void move(r.id, -1); }}>↑</button>
                <button type="button" className="bo-btn" aria-label={t`Move down`} disabled={act.busy} onClick={(e) => { e.stopPropagation(); void move(r.id, 1); }}>↓</button>
                <button type="button" className="bo-btn bo-btn-danger" disabled={act.busy} onClick={(e) => { e.stopPropagation(); if (confirm(t`Delete the banner ${r.name}?`)) void remove(r.id); }}><Trans>Delete</Trans></button>
              </span>
            ),
          },
        ]}
      />
      <EditDialog
        title={edit?.id ? t`Edit banner` : t`New banner`}
        fields={fields}
        initial={edit}
        onClose={() => setEdit(null)}
        onSaved={reload}
        save={(d) => bo('bo/saveBanner', {
          ...(d.id ? { id: d.id } : {}), name: d.name, url: d.url, title: d.title, link: d.link, width: d.width, height: d.height, type: d.type,
          displayState: d.displayState, language: d.language, status: d.status as 0 | 1, listOrder: Number(d.listOrder) || 0, startsAt: d.startsAt, endsAt: d.endsAt,
        })}
      />
    </div>
  );
}
