import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { showNotice } from '../../state/ui.ts';
import { useFormText } from '../../ui/form-text.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

/**
 * Account activation (section 4): the e-mail link (?code=) is sent at once; an SMS code is typed
 * with the username. On success the player goes to Login.
 */
export function ActivationPage({ lang, code: linked, user: linkedUser }: { lang: string; code: string; user: string }) {
  const { t } = useLingui();
  const text = useFormText();
  const navigate = useNavigate();
  const [code, setCode] = useState(linked);
  const [user, setUser] = useState(linkedUser);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const sentLink = useRef(false);

  const send = async (c: string, u: string) => {
    setSending(true);
    const r = await core.activate(c, u);
    setSending(false);
    const msg = r.key === 'wrongActivationCode' ? t`Wrong activation code` : r.ok ? t`Your account is activated: you can log in.` : text(r.key, r.args, r.text);
    if (!r.ok) { setError(msg); showNotice({ status: 2, key: '', text: msg }); return; }
    showNotice({ status: 1, key: '', text: msg });
    void navigate({ to: '/$lang/firstlogin', params: { lang }, search: { nextUrl: `/${lang}` } });
  };
  // The e-mail link carries a long code: send it without asking.
  useEffect(() => {
    if (linked && !/^\d{6}$/.test(linked) && !sentLink.current) { sentLink.current = true; void send(linked, ''); }
  });

  const submit = (e: FormEvent) => { e.preventDefault(); void send(code, user); };
  return (
    <div className="acc-page acc-login">
      <PageHeader title={t`Account activation`} />
      <form onSubmit={submit} noValidate>
        <p><Trans>Enter the code we sent you by SMS, with your username.</Trans></p>
        <div className="field"><label htmlFor="act-user">{t`Username`}</label><input id="act-user" className="input" maxLength={20} autoComplete="username" value={user} onChange={(e) => setUser(e.target.value)} /></div>
        <div className="field"><label htmlFor="act-code">{t`Activation code`}</label><input id="act-code" className="input" maxLength={100} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} /></div>
        {error && <p className="field-error" role="alert" data-testid="activation-error">{error}</p>}
        <button type="submit" className="btn btn-primary" disabled={sending} data-testid="activation-submit">{sending ? '...' : <Trans>Activate</Trans>}</button>
      </form>
      <div className="acc-links"><Link to="/$lang/firstlogin" params={{ lang }} search={{ nextUrl: `/${lang}` }}><Trans>Login</Trans></Link></div>
    </div>
  );
}
