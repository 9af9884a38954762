import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AccountIcon, CouponsIcon, HomeIcon, LiveIcon, SportsIcon } from './icons.tsx';
import { useSlip } from '../state/slip.ts';

/** Bottom tab bar: Home, Live, Sports, Coupons (slip count badge), Account. */
export function TabBar({ lang }: { lang: string }) {
  const { view } = useSlip();
  const count = view?.entries.length ?? 0;
  return (
    <div className="tabbar">
      <nav aria-label="Main">
        <Link to="/$lang" params={{ lang }} className="tab" activeOptions={{ exact: true }}><HomeIcon /><Trans>Home</Trans></Link>
        <Link to="/$lang" params={{ lang }} hash="live" className="tab" activeOptions={{ exact: true, includeHash: true }}><LiveIcon /><Trans>Live</Trans></Link>
        <Link to="/$lang" params={{ lang }} hash="sports" className="tab" activeOptions={{ exact: true, includeHash: true }}><SportsIcon /><Trans>Sports</Trans></Link>
        <Link to="/$lang/coupons" params={{ lang }} className="tab">
          <CouponsIcon /><Trans>Coupons</Trans>
          {count > 0 && <span className="badge" aria-hidden="true">{count}</span>}
        </Link>
        <Link to="/$lang/firstlogin" params={{ lang }} className="tab"><AccountIcon /><Trans>Account</Trans></Link>
      </nav>
    </div>
  );
}
