import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../state/session.ts';
import { openLogin } from '../state/ui.ts';

// A visitor's first load carries no account menu: it comes with the session.
const AccountMenu = lazy(() => import('../features/account/AccountMenu.tsx').then((m) => ({ default: m.AccountMenu })));
const TopBarMoney = lazy(() => import('../features/account/AccountMenu.tsx').then((m) => ({ default: m.TopBarMoney })));
import { LeftMenu } from '../features/content/LeftMenu.tsx';

/** Logo, then the balance and a deposit button when logged in, or the login button. */
export function TopBar({ lang }: { lang: string }) {
  const { user, known } = useSession();
  const { t } = useLingui();
  return (
    <header className="topbar">
      <LeftMenu lang={lang} />
      {/* Named by its text and a hidden word: an aria-label would hide the visible name (WCAG 2.5.3). */}
      <Link to="/$lang" params={{ lang }} className="logo">
        <span>BET</span><b>PWA</b><span className="visually-hidden">{t`Home`}</span>
      </Link>
      <div className="topbar-spacer" />
      {user ? (
        <Suspense fallback={<div className="skeleton" style={{ width: 80, height: 36 }} />}>
          <AccountMenu lang={lang} />
          <TopBarMoney lang={lang} />
        </Suspense>
      ) : known ? (
        <button type="button" className="btn btn-primary btn-small" onClick={openLogin}><Trans>Log in</Trans></button>
      ) : (
        <div className="skeleton" style={{ width: 80, height: 36 }} />
      )}
    </header>
  );
}
