import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { bo } from '../bo-client.ts';
import { useAction, useBoFetch } from '../action.ts';
import { DataTable, Pager } from '../table.tsx';
import { when } from '../format.ts';
import type { NotificationTarget } from '../../../../domain/content/bo-calls.ts';
import { ContentForm, type FieldSpec } from './ContentShared.tsx';

interface Draft extends Record<string, unknown> { title: string; banner: string; content: string; kind: NotificationTarget['kind']; userNames: string; dealerId: string; currency: string }
const EMPTY: Draft = { title: '', banner: '', content: '', kind: 'all', userNames: '', dealerId: '', currency: 'TRY' };

/** The target of the form: every player, named players, a dealer's players, or a currency's. */
const targetOf = (d: Draft): NotificationTarget =>
  d.kind === 'users' ? { kind: 'users', userNames: d.userNames.split(/[\s,]+/).filter(Boolean) }
    : d.kind === 'dealer' ? { kind: 'dealer', dealerId: Number(d.dealerId) }
      : d.kind === 'currency' ? { kind: 'currency', currency: d.currency.trim().toUpperCase() } : { kind: 'all' };

/** Notifications to every player or a segment (the players' notification list); sent ones listed, newest first. */
export function NotificationsScreen() {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(0);
  const { reply, reload } = useBoFetch('bo/notifications', { order: page, limit: 50 });
  const rows = reply?.status ? reply.results : null;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const act = useAction();
  const fields: Array<FieldSpec<Draft>> = [
    { key: 'title', label: t`Title`, type: 'text', wide: true },
    { key: 'kind', label: t`To`, type: 'select', options: [{ value: 'all', label: t`Every player` }, { value: 'users', label: t`Named players` }, { value: 'dealer', label: t`The players of a dealer` }, { value: 'currency', label: t`The players of a currency` }] },
    ...(draft.kind === 'users' ? [{ key: 'userNames', label: t`User names (comma separated)`, type: 'text', wide: true } as const] : []),
    ...(draft.kind === 'dealer' ? [{ key: 'dealerId', label: t`Dealer id`, type: 'number' } as const] : []),
    ...(draft.kind === 'currency' ? [{ key: 'currency', label: t`Currency`, type: 'text' } as const] : []),
    { key: 'banner', label: t`Image`, type: 'image', kind: 'promo' },
    { key: 'content', label: t`Message (HTML)`, type: 'html' },
  ];
  const send = async () => {
    const r = await act.run(() => bo('bo/sendNotification', { title: draft.title, banner: draft.banner, content: draft.content, target: targetOf(draft) }));
    if (r) { setDraft(EMPTY); setPage(0); reload(); }
  };
  const remove = async (id: number) => {
    if (await act.run(() => bo('bo/deleteNotification', { id }))) reload();
  };
  const targetText = (s: string) => (s === 'all' ? t`Every player` : s);
  return (
    <div style={{ display: 'grid', gap: 'var(--space-3)' }}>
      <form className="bo-panel" onSubmit={(e) => { e.preventDefault(); void send(); }}>
        <h2><Trans>Send a notification</Trans></h2>
        <ContentForm fields={fields} draft={draft} onChange={setDraft} />
        {act.error && <p className="bo-error" role="alert">{act.error}</p>}
        {act.done && <p className="bo-ok" role="status">{act.done}</p>}
        <div className="bo-actions" style={{ marginBlockStart: 'var(--space-3)' }}>
          <button type="submit" className="bo-btn bo-btn-primary" disabled={act.busy || !draft.title}><Trans>Send</Trans></button>
        </div>
      </form>
      <DataTable
        label={t`Notifications`}
        rows={rows}
        rowKey={(r) => r.id}
        empty={<Trans>No notifications sent yet.</Trans>}
        columns={[
          { key: 'at', header: t`Sent`, render: (r) => when(r.createdAt, i18n.locale) },
          { key: 'title', header: t`Title`, render: (r) => r.title },
          { key: 'to', header: t`To`, render: (r) => targetText(r.target) },
          { key: 'n', header: t`Players`, num: true, render: (r) => (r.target === 'all' ? '—' : r.recipients) },
          { key: 'del', header: '', render: (r) => <button type="button" className="bo-btn bo-btn-danger" disabled={act.busy} onClick={() => { if (confirm(t`Withdraw the notification ${r.title}?`)) void remove(r.id); }}><Trans>Withdraw</Trans></button> },
        ]}
      />
      {reply?.status && <Pager page={page} size={50} total={reply.totalCount} onPage={setPage} />}
    </div>
  );
}
