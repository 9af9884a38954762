import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { formatMoney } from '../../ui/format.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useHasNotifications } from '../../state/notifications.ts';

/** The account hub (section 2): username, last login, credit with refresh, links, logout. */
export function MyAccountPage({ lang }: { lang: string }) {
  const { user } = useSession();
  const { t } = useLingui();
  const hasNotices = useHasNotifications();
  const navigate = useNavigate();
  const [refreshing, setRefreshing] = useState(false);
  if (!user) return null;
  const refresh = async () => { setRefreshing(true); await core.refreshSession(); setRefreshing(false); };
  const logout = async () => {
    const to = await core.logout();
    if (to === 'login') void navigate({ to: '/$lang/firstlogin', params: { lang }, search: { nextUrl: `/${lang}` } });
    else void navigate({ to: '/$lang', params: { lang } });
  };
  return (
    <div className="acc-page">
      <PageHeader title={t`My account`} />
      <section className="acc-card" data-testid="account-hub">
        <div className="acc-user">
          <strong data-testid="hub-username">{user.userName}</strong>
          {user.lastLoginText && <small><Trans>Last login</Trans>: {user.lastLoginText}</small>}
        </div>
        <div className="acc-credit">
          <small><Trans>Balance</Trans></small>
          <strong data-testid="hub-credit">{formatMoney(user.credit, user.currencySymbol, lang)}</strong>
          <button type="button" className="btn btn-small" onClick={() => void refresh()} disabled={refreshing} aria-label={t`Refresh balance`}>{refreshing ? '...' : '↻'}</button>
        </div>
      </section>
      <nav className="acc-menu" aria-label={t`My account`}>
        <Link to="/$lang/transactions" params={{ lang }}><Trans>Transactions</Trans></Link>
        {user.money && <>
          <Link to="/$lang/deposit" params={{ lang }}><Trans>Deposit</Trans></Link>
          <Link to="/$lang/withdraw" params={{ lang }}><Trans>Withdraw</Trans></Link>
          <Link to="/$lang/transferRequest" params={{ lang }}><Trans>Transfer requests</Trans></Link>
        </>}
        <Link to="/$lang/bonusRequest" params={{ lang }}><Trans>Bonus request</Trans></Link>
        {hasNotices && <Link to="/$lang/notifications" params={{ lang }}><Trans>Notifications</Trans></Link>}
        <Link to="/$lang/userInformation" params={{ lang }}><Trans>User information</Trans></Link>
        <Link to="/$lang/protection" params={{ lang }} data-testid="hub-protection"><Trans>Limits and self-exclusion</Trans></Link>
        <Link to="/$lang/settings" params={{ lang }}><Trans>Settings</Trans></Link>
        {user.affiliate && <Link to="/$lang/affiliate" params={{ lang }} data-testid="hub-affiliate"><Trans>Affiliate</Trans></Link>}
        {user.affiliateBanner && <Link to="/$lang/affiliateBanner" params={{ lang }} data-testid="hub-affiliate-banner"><Trans>Affiliate banners</Trans></Link>}
        <Link to="/$lang/changePassword" params={{ lang }}><Trans>Change password</Trans></Link>
      </nav>
      <button type="button" className="btn acc-logout" onClick={() => void logout()} data-testid="logout"><Trans>Log out</Trans></button>
    </div>
  );
}
