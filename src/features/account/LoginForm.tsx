import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { closeNotice, showNotice } from '../../state/ui.ts';
import { useFormText } from '../../ui/form-text.ts';

/** After login: the language stored on this device, or else the user's (section 4). */
export function languageAfterLogin(userLang: string | undefined, current: string): string {
  const stored = localStorage.getItem('lang');
  return stored || userLang || current;
}

/**
 * Username and password (4-20 each; the rules are checked by the worker). The button shows '...'
 * while loading; a failure shows a status 3 notice; a redirect in the reply is followed.
 */
export function LoginForm({ onDone, lang }: { onDone: (lang: string) => void; lang: string }) {
  const { t } = useLingui();
  const text = useFormText();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setLoading(true);
    setError('');
    const r = await core.login(userName, password);
    setLoading(false);
    if (r.ok) {
      closeNotice();
      if (r.redirect) { location.assign(r.redirect); return; }
      onDone(languageAfterLogin(r.lang, lang));
      return;
    }
    const msg = text(r.key, r.args, r.text);
    setError(msg);
    showNotice({ status: 3, key: '', text: msg });
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
      <button type="submit" className="btn btn-primary" style={{ width: '100%' }} disabled={loading} data-testid="login-submit" aria-label={loading ? t`Logging in` : undefined}>
        {loading ? '...' : <Trans>Log in</Trans>}
      </button>
      <p className="demo-hint"><Trans>Demo account: demo / demo1234</Trans></p>
    </form>
  );
}
