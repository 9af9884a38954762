import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEALER_PERMISSIONS, type Permission } from '../../../../domain/backoffice/permissions.ts';
import type { BoPermissionsReply } from '../../../../domain/backoffice/calls.ts';
import { bo } from '../bo-client.ts';
import { BoDialog } from '../dialog.tsx';
import { num } from '../list.tsx';
import { useAction, useBoFetch } from '../action.ts';
import { useBoSearch } from '../url-state.ts';
import { PERMISSION_LABEL, ROLE_LABEL } from '../labels.ts';

/**
 * Dealer roles: a dealer's permissions as checkboxes. Only what the editor may grant (what it holds
 * itself and the dealer's role may hold) is enabled; saving names what is added and removed.
 */
export function RolesScreen() {
  const { t } = useLingui();
  const [search, setSearch] = useBoSearch();
  const dealerId = num(search.dealerId);
  const dealers = useBoFetch('bo/dealers', { limit: 200, sort: 'userName', dir: 'asc' });
  const perms = useBoFetch('bo/getPermissions', dealerId ? { dealerId } : null);
  const name = dealers.reply?.status ? dealers.reply.results.find((d) => d.id === dealerId)?.userName ?? String(dealerId) : String(dealerId);
  return (
    <>
      <div className="bo-filters">
        <label className="bo-field"><span><Trans>Dealer</Trans></span>
          <select name="dealerId" value={dealerId ?? ''} onChange={(e) => setSearch({ dealerId: e.target.value })}>
            <option value="">{t`Choose a dealer`}</option>
            {dealers.reply?.status && dealers.reply.results.map((d) => <option key={d.id} value={d.id}>{d.userName} · {t(ROLE_LABEL[d.role])}</option>)}
          </select></label>
      </div>
      {perms.reply && !perms.reply.status && <p className="bo-error" role="alert">{perms.reply.msg}</p>}
      {perms.reply?.status && <PermissionForm key={perms.reply.granted.join()} name={name} reply={perms.reply} onSaved={perms.reload} />}
    </>
  );
}

function PermissionForm({ name, reply, onSaved }: { name: string; reply: BoPermissionsReply; onSaved: () => void }) {
  const { t } = useLingui();
  const { granted, grantable, dealerId } = reply;
  const [checked, setChecked] = useState<Set<Permission>>(() => new Set(granted));
  const [ask, setAsk] = useState(false);
  const act = useAction();
  const added = [...checked].filter((p) => !granted.includes(p));
  const removed = granted.filter((p) => !checked.has(p));
  const save = async () => {
    const r = await act.run(() => bo('bo/setPermissions', { dealerId, permissions: [...checked] }));
    setAsk(false);
    if (r) onSaved();
  };
  return (
    <>
      <form className="bo-panel" onSubmit={(e) => { e.preventDefault(); act.reset(); setAsk(true); }}>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="bo-note"><Trans>Permissions you do not hold yourself cannot be granted and are greyed out.</Trans></legend>
          <div className="bo-perm-grid">
            {DEALER_PERMISSIONS.map((p) => (
              <label key={p} className="bo-check">
                <input type="checkbox" name={p} checked={checked.has(p)} disabled={!grantable.includes(p)}
                  onChange={(e) => { const next = new Set(checked); if (e.target.checked) next.add(p); else next.delete(p); setChecked(next); }} />
                <span>{t(PERMISSION_LABEL[p])}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {act.done && <p className="bo-ok" role="status">{act.done}</p>}
        {act.error && <p className="bo-error" role="alert">{act.error}</p>}
        <p><button type="submit" className="bo-btn bo-btn-primary" disabled={added.length === 0 && removed.length === 0}><Trans>Save permissions</Trans></button></p>
      </form>
      <BoDialog open={ask} title={t`Change permissions of ${name}`} onClose={() => setAsk(false)} confirm={t`Save`} busy={act.busy} onConfirm={() => void save()}>
        {added.length > 0 && <p>{t`Grant:`} <strong>{added.map((p) => t(PERMISSION_LABEL[p])).join(', ')}</strong></p>}
        {removed.length > 0 && <p>{t`Take away:`} <strong className="bo-down">{removed.map((p) => t(PERMISSION_LABEL[p])).join(', ')}</strong></p>}
      </BoDialog>
    </>
  );
}
