import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AccountIcon, CouponsIcon, HomeIcon, LiveIcon, SportsIcon } from './icons.tsx';
import { useOpenCoupons } from '../state/open-coupons.ts';
import { useSession } from '../state/session.ts';
import { useFeedStatus } from '../state/live.ts';

/** Bottom tab bar: Home, Live, Sports, Coupons (open-coupon badge: 10 asked, '9+'), Account. */
export function TabBar({ lang }: { lang: string }) {
  const { user } = useSession();
  const openCoupons = useOpenCoupons();
  const liveCount = useFeedStatus().liveCount;
  return (
    <div className="tabbar">
      <nav aria-label="Main">
        <Link to="/$lang" params={{ lang }} className="tab" activeOptions={{ exact: true }}><HomeIcon /><Trans>Home</Trans></Link>
        <Link to="/$lang/livebets" params={{ lang }} className="tab" data-testid="tab-live"><LiveIcon /><Trans>Live</Trans>{liveCount > 0 && <span className="badge live-badge" aria-hidden="true">{liveCount}</span>}</Link>
        <Link to="/$lang/allsports" params={{ lang }} className="tab"><SportsIcon /><Trans>Sports</Trans></Link>
        <Link to="/$lang/coupons" params={{ lang }} className="tab">
          <CouponsIcon /><Trans>Coupons</Trans>
          {openCoupons && <span className="badge" data-testid="open-coupons-badge">{openCoupons}</span>}
        </Link>
        {user
          ? <Link to="/$lang/myAccount" params={{ lang }} className="tab" data-testid="tab-account"><AccountIcon /><Trans>Account</Trans></Link>
          : <Link to="/$lang/firstlogin" params={{ lang }} className="tab" data-testid="tab-account"><AccountIcon /><Trans>Account</Trans></Link>}
      </nav>
    </div>
  );
}
