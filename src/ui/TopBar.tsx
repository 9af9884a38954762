import { Suspense, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../state/session.ts';
import { openLogin } from '../state/ui.ts';

/**
 * The menu button, the logo, then the logged-in player's account menu and balance (`account`, drawn
 * only once logged in; it may suspend while it loads), or the login button. The app's frame gives
 * the menu and the account pieces, which belong to their areas.
 */
export function TopBar({ lang, menu, account }: { lang: string; menu: ReactNode; account: ReactNode }) {
  const { user, known } = useSession();
  const { t } = useLingui();
  return (
    <header className="topbar">
      {menu}
      {/* Named by its text and a hidden word: an aria-label would hide the visible name (WCAG 2.5.3). */}
      <Link to="/$lang" params={{ lang }} className="logo">
        <span>BET</span><b>PWA</b><span className="visually-hidden">{t`Home`}</span>
      </Link>
      <div className="topbar-spacer" />
      {user ? (
        <Suspense fallback={<div className="skeleton" style={{ width: 80, height: 36 }} />}>
          {account}
        </Suspense>
      ) : known ? (
        <button type="button" className="btn btn-primary btn-small" onClick={openLogin}><Trans>Log in</Trans></button>
      ) : (
        <div className="skeleton" style={{ width: 80, height: 36 }} />
      )}
    </header>
  );
}
