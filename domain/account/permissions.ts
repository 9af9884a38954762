/**
 * Product permissions and route guards of account-platform.md sections 2 and 6, shared by the
 * worker (to route the player) and the server (to refuse the call): one rule, two enforcers.
 */

/** The product records of a user (section 1), each with a status (1 active, 0 passive). */
export const PRODUCTS = ['sportUser', 'liveUser', 'casinoUser', 'slotUser', 'virtualUser', 'bingoUser', 'tvgamesUser', 'mintUser', 'livejackpotUser'] as const;
export type Product = (typeof PRODUCTS)[number];
export type ProductRecords = Partial<Record<Product, { status: number }>>;

/** What a guard needs to know about the player (null: visitor). */
export interface GuardUser {
  userId: number;
  userType: string;
  onlineUser: number;
  products: ProductRecords;
  affiliateStatus: number;
  affiliateLink: string;
}

/** The site settings the guards read. */
export interface GuardSettings {
  login_screen?: number;
  register_disabled?: number;
  affiliateStatus?: number;
}

/**
 * True when the user holds the named permission with status 1; with several names separated by a
 * bar ('sportUser|liveUser'), any one is enough. 'onlineUser' is the online flag.
 */
export function hasPermission(user: Pick<GuardUser, 'products' | 'onlineUser'> | null, permission: string): boolean {
  if (!user) return false;
  return permission.split('|').some((name) => {
    if (name === 'onlineUser') return user.onlineUser === 1;
    return user.products[name as Product]?.status === 1;
  });
}

/** Money items (deposit, withdraw, transfer request) show only for an online user of a site without login_screen or register_disabled. */
export function moneyAllowed(user: Pick<GuardUser, 'onlineUser'> | null, s: GuardSettings): boolean {
  return !!user && user.onlineUser === 1 && s.login_screen !== 1 && s.register_disabled !== 1;
}

/** The kind of guard a route has (section 2). */
export type GuardKind =
  | { kind: 'open' }
  | { kind: 'loggedOut'; register?: boolean }
  | { kind: 'login' }
  | { kind: 'permission'; permission: string; login?: boolean }
  | { kind: 'money' }
  | { kind: 'affiliate' }
  | { kind: 'couponList' };

/** The guards of the routes of this area and of the betting core, by route name. */
export const ROUTE_GUARDS: Record<string, GuardKind> = {
  firstlogin: { kind: 'loggedOut' },
  register: { kind: 'loggedOut', register: true },
  forgotPassword: { kind: 'loggedOut' },
  resetPassword: { kind: 'loggedOut' },
  notifications: { kind: 'login' },
  bonusRequest: { kind: 'login' },
  deposit: { kind: 'money' },
  withdraw: { kind: 'money' },
  transferRequest: { kind: 'money' },
  transactions: { kind: 'login' },
  changePassword: { kind: 'login' },
  userInformation: { kind: 'login' },
  settings: { kind: 'login' },
  timezone: { kind: 'login' },
  myAccount: { kind: 'login' },
  affiliate: { kind: 'affiliate' },
  affiliateBanner: { kind: 'affiliate' },
  livecasino: { kind: 'permission', permission: 'casinoUser' },
  casino: { kind: 'permission', permission: 'slotUser' },
  bingo: { kind: 'permission', permission: 'bingoUser' },
  virtualgames: { kind: 'permission', permission: 'virtualUser' },
  tvgames: { kind: 'permission', permission: 'tvgamesUser' },
  coupons: { kind: 'couponList' },
};

/** Where a guard sends the player: 'home', 'login' (with nextUrl), or null to let them in. */
export type GuardTarget = 'home' | 'login' | null;

/**
 * The guard of a route (section 2). A visitor of a login_screen site goes to Login for every
 * route except Login itself and the logged-out pages; otherwise a refused route goes to Home.
 */
export function guardRoute(route: string, user: GuardUser | null, s: GuardSettings): GuardTarget {
  const g = ROUTE_GUARDS[route] ?? { kind: 'open' };
  if (!user && s.login_screen === 1 && g.kind !== 'loggedOut' && route !== 'languages') return 'login';
  switch (g.kind) {
    case 'open': return null;
    case 'loggedOut':
      if (user && s.login_screen !== 1) return 'home';
      if (g.register && s.register_disabled === 1) return 'home';
      return null;
    case 'login': return user ? null : 'home';
    case 'permission': return hasPermission(user, g.permission) ? null : 'home';
    case 'money': return moneyAllowed(user, s) ? null : 'home';
    case 'affiliate': return user && user.onlineUser === 1 && s.affiliateStatus === 1 ? null : 'home';
    case 'couponList':
      // User type F gets no coupon list (section 6).
      return user && user.userType !== 'F' && hasPermission(user, 'sportUser|liveUser') ? null : 'home';
  }
}
