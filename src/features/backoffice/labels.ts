import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BoArea, Permission, Role } from '../../../domain/backoffice/permissions.ts';

/** The words of the permission catalogue (domain/backoffice/permissions.ts) in the operator's language. */
export const ROLE_LABEL: Record<Role, MessageDescriptor> = {
  admin: msg`Admin`, operator: msg`Operator`, dealer: msg`Dealer`, subDealer: msg`Sub-dealer`, partner: msg`Partner`,
  terminal: msg`Terminal`, player: msg`Player`, user: msg`User`,
};

export const GROUP_LABEL: Record<BoArea['group'], MessageDescriptor> = {
  network: msg`Network`, money: msg`Money`, coupons: msg`Betting`, reports: msg`Reports`, logs: msg`Logs`, site: msg`Site`, account: msg({ message: 'Account', context: 'back office' }),
};

export const AREA_LABEL: Record<string, MessageDescriptor> = {
  dealers: msg`Dealer list`, users: msg`User list`, roles: msg`Dealer roles`, coupons: msg({ message: 'Coupons', context: 'back office' }), credit: msg`Credit load and withdraw`,
  cards: msg`Cards`, userMovements: msg`User movements`, dealerMovements: msg`Dealer movements`, accounts: msg`Accounts`,
  cutoff: msg`Cut-off`, transfers: msg`Deposit and withdrawal tracking`, reports: msg`Reports`, retail: msg`Shop terminals`, logs: msg`Logs`, ipLogs: msg`IP logs`,
  changePassword: msg`Change password`,
  catalogue: msg`Sports, countries, leagues and teams`, catalogueMarkets: msg`Odd types and markets`,
  trading: msg`Fixtures and prices`, liveSettings: msg`Live betting settings`, feed: msg`Odds feed`, liability: msg`Liability`,
  contentBanners: msg`Banners`, contentPages: msg`Pages`, contentPopups: msg`Pop-ups`, contentNotifications: msg`Notifications`,
  contentBonuses: msg`Bonuses and promotions`, contentPayments: msg`Payment methods`,
  casino: msg`Casino games and limits`,
  results: msg`Results`, settingsGeneral: msg`General settings`, settingsSite: msg`Site settings`, settingsTheme: msg`Theme settings`, settingsEmail: msg`E-mail settings`, settingsRetail: msg`Shop and kiosk settings`,
};

export const PERMISSION_LABEL: Record<Permission, MessageDescriptor> = {
  viewCoupons: msg`See coupons`, cancelCoupon: msg`Cancel coupon`, setCouponWaiting: msg`Set coupon waiting`, sellCoupon: msg`Sell coupon`,
  showPaymentState: msg`Show payment state`, markCouponPaid: msg`Pay out winning tickets`, viewDealers: msg`See dealers`, addPartner: msg`Add partner`,
  openSubDealer: msg`Open sub-dealer`, viewUsers: msg`See users`, createPlayer: msg`Create player`, createTerminal: msg`Create terminal`,
  editUsers: msg`Edit users`, editRoles: msg`Edit dealer roles`, loadCredit: msg`Load credit`, withdrawCredit: msg`Withdraw credit`,
  issueCards: msg`Issue cards`, viewMovements: msg`See movements`, cutOff: msg`Cut-off`, viewReports: msg`See reports`,
  createDealer: msg`Create dealer`, setDealerLimits: msg`Set dealer limits`, blockTransfers: msg`Block transfers`, decideTransfers: msg`Decide deposits and withdrawals`,
  activateAffiliate: msg`Activate affiliates`, manageRoles: msg`Manage roles`, viewAudit: msg`Read the audit log`, viewIpLogs: msg`Read IP logs`,
  manageSettings: msg`Edit site settings`, enterResults: msg`Enter results`,
  manageTrading: msg`Trade fixtures and prices`, manageLiveBetting: msg`Edit live betting settings`, manageCatalogue: msg`Edit sports, leagues, teams and markets`, manageContent: msg`Edit content and payment methods`,
  manageCasino: msg`Manage casino games and limits`,
  overrideResultTime: msg`Save a result before the match can have ended`,
};

// Coupon status and kind words are the player's (one home each).
export { STATUS as COUPON_STATUS } from '../../ui/coupon-text.ts';
export { COUPON_TYPE as TICKET_TYPE } from '../../ui/slip-text.ts';
