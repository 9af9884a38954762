import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BoWhoami } from '../../../domain/backoffice/calls.ts';
import { bo } from './bo-client.ts';

/**
 * The back-office sign-in: the player's credentials, then the 6-digit TOTP code for admin and
 * operator. `needOtp` alone (a session that only lacks the second factor) asks just for the code.
 */
export function BoLogin({ needOtp, expired, onIn }: { needOtp: boolean; expired: boolean; onIn: (me: BoWhoami) => void }) {
  const { t } = useLingui();
  const [codeOnly] = useState(needOtp);
  const [askOtp, setAskOtp] = useState(needOtp);
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      if (codeOnly) {
        const r = await bo('bo/verifyOtp', { otp });
        if (r.status) onIn(r);
        else setError(r.msg || t`The code is not valid.`);
        return;
      }
      const r = await bo('bo/login', { userName, password, ...(askOtp ? { otp } : {}) });
      if (r.status) { onIn(r); return; }
      if (r.needOtp && !askOtp) { setAskOtp(true); return; }
      setError(r.error === 'network' ? t`No connection. Try again.` : r.msg || t`Wrong username or password`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bo bo-login-page">
      <form className="bo-login" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <h1><Trans>Back office</Trans></h1>
        {expired && <p className="bo-note" role="status"><Trans>Your session ended after a period without activity. Sign in again.</Trans></p>}
        {!codeOnly && (
          <>
            <label className="bo-field"><span><Trans>Username</Trans></span>
              <input name="userName" autoComplete="username" value={userName} onChange={(e) => setUserName(e.target.value)} required autoFocus /></label>
            <label className="bo-field"><span><Trans>Password</Trans></span>
              <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required /></label>
          </>
        )}
        {askOtp && (
          <label className="bo-field"><span><Trans>Authenticator code</Trans></span>
            <input name="otp" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))} required autoFocus /></label>
        )}
        {askOtp && <p className="bo-note"><Trans>Admin and operator accounts confirm each sign-in with the 6-digit code of their authenticator app.</Trans></p>}
        {error && <p className="bo-error" role="alert">{error}</p>}
        <button type="submit" className="bo-btn bo-btn-primary" disabled={busy}>{askOtp ? <Trans>Confirm code</Trans> : <Trans>Sign in</Trans>}</button>
      </form>
    </div>
  );
}
