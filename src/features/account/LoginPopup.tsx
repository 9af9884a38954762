import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { closeLogin, useUi } from '../../state/ui.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { LoginForm } from './LoginForm.tsx';

/** The login popup that opens when a visitor tries to place a bet or open a money item. */
export function LoginPopup({ lang }: { lang: string }) {
  const { loginOpen } = useUi();
  const { t } = useLingui();
  if (!loginOpen) return null;
  return (
    <Sheet title={t`Log in`} onClose={closeLogin}>
      <LoginForm lang={lang} onDone={closeLogin} />
      <p className="acc-links">
        <Link to="/$lang/register" params={{ lang }} onClick={closeLogin}><Trans>Register</Trans></Link>
        <Link to="/$lang/forgotPassword" params={{ lang }} onClick={closeLogin}><Trans>Forgot password</Trans></Link>
      </p>
    </Sheet>
  );
}
