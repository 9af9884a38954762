import { useEffect, useState } from 'react';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';

/**
 * The open-coupon badge text ('' none, '1'..'9', '9+'), asked again when the player or the
 * balance changes (placing, selling, cancelling and settling all move the balance).
 */
export function useOpenCoupons(): string {
  const { user } = useSession();
  const [text, setText] = useState('');
  // Asked again whenever this changes: another player, or the same player's balance moved.
  const key = user ? `${user.userId}:${user.credit}` : '';
  useEffect(() => {
    if (!key) return undefined;
    let live = true;
    core.openCouponsBadge().then((t) => live && setText(t), () => undefined);
    return () => { live = false; };
  }, [key]);
  return key ? text : '';
}
