import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';

const USERNAME = /^[\p{L}\p{N}._\- ]{4,20}$/u;

/** Username and password (4-20 each; username letters, digits, dot, hyphen, underscore, space). */
export function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!USERNAME.test(userName) || password.length < 4 || password.length > 20) {
      setError(t`Username and password must be 4 to 20 characters.`);
      return;
    }
    setLoading(true);
    setError('');
    const r = await core.login(userName, password);
    setLoading(false);
    if (r.ok) onDone();
    else setError(r.msg || t`Could not reach the server. Check your connection and try again.`);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {error && <p className="form-error" role="alert" data-testid="login-error">{error}</p>}
      <div className="field">
        <label htmlFor="login-user"><Trans>Username</Trans></label>
        <input id="login-user" className="input" autoComplete="username" autoCapitalize="none" maxLength={20} value={userName} onChange={(e) => setUserName(e.target.value)} required />
      </div>
      <div className="field">
        <label htmlFor="login-pass"><Trans>Password</Trans></label>
        <input id="login-pass" className="input" type="password" autoComplete="current-password" maxLength={20} value={password} onChange={(e) => setPassword(e.target.value)} required />
      </div>
      <button type="submit" className="btn btn-primary" style={{ width: '100%' }} disabled={loading} data-testid="login-submit">
        {loading ? '...' : <Trans>Log in</Trans>}
      </button>
      <p className="demo-hint"><Trans>Demo account: demo / demo1234</Trans></p>
    </form>
  );
}
