/**
 * The stake keypad of betting-core.md section 5 and the quick-stake groups, as plain functions.
 */

/** A key of the stake keypad: a digit, the dot, or backspace. */
export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | 'back';

/** The keypad text holds at most 5 characters (section 5). */
export const KEYPAD_MAX_CHARS = 5;

/**
 * The keypad text after a key press. The first press after the keypad opens replaces the old value
 * (fresh); then digits and one dot append up to 5 characters, and backspace removes the last one.
 * At most two decimals, since money is kept in minor units; a leading '0' is replaced by a digit.
 */
export function pressKey(text: string, key: KeypadKey, fresh: boolean): string {
  if (key === 'back') return fresh ? '' : text.slice(0, -1);
  const base = fresh ? '' : text;
  if (key === '.') {
    if (base.includes('.')) return base;
    const next = base === '' ? '0.' : `${base}.`;
    return next.length <= KEYPAD_MAX_CHARS ? next : base;
  }
  if (!/^\d$/.test(key)) return base;
  if (base === '0') return key;
  const dot = base.indexOf('.');
  if (dot >= 0 && base.length - dot > 2) return base;
  const next = base + key;
  return next.length <= KEYPAD_MAX_CHARS ? next : base;
}

/** Quick stakes 5, 10, 20, 50; the other group 5, 10, 25, 50 when coupon_amount_group is 1 (section 5). */
export function quickStakes(couponAmountGroup: unknown): string[] {
  return Number(couponAmountGroup) === 1 ? ['5', '10', '25', '50'] : ['5', '10', '20', '50'];
}
