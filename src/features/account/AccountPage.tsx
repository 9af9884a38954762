import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { LoginForm } from './LoginForm.tsx';

/** Account tab: the login page for a visitor, a short account summary for a player. */
export function AccountPage({ lang }: { lang: string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user) {
    return (
      <div style={{ padding: 16 }}>
        <h1 className="page-title" style={{ paddingInline: 0 }}><Trans>Log in</Trans></h1>
        <LoginForm onDone={() => void navigate({ to: '/$lang', params: { lang } })} />
      </div>
    );
  }
  return (
    <div style={{ padding: 16 }}>
      <h1 className="page-title" style={{ paddingInline: 0 }}>{user.userName}</h1>
      <dl className="summary">
        <dt><Trans>Balance</Trans></dt><dd>{formatMoney(user.credit, user.currencySymbol, lang)}</dd>
        {user.lastLogin && <><dt><Trans>Last login</Trans></dt><dd>{formatDateTime(user.lastLogin, lang)}</dd></>}
      </dl>
      <button type="button" className="btn" style={{ marginBlockStart: 24, width: '100%' }} onClick={() => void core.logout().then(() => navigate({ to: '/$lang', params: { lang } }))}>
        <Trans>Log out</Trans>
      </button>
    </div>
  );
}
