/**
 * The one permission catalogue of the back office (account-platform.md sections 1 and 6,
 * betting-core.md sections 4 and 6): roles, permission names, which role may hold which, the
 * default set per role and the menu. The server enforces every /api/bo/<call> with it; the UI
 * draws menus and buttons with it. A permission string is written only here: use the constants.
 */

/** Back-office roles and the users.user_type letter each one is stored as. */
export const ROLE_LETTERS = {
  admin: 'A',
  operator: 'O',
  dealer: 'D',
  subDealer: 'S',
  partner: 'P',
  terminal: 'T',
  player: 'U',
  /** The existing type F: a plain user account without a coupon list (betting-core.md section 6). */
  user: 'F',
} as const;
export type Role = keyof typeof ROLE_LETTERS;
export type RoleLetter = (typeof ROLE_LETTERS)[Role];
export const ROLES = Object.keys(ROLE_LETTERS) as Role[];

/** The role of a users.user_type letter (unknown letters are players: they get nothing). */
export function roleOfLetter(letter: string): Role {
  for (const r of ROLES) if (ROLE_LETTERS[r] === letter) return r;
  return 'player';
}

/** Roles that are nodes of the dealer hierarchy (they may own sub-nodes, players and terminals). */
export const NETWORK_ROLES: readonly Role[] = ['operator', 'dealer', 'subDealer', 'partner'];
/** Roles whose back-office sessions need a second factor (TOTP) and expire after 15 minutes idle. */
export const SECOND_FACTOR_ROLES: readonly Role[] = ['admin', 'operator'];
/** Idle time after which an admin's or operator's back-office session needs the second factor again. */
export const BO_IDLE_MS = 15 * 60 * 1000;

/**
 * Every permission. The first group may be granted to dealers on the roles screen; the second is
 * the operator team's own (never grantable to a dealer).
 */
export const PERMISSIONS = {
  // Coupons of the subtree (betting-core.md sections 4 and 6).
  viewCoupons: 'viewCoupons',
  cancelCoupon: 'cancelCoupon',
  setCouponWaiting: 'setCouponWaiting',
  sellCoupon: 'sellCoupon',
  showPaymentState: 'showPaymentState',
  markCouponPaid: 'markCouponPaid',
  // The network (section 6).
  viewDealers: 'viewDealers',
  addPartner: 'addPartner',
  openSubDealer: 'openSubDealer',
  viewUsers: 'viewUsers',
  createPlayer: 'createPlayer',
  createTerminal: 'createTerminal',
  editUsers: 'editUsers',
  editRoles: 'editRoles',
  // Money.
  loadCredit: 'loadCredit',
  withdrawCredit: 'withdrawCredit',
  issueCards: 'issueCards',
  viewMovements: 'viewMovements',
  cutOff: 'cutOff',
  viewReports: 'viewReports',
  // Operator team only.
  createDealer: 'createDealer',
  setDealerLimits: 'setDealerLimits',
  blockTransfers: 'blockTransfers',
  decideTransfers: 'decideTransfers',
  activateAffiliate: 'activateAffiliate',
  manageRoles: 'manageRoles',
  viewAudit: 'viewAudit',
  viewIpLogs: 'viewIpLogs',
  // Operator team: the site's settings.
  manageSettings: 'manageSettings',
  enterResults: 'enterResults',
  // Saving a score before the match can have ended (with a reason, audited): admin only by default.
  overrideResultTime: 'overrideResultTime',
  // Operator team: hand-made fixtures, prices, suspensions, stake limits; live betting settings.
  manageTrading: 'manageTrading',
  manageLiveBetting: 'manageLiveBetting',
  // Operator team: sports, countries, leagues, teams and markets.
  manageCatalogue: 'manageCatalogue',
  // Operator team: banners, pages, pop-ups, notifications, bonuses, payment methods, images.
  manageContent: 'manageContent',
  // Operator team: casino providers, games, categories and the dealers' casino limits.
  manageCasino: 'manageCasino',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** Permissions a dealer may hold and pass on (to its sub-dealers and partners). */
export const DEALER_PERMISSIONS: readonly Permission[] = [
  'viewCoupons', 'cancelCoupon', 'setCouponWaiting', 'sellCoupon', 'showPaymentState', 'markCouponPaid',
  'viewDealers', 'addPartner', 'openSubDealer', 'viewUsers', 'createPlayer', 'createTerminal', 'editUsers', 'editRoles',
  'loadCredit', 'withdrawCredit', 'issueCards', 'viewMovements', 'cutOff', 'viewReports',
];
/** Permissions only the operator team (admin, operator) holds. */
export const TEAM_PERMISSIONS: readonly Permission[] = ALL_PERMISSIONS.filter((p) => !DEALER_PERMISSIONS.includes(p));

/** Which permissions each role may hold at all. */
export const ROLE_MAY_HOLD: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ALL_PERMISSIONS,
  operator: ALL_PERMISSIONS.filter((p) => p !== 'manageRoles' && p !== 'overrideResultTime'),
  dealer: DEALER_PERMISSIONS,
  subDealer: DEALER_PERMISSIONS,
  // A partner brings players: it sees and opens players, never moves coupons or opens dealers.
  partner: ['viewUsers', 'createPlayer', 'viewMovements', 'viewReports', 'viewCoupons', 'loadCredit', 'withdrawCredit'],
  terminal: [],
  player: [],
  user: [],
};

/** The permissions a new account of a role starts with (a dealer's set is then edited on the roles screen). */
export const DEFAULT_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ROLE_MAY_HOLD.admin,
  operator: ROLE_MAY_HOLD.operator,
  dealer: DEALER_PERMISSIONS.filter((p) => p !== 'setCouponWaiting'),
  subDealer: ['viewCoupons', 'sellCoupon', 'showPaymentState', 'markCouponPaid', 'viewUsers', 'createPlayer', 'createTerminal', 'editUsers', 'loadCredit', 'withdrawCredit', 'issueCards', 'viewMovements', 'viewReports'],
  partner: ['viewUsers', 'createPlayer', 'viewMovements', 'viewReports'],
  terminal: [],
  player: [],
  user: [],
};

/** True when the role may hold the permission at all. */
export function roleMayHold(role: Role, p: Permission): boolean {
  return ROLE_MAY_HOLD[role].includes(p);
}

/**
 * The permissions a granter may give to a child of a role: only what the granter holds itself and
 * what the child's role may hold (a dealer never grants a permission it lacks).
 */
export function grantable(granterHolds: readonly Permission[], childRole: Role): Permission[] {
  return granterHolds.filter((p) => roleMayHold(childRole, p) && DEALER_PERMISSIONS.includes(p));
}

/** The role a network node creates below itself for a kind of child. */
export const CHILD_ROLE_PERMISSION = { subDealer: 'openSubDealer', partner: 'addPartner', dealer: 'createDealer' } as const satisfies Partial<Record<Role, Permission>>;

/** A back-office menu area: its route segment under /{lang}/bo/ and the permission that shows it (null: every bo user). */
export interface BoArea {
  key: string;
  path: string;
  permission: Permission | null;
  group: 'network' | 'money' | 'coupons' | 'reports' | 'logs' | 'site' | 'account';
}

/** The back-office menu (account-platform.md section 1), in menu order. */
export const BO_MENU: readonly BoArea[] = [
  { key: 'dealers', path: 'dealers', permission: 'viewDealers', group: 'network' },
  { key: 'users', path: 'users', permission: 'viewUsers', group: 'network' },
  { key: 'roles', path: 'roles', permission: 'editRoles', group: 'network' },
  { key: 'coupons', path: 'coupons', permission: 'viewCoupons', group: 'coupons' },
  { key: 'credit', path: 'credit', permission: 'loadCredit', group: 'money' },
  { key: 'cards', path: 'cards', permission: 'issueCards', group: 'money' },
  { key: 'userMovements', path: 'user-movements', permission: 'viewMovements', group: 'money' },
  { key: 'dealerMovements', path: 'dealer-movements', permission: 'viewMovements', group: 'money' },
  { key: 'accounts', path: 'accounts', permission: 'viewMovements', group: 'money' },
  { key: 'cutoff', path: 'cutoff', permission: 'cutOff', group: 'money' },
  { key: 'transfers', path: 'transfers', permission: 'decideTransfers', group: 'money' },
  { key: 'reports', path: 'reports', permission: 'viewReports', group: 'reports' },
  { key: 'retail', path: 'retail', permission: 'viewReports', group: 'reports' },
  { key: 'logs', path: 'logs', permission: 'viewAudit', group: 'logs' },
  { key: 'ipLogs', path: 'ip-logs', permission: 'viewIpLogs', group: 'logs' },
  { key: 'results', path: 'results', permission: 'enterResults', group: 'coupons' },
  { key: 'trading', path: 'trading', permission: 'manageTrading', group: 'coupons' },
  { key: 'liveSettings', path: 'live-settings', permission: 'manageLiveBetting', group: 'coupons' },
  { key: 'feed', path: 'feed', permission: 'manageTrading', group: 'coupons' },
  { key: 'liability', path: 'liability', permission: 'manageTrading', group: 'coupons' },
  { key: 'catalogue', path: 'catalogue', permission: 'manageCatalogue', group: 'site' },
  { key: 'catalogueMarkets', path: 'catalogue-markets', permission: 'manageCatalogue', group: 'site' },
  { key: 'contentBanners', path: 'content-banners', permission: 'manageContent', group: 'site' },
  { key: 'contentPages', path: 'content-pages', permission: 'manageContent', group: 'site' },
  { key: 'contentPopups', path: 'content-popups', permission: 'manageContent', group: 'site' },
  { key: 'contentNotifications', path: 'content-notifications', permission: 'manageContent', group: 'site' },
  { key: 'contentBonuses', path: 'content-bonuses', permission: 'manageContent', group: 'site' },
  { key: 'contentPayments', path: 'content-payments', permission: 'manageContent', group: 'site' },
  { key: 'settingsGeneral', path: 'settings-general', permission: 'manageSettings', group: 'site' },
  { key: 'settingsSite', path: 'settings-site', permission: 'manageSettings', group: 'site' },
  { key: 'settingsTheme', path: 'settings-theme', permission: 'manageSettings', group: 'site' },
  { key: 'settingsEmail', path: 'settings-email', permission: 'manageSettings', group: 'site' },
  { key: 'settingsRetail', path: 'settings-retail', permission: 'manageSettings', group: 'site' },
  { key: 'casino', path: 'casino', permission: 'manageCasino', group: 'site' },
  { key: 'changePassword', path: 'change-password', permission: null, group: 'account' },
];

/** The menu areas a holder of these permissions sees. */
export function menuFor(holds: readonly Permission[]): BoArea[] {
  return BO_MENU.filter((a) => a.permission === null || holds.includes(a.permission));
}

/** True when the role has a back office at all (players, terminals and F users do not). */
export function isBackOfficeRole(role: Role): boolean {
  return role === 'admin' || NETWORK_ROLES.includes(role);
}
