import { useEffect, useState } from 'react';
import { core } from '../core-client.ts';
import { useSession } from './session.ts';

/** How long one answer serves every badge of the same player and balance (the tab bar's, the menu's). */
const SHARED_MS = 10_000;
let asked: { key: string; at: number; text: Promise<string> } | null = null;

/** One call for the badges mounted together: the menu mounts after the tab bar, with the same key. */
function badgeText(key: string, now = Date.now()): Promise<string> {
  if (asked?.key !== key || now - asked.at > SHARED_MS) asked = { key, at: now, text: core.openCouponsBadge() };
  return asked.text;
}

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
    badgeText(key).then((t) => live && setText(t), () => undefined);
    return () => { live = false; };
  }, [key]);
  return key ? text : '';
}
