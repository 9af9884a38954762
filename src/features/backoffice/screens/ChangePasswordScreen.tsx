import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { bo } from '../bo-client.ts';
import { useAction } from '../action.ts';

/** The signed-in user's own password. */
export function ChangePasswordScreen() {
  const { t } = useLingui();
  const act = useAction();
  const [f, setF] = useState({ currentPassword: '', newPassword: '', repeat: '' });
  const mismatch = f.repeat !== '' && f.repeat !== f.newPassword;
  const submit = async () => {
    if (mismatch) return;
    if (await act.run(() => bo('bo/changePassword', { currentPassword: f.currentPassword, newPassword: f.newPassword }))) setF({ currentPassword: '', newPassword: '', repeat: '' });
  };
  return (
    <form className="bo-panel bo-login" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <label className="bo-field"><span><Trans>Current password</Trans></span><input type="password" required autoComplete="current-password" value={f.currentPassword} onChange={(e) => setF({ ...f, currentPassword: e.target.value })} /></label>
      <label className="bo-field"><span><Trans>New password</Trans></span><input type="password" required minLength={4} maxLength={20} autoComplete="new-password" value={f.newPassword} onChange={(e) => setF({ ...f, newPassword: e.target.value })} /></label>
      <label className="bo-field"><span><Trans>New password again</Trans></span><input type="password" required autoComplete="new-password" value={f.repeat} onChange={(e) => setF({ ...f, repeat: e.target.value })} /></label>
      {mismatch && <p className="bo-error">{t`The passwords do not match.`}</p>}
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
      <button type="submit" className="bo-btn bo-btn-primary" disabled={act.busy || mismatch}><Trans>Change password</Trans></button>
    </form>
  );
}
