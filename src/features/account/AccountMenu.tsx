import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { formatMoney } from '../../ui/format.ts';
import { useLoad } from '../../ui/use-load.ts';
import { useOpenCoupons } from '../../state/open-coupons.ts';
import { useHasNotifications } from '../../state/notifications.ts';

const siteView = () => core.siteView();

/** The deposit button beside the credit, or a coupons button when login_screen is 1 (section 2). */
export function TopBarMoney({ lang }: { lang: string }) {
  const { user } = useSession();
  const { load } = useLoad(siteView);
  if (load.state === 'ready' && load.data.loginScreen) return <Link className="btn btn-small" to="/$lang/coupons" params={{ lang }}><Trans>Coupons</Trans></Link>;
  if (!user?.money) return null;
  return <Link className="btn btn-primary btn-small" to="/$lang/deposit" params={{ lang }} data-testid="deposit-button"><Trans>Deposit</Trans></Link>;
}

/** The account menu: username, credit with refresh, open coupons (status 0, '9+' above 9), links, logout. */
export function AccountMenu({ lang }: { lang: string }) {
  const { user } = useSession();
  const { t } = useLingui();
  const hasNotices = useHasNotifications();
  const navigate = useNavigate();
  const openCoupons = useOpenCoupons();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => { if (!box.current?.contains(e.target as Node)) setOpen(false); };
    const esc = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('click', close);
    document.addEventListener('keydown', esc);
    return () => { document.removeEventListener('click', close); document.removeEventListener('keydown', esc); };
  }, [open]);
  const refresh = useCallback(async () => { setBusy(true); await core.refreshSession(); setBusy(false); }, []);
  if (!user) return null;
  const go = () => setOpen(false);
  const logout = async () => {
    setOpen(false);
    const to = await core.logout();
    if (to === 'login') void navigate({ to: '/$lang/firstlogin', params: { lang }, search: { nextUrl: `/${lang}` } });
    else void navigate({ to: '/$lang', params: { lang } });
  };
  return (
    <div className="acc-menu-wrap" ref={box}>
      {/* The balance is the menu's button: one tap target for the credit and the account. */}
      {/* Named by what it shows, then what it opens (a name without the visible text fails WCAG 2.5.3). */}
      <button type="button" className="balance acc-menu-btn" aria-expanded={open} aria-haspopup="menu" onClick={() => setOpen(!open)} data-testid="account-menu-button">
        <small><Trans>Balance</Trans></small>
        <strong data-testid="balance">{formatMoney(user.credit, user.currencySymbol, lang)}</strong>
        {openCoupons && <span className="badge">{openCoupons}</span>}
        <span className="visually-hidden">{t`Account menu`}</span>
      </button>
      {open && (
        <div className="acc-dropdown" role="menu" data-testid="account-menu">
          <div className="acc-dropdown-head">
            <strong>{user.userName}</strong>
            <span>{formatMoney(user.credit, user.currencySymbol, lang)} <button type="button" className="btn btn-small btn-ghost" onClick={() => void refresh()} disabled={busy} aria-label={t`Refresh balance`}>{busy ? '...' : '↻'}</button></span>
          </div>
          <Link role="menuitem" to="/$lang/coupons" params={{ lang }} onClick={go}><Trans>Open coupons</Trans>{openCoupons && <span className="badge" data-testid="menu-open-coupons">{openCoupons}</span>}</Link>
          <Link role="menuitem" to="/$lang/myAccount" params={{ lang }} onClick={go}><Trans>My account</Trans></Link>
          {user.money && <Link role="menuitem" to="/$lang/deposit" params={{ lang }} onClick={go}><Trans>Deposit</Trans></Link>}
          {user.money && <Link role="menuitem" to="/$lang/withdraw" params={{ lang }} onClick={go}><Trans>Withdraw</Trans></Link>}
          <Link role="menuitem" to="/$lang/transactions" params={{ lang }} onClick={go}><Trans>Transactions</Trans></Link>
          {hasNotices && <Link role="menuitem" to="/$lang/notifications" params={{ lang }} onClick={go}><Trans>Notifications</Trans></Link>}
          <button type="button" role="menuitem" onClick={() => void logout()}><Trans>Log out</Trans></button>
        </div>
      )}
    </div>
  );
}
