import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { useHasNotifications } from './use-has-notifications.ts';

/** The header's left menu: sports A-Z (sorted by the worker), then pages; notifications when logged in. */
export function LeftMenu({ lang }: { lang: string }) {
  const { t } = useLingui();
  const { user } = useSession();
  const hasNotices = useHasNotifications();
  const [open, setOpen] = useState(false);
  const [sports, setSports] = useState<Array<{ id: number; name: string; count: number }> | null>(null);
  const show = () => { setOpen(true); void core.menuSports().then(setSports); };
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className="icon-btn" aria-label={t`Menu`} aria-expanded={open} onClick={show} data-testid="left-menu-button">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
      </button>
      {open && (
        <Sheet title={t`Menu`} onClose={close}>
          <nav className="acc-menu left-menu" data-testid="left-menu">
            {sports === null ? <div className="skeleton" style={{ height: 200 }} /> : sports.map((s) => (
              <Link key={s.id} to="/$lang/allsports" params={{ lang }} search={{ sid: s.id }} onClick={close}>
                <span>{s.name}</span><small>{s.count}</small>
              </Link>
            ))}
            <Link to="/$lang/promotions" params={{ lang }} onClick={close}><Trans>Promotions</Trans></Link>
            {user && hasNotices && <Link to="/$lang/notifications" params={{ lang }} onClick={close}><Trans>Notifications</Trans></Link>}
            <Link to="/$lang/support" params={{ lang }} onClick={close}><Trans>Support</Trans></Link>
            <Link to="/$lang/others" params={{ lang }} onClick={close}><Trans>Others</Trans></Link>
          </nav>
        </Sheet>
      )}
    </>
  );
}
