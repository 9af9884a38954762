/**
 * Cancel on a failed print (betting-core.md section 4 Print: 'a print error shows an alert and,
 * on a terminal, cancels the coupon'; section 8: 'Printing failed: coupon cancelled').
 *
 * A terminal (a shop kiosk, user type 'T') hands the player a printed receipt as the only proof of
 * the bet; a coupon whose receipt could not be printed must not stand. The normal cancel rules
 * (no live coupon, not within 5 minutes of the first kick-off) would often refuse it, since kiosks
 * sell live and late bets. So a print cancel has its own, narrower rule:
 *  - only a terminal, only its own coupon (the server looks the coupon up by owner);
 *  - only a waiting coupon none of whose tips is settled yet;
 *  - only within PRINT_CANCEL_WINDOW_MS of the coupon's creation. The receipt prints 1 s after the
 *    page loads, so a failure is known within seconds; 30 s bounds what a live match can show
 *    before the cancel, which is the house's risk on a live coupon cancelled this way.
 * Any other cancel goes through the normal rules.
 */

/** The user type of a terminal (account-platform.md section 6: the terminal role). */
export const TERMINAL_USER_TYPE = 'T';

/** How long after its creation a terminal may cancel a coupon whose receipt failed to print. */
export const PRINT_CANCEL_WINDOW_MS = 30_000;

/** True for a terminal's session (user type 'T'). */
export function isTerminal(user: { userType?: string | undefined } | null | undefined): boolean {
  return user?.userType === TERMINAL_USER_TYPE;
}

export type PrintCancelState = 'ok' | 'notTerminal' | 'notWaiting' | 'settled' | 'expired';

/** Whether a print-failure cancel is allowed now (see the rule above). */
export function printCancelState(
  c: { status: number; createdAt: number; settledTips: number },
  user: { userType?: string | undefined },
  now: number,
): PrintCancelState {
  if (!isTerminal(user)) return 'notTerminal';
  if (c.status !== 0) return 'notWaiting';
  if (c.settledTips > 0) return 'settled';
  if (now < c.createdAt || now - c.createdAt > PRINT_CANCEL_WINDOW_MS) return 'expired';
  return 'ok';
}
