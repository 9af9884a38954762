import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Each audited action named in the operator's words (an action not listed shows its code). */
export const AUDIT_ACTION: Readonly<Record<string, MessageDescriptor>> = {
  activateAffiliate: msg`Affiliate activated`, allow: msg`Allowed`, blockTransfers: msg`Transfers blocked or unblocked`,
  cancelCoupon: msg`Coupon cancelled`, changePassword: msg`Password changed`, createCutoff: msg`Cut-off saved`, revertCutoff: msg`Cut-off reverted`,
  createDealer: msg`Dealer created`, createUser: msg`User created`, editDealer: msg`Dealer edited`, issueCards: msg`Cards issued`, voidCard: msg`Card voided`,
  loadCredit: msg`Credit loaded`, withdrawCredit: msg`Credit withdrawn`, markCouponPaid: msg`Ticket paid at the counter`, sellCoupon: msg`Coupon sold back`,
  setCouponWaiting: msg`Coupon set back to waiting`, redeemVoucher: msg`Voucher redeemed`, resetPassword: msg`Password reset`,
  setDealerLimits: msg`Dealer limits changed`, setPermissions: msg`Permissions changed`, setUserLimits: msg`User limits changed`,
  setUserProducts: msg`User products changed`, setUserStatus: msg`User status changed`, terminalPairingCode: msg`Terminal pairing code issued`,
  ticketUnclaimed: msg`Expired ticket written off`,
  'result.enter': msg`Result entered`, 'result.correct': msg`Result corrected`, 'settings.change': msg`Settings changed`,
  'market.open': msg`Market opened`, 'market.reopen': msg`Market reopened`, 'market.suspend': msg`Market suspended`,
  'match.reopen': msg`Match reopened`, 'match.suspend': msg`Match suspended`, 'match.stakeLimit': msg`Match stake limit set`,
  'price.set': msg`Prices changed`, 'fixture.create': msg`Fixture created`,
  'catalogue.markets': msg`Markets of a sport changed`, 'catalogue.merge': msg`Catalogue entries merged`,
  'live.ipRule.add': msg`Live betting address rule added`, 'live.ipRule.remove': msg`Live betting address rule removed`, 'live.oddTypes': msg`Live markets changed`,
  'banner.create': msg`Banner created`, 'banner.edit': msg`Banner edited`, 'banner.order': msg`Banners reordered`, 'banner.delete': msg`Banner deleted`,
  'bonus.create': msg`Bonus created`, 'bonus.edit': msg`Bonus edited`, 'bonus.delete': msg`Bonus deleted`,
  'page.create': msg`Page created`, 'page.edit': msg`Page edited`, 'page.delete': msg`Page deleted`,
  'popup.create': msg`Pop-up created`, 'popup.edit': msg`Pop-up edited`, 'popup.delete': msg`Pop-up deleted`,
  'notification.send': msg`Notification sent`, 'media.upload': msg`Image uploaded`,
  'casino.category': msg`Casino category changed`, 'casino.game': msg`Casino game changed`, 'casino.limit': msg`Casino limit changed`,
  'casino.provider': msg`Casino provider changed`, 'protection.break': msg`Player break set`, 'protection.exclusion': msg`Player exclusion set`,
};

/** Keys whose integer values are money in minor units (formatted with the currency in the log). */
export const MONEY_KEYS: ReadonlySet<string> = new Set([
  'amount', 'stake', 'stakes', 'totalStake', 'payouts', 'bonuses', 'commission', 'net', 'credit', 'balance', 'maxPay', 'income', 'win',
  'paidAmount', 'openStakes', 'openLiability', 'stakeLimit', 'maxStake', 'minStake', 'owed',
]);
