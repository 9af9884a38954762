import { Link, useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

import { LoginForm } from './LoginForm.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** The Login page (firstlogin): logo, the form, links to register and forgot password; nextUrl followed. */
export function AccountPage({ lang, nextUrl }: { lang: string; nextUrl?: string | undefined }) {
  const navigate = useNavigate();
  const done = (to: string) => {
    // Only a path of this site: nextUrl must never send the player elsewhere.
    const safeNext = nextUrl && nextUrl.startsWith('/') && !nextUrl.startsWith('//') ? nextUrl.replace(/^\/[a-z]{2}(?=\/|$)/, `/${to}`) : '';
    if (safeNext) void navigate({ href: safeNext, replace: true });
    else void navigate({ to: '/$lang', params: { lang: to }, replace: true });
  };
  return (
    <div className="acc-page acc-login">
      <PageHeader title="" onBack={() => void navigate({ to: '/$lang', params: { lang } })} />
      <div className="logo acc-login-logo" aria-hidden="true"><span>BET</span><b>PWA</b></div>
      <h1 className="page-title" style={{ paddingInline: 0 }}><Trans>Log in</Trans></h1>
      <LoginForm lang={lang} onDone={done} />
      <p className="acc-links">
        <Link to="/$lang/register" params={{ lang }}><Trans>Register</Trans></Link>
        <Link to="/$lang/forgotPassword" params={{ lang }}><Trans>Forgot password</Trans></Link>
      </p>
    </div>
  );
}
