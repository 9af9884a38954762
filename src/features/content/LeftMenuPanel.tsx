import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { useHasNotifications } from '../../state/notifications.ts';

/** The open left menu: sports A-Z (sorted by the worker), then pages; notifications when logged in. */
export function LeftMenuPanel({ lang, onClose }: { lang: string; onClose: () => void }) {
  const { t } = useLingui();
  const { user } = useSession();
  const hasNotices = useHasNotifications();
  const [sports, setSports] = useState<Array<{ id: number; name: string; count: number }> | null>(null);
  useEffect(() => { void core.menuSports().then(setSports); }, []);
  return (
    <Sheet title={t`Menu`} onClose={onClose}>
      <nav className="acc-menu left-menu" data-testid="left-menu">
        {sports === null ? <div className="skeleton" style={{ height: 200 }} /> : sports.map((s) => (
          <Link key={s.id} to="/$lang/allsports" params={{ lang }} search={{ sid: s.id }} onClick={onClose}>
            <span>{s.name}</span><small>{s.count}</small>
          </Link>
        ))}
        <Link to="/$lang/promotions" params={{ lang }} onClick={onClose}><Trans>Promotions</Trans></Link>
        {user && hasNotices && <Link to="/$lang/notifications" params={{ lang }} onClick={onClose}><Trans>Notifications</Trans></Link>}
        <Link to="/$lang/support" params={{ lang }} onClick={onClose}><Trans>Support</Trans></Link>
        <Link to="/$lang/others" params={{ lang }} onClick={onClose}><Trans>Others</Trans></Link>
      </nav>
    </Sheet>
  );
}
