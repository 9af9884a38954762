import { useLingui } from '@lingui/react/macro';
import { closeLogin, useUi } from '../../state/ui.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { LoginForm } from './LoginForm.tsx';

/** The login popup that opens when a visitor tries to place a bet. */
export function LoginPopup() {
  const { loginOpen } = useUi();
  const { t } = useLingui();
  if (!loginOpen) return null;
  return (
    <Sheet title={t`Log in`} onClose={closeLogin}>
      <LoginForm onDone={closeLogin} />
    </Sheet>
  );
}
