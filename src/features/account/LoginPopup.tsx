import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { closeLogin, useUi } from '../../state/ui.ts';
import { Sheet } from '../../ui/Sheet.tsx';

// The form comes with the first opening, not with every page's first load.
const LoginForm = lazy(() => import('./LoginForm.tsx').then((m) => ({ default: m.LoginForm })));

/** The login popup that opens when a visitor tries to place a bet or open a money item. */
export function LoginPopup({ lang }: { lang: string }) {
  const { loginOpen } = useUi();
  const { t } = useLingui();
  if (!loginOpen) return null;
  return (
    <Sheet title={t`Log in`} onClose={closeLogin}>
      <Suspense fallback={<p aria-busy="true" />}><LoginForm lang={lang} onDone={closeLogin} /></Suspense>
      <p className="acc-links">
        <Link to="/$lang/register" params={{ lang }} onClick={closeLogin}><Trans>Register</Trans></Link>
        <Link to="/$lang/forgotPassword" params={{ lang }} onClick={closeLogin}><Trans>Forgot password</Trans></Link>
      </p>
    </Sheet>
  );
}
