import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * A ledger row in the player's words: the product it belongs to and what moved the balance. The
 * codes (sport, slot, refund, sell ...) are the server's; a code not named here reads as 'Other',
 * never as itself.
 */
export const LEDGER_PRODUCT: Record<string, MessageDescriptor> = {
  sport: msg`Sports`, live: msg`Live`, payment: msg`Payment`, account: msg`Account`, livecasino: msg`Live casino`,
  slot: msg`Slots`, casino: msg`Casino`, virtual: msg`Virtual`, tvgames: msg`TV games`, bingo: msg`Bingo`,
};

export const LEDGER_KIND: Record<string, MessageDescriptor> = {
  bet: msg`Bet placed`, win: msg`Win`, bonus: msg`Bonus`, refund: msg`Refund`, sell: msg`Sold`, deposit: msg`Deposit`,
  withdraw: msg`Withdraw`, transfer: msg`Transfer`, reversal: msg`Correction`,
};

export const LEDGER_OTHER: MessageDescriptor = msg`Other`;
