/**
 * The back-office calls (POST /api/bo/<call>): the zod schema of every payload, the TypeScript
 * type of every reply and the permission each call needs, in one table (BO_CALLS). The server's
 * guard (server/backoffice/guard.ts defineBoCall) and the UI read this file; calls are only added.
 * Money is integer minor units; dates are 'YYYY-MM-DD' (a day in UTC; `to` is inclusive).
 * Money-moving calls carry an Idempotency-Key header; a repeat returns the first reply.
 */
import { z } from 'zod';
import { common } from '../protocol/calls.ts';
import { PRODUCTS } from '../account/permissions.ts';
import { ALL_PERMISSIONS, type BoArea, type Permission, type Role } from './permissions.ts';
import { BO_TRADING_CALLS } from '../trading/calls.ts';
import { BO_CATALOGUE_ENTITY_CALLS } from '../catalogue/calls.ts';
import { BO_CONTENT_CALLS } from '../content/bo-calls.ts';
import { BO_CASINO_CALLS } from '../casino/calls.ts';
import { BO_HUB88_CALLS } from '../casino/hub88-calls.ts';
import { paging, type Done, type Page } from './replies.ts';
import type { BetFigures, PaymentState } from './figures.ts';

export { paging, type Done, type Page, type Refusal } from './replies.ts';

const int = z.number().int();
const id = int.positive();
const money = int.positive().max(1_000_000_000_00);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = (max: number) => z.string().trim().max(max);
const userName = z.string().min(4).max(20).regex(/^[\p{L}\p{N}._\- ]+$/u);
const password = z.string().min(4).max(20);
const permission = z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]]);


// ---------- session ----------
/** bo/login: the same credentials as login; admin and operator also send the 6-digit TOTP code. Sets the session cookie. */
export const boLoginPayload = z.object({
  ...common, userName, password, otp: z.string().regex(/^\d{6}$/).optional(), captchaId: z.string().max(64).optional(), captcha: z.string().max(10).optional(),
});
/** bo/verifyOtp: the second factor for a session opened by the player login (or after 15 min idle). */
export const boVerifyOtpPayload = z.object({ ...common, otp: z.string().regex(/^\d{6}$/) });
/** bo/whoami, bo/logout. */
export const boEmptyPayload = z.object({ ...common });
/** Who is logged in to the back office; needOtp true means: call bo/verifyOtp first (nothing else answers). */
export interface BoWhoami {
  status: true; userId: number; userName: string; role: Role; permissions: Permission[]; menu: BoArea[];
  balance: number; currency: string; needOtp: boolean; transfersBlocked: boolean;
}
/** bo/login reply: needOtp when the code is missing or wrong for a role that needs it. */
export type BoLoginReply = BoWhoami | { status: false; msg: string; error: string; needOtp?: boolean };

// ---------- network: dealers ----------
/** One node of the dealer hierarchy. */
export interface BoDealer {
  id: number; userName: string; firstName: string; lastName: string; role: Role; parentId: number | null; depth: number;
  status: number; balance: number; currency: string; transfersBlocked: boolean; commissionPercent: number;
  userLimit: number; dealerLimit: number; casinoLimit: number; users: number; dealers: number; createdAt: string;
}
/** bo/dealerTree: the caller's subtree (or below rootId), at most `depth` levels, each node with its parent. */
export const boDealerTreePayload = z.object({ ...common, rootId: id.optional(), depth: int.min(1).max(10).optional().default(3) });
export type BoDealerTreeReply = { status: true; nodes: BoDealer[] };
/** bo/dealers: a paged, searchable list of the subtree's dealers (sort: userName, balance, createdAt). */
export const boDealersPayload = z.object({ ...common, ...paging, search: text(40).optional(), parentId: id.optional(), status: z.union([z.literal(0), z.literal(1)]).optional(), role: z.enum(['operator', 'dealer', 'subDealer', 'partner']).optional() });
export type BoDealersReply = Page<BoDealer>;
/** bo/createDealer: a dealer (operator team: createDealer), sub-dealer (openSubDealer) or partner (addPartner) under parentId (default: the caller). */
export const boCreateDealerPayload = z.object({
  ...common, parentId: id.optional(), role: z.enum(['operator', 'dealer', 'subDealer', 'partner']), userName, password,
  firstName: text(40).optional().default(''), lastName: text(40).optional().default(''), email: z.string().email().max(80).optional(),
  commissionPercent: int.min(0).max(100).optional().default(0), currency: z.string().regex(/^[A-Z]{3}$/).optional(),
});
export type BoCreatedReply = Done & { id: number };
/** bo/editDealer: name, status (1 active, 0 passive) and commission percent of a dealer below the caller. */
export const boEditDealerPayload = z.object({ ...common, dealerId: id, firstName: text(40).optional(), lastName: text(40).optional(), status: z.union([z.literal(0), z.literal(1)]).optional(), commissionPercent: int.min(0).max(100).optional() });
/** bo/setDealerLimits: users it may create, sub-dealers it may open (0 unlimited) and casino credit limit (minor units, 0 none). */
export const boSetDealerLimitsPayload = z.object({ ...common, dealerId: id, userLimit: int.min(0).max(1_000_000), dealerLimit: int.min(0).max(100_000), casinoLimit: int.min(0).max(1_000_000_000_00) });
/** bo/blockTransfers: the operator team blocks (or unblocks) a dealer's credit transfers. */
export const boBlockTransfersPayload = z.object({ ...common, dealerId: id, blocked: z.boolean() });

// ---------- network: users (players and terminals) ----------
export const PRODUCT_NAMES = PRODUCTS;
/** Betting limits of one coupon kind, as the betting rules read them (domain/protocol/entities.ts KindLimits; minor units). */
export const kindLimits = z.object({
  minStake: int.min(0), maxStake: int.min(0), maxPay: int.min(0), minTip: int.min(0).max(30), status: z.union([z.literal(0), z.literal(1)]).optional().default(1),
});
export const BET_KINDS = ['single', 'combine', 'multiple', 'live', 'system'] as const;
/** Per-kind limits, the stake type and the coupon's min/max odds (thousandths). */
export const bettingLimits = z.object({
  ...Object.fromEntries(BET_KINDS.map((k) => [k, kindLimits.optional()])) as Record<(typeof BET_KINDS)[number], z.ZodOptional<typeof kindLimits>>,
  staketype: z.union([z.literal(0), z.literal(1)]).optional(), minOddsCoupon: int.min(0).optional(), maxOddsCoupon: int.min(0).optional(),
});
export type BettingLimits = z.infer<typeof bettingLimits>;
/** One player or terminal of the subtree. */
export interface BoUser {
  id: number; userName: string; firstName: string; lastName: string; role: Role; status: number; dealerId: number | null; dealerName: string;
  terminalNo: string; balance: number; currency: string; products: Record<string, number>; createdAt: string; lastLogin: string | null;
}
/** bo/users: players and terminals of the subtree (sort: userName, balance, createdAt, lastLogin). */
export const boUsersPayload = z.object({
  ...common, ...paging, search: text(40).optional(), role: z.enum(['player', 'terminal', 'user']).optional(), status: z.union([z.literal(0), z.literal(1)]).optional(),
  dealerId: id.optional(), createdFrom: day.optional(), createdTo: day.optional(),
});
export type BoUsersReply = Page<BoUser>;
/** bo/userDetail: one user with limits; its coupons and movements come from bo/coupons and bo/userMovements with userId. */
export const boUserIdPayload = z.object({ ...common, userId: id });
export type BoUserDetailReply = { status: true; user: BoUser & { limits: BettingLimits; staketype: number; email: string } };
/** bo/createUser: a player (createPlayer) or terminal (createTerminal, with its number) under dealerId (default: the caller). */
export const boCreateUserPayload = z.object({
  ...common, dealerId: id.optional(), kind: z.enum(['player', 'terminal']), userName, password,
  firstName: text(40).optional().default(''), lastName: text(40).optional().default(''), email: z.string().email().max(80).optional(),
  terminalNo: z.string().regex(/^[A-Za-z0-9-]{1,20}$/).optional(),
});
/** bo/setUserStatus: 1 active, 0 passive (a passive user cannot log in). */
export const boSetUserStatusPayload = z.object({ ...common, userId: id, status: z.union([z.literal(0), z.literal(1)]) });
/** bo/setUserProducts: the product records (sportUser, liveUser, casinoUser, ...), each 1 or 0. */
export const boSetUserProductsPayload = z.object({ ...common, userId: id, products: z.partialRecord(z.enum(PRODUCTS), z.union([z.literal(0), z.literal(1)])) });
/** bo/setUserLimits: betting limits per coupon kind and the stake type. */
export const boSetUserLimitsPayload = z.object({ ...common, userId: id, limits: bettingLimits });
/** bo/resetPassword: a new password for a user or dealer below the caller (their sessions end). */
export const boResetPasswordPayload = z.object({ ...common, userId: id, password });

// ---------- roles ----------
/** bo/getPermissions: what a dealer holds and what the caller could grant it. */
export const boDealerIdPayload = z.object({ ...common, dealerId: id });
export type BoPermissionsReply = { status: true; dealerId: number; role: Role; granted: Permission[]; grantable: Permission[] };
/** bo/setPermissions: the dealer's new set; anything the caller lacks (or the role may not hold) is refused. */
export const boSetPermissionsPayload = z.object({ ...common, dealerId: id, permissions: z.array(permission).max(ALL_PERMISSIONS.length) });

// ---------- money ----------
/** bo/loadCredit: caller's wallet -> a direct or deeper child (dealer, player, terminal). bo/withdrawCredit: back. Idempotency-Key. */
export const boCreditPayload = z.object({ ...common, targetId: id, amount: money, note: text(200).optional() });
export type BoCreditReply = Done & { transferId: number; balance: number; targetBalance: number };
/** One prepaid card. status: 0 unused, 1 redeemed, 2 void. */
export interface BoCard { id: number; code: string; amount: number; currency: string; status: number; dealerId: number; dealerName: string; redeemedBy: string | null; createdAt: string; redeemedAt: string | null }
/** bo/issueCard: count cards of an amount against the caller's credit. Idempotency-Key. */
export const boIssueCardPayload = z.object({ ...common, amount: money, count: int.min(1).max(100).optional().default(1) });
export type BoIssueCardReply = Done & { cards: BoCard[]; balance: number };
/** bo/cards: the subtree's cards. */
export const boCardsPayload = z.object({ ...common, ...paging, status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(), code: text(40).optional() });
export type BoCardsReply = Page<BoCard>;
/** bo/voidCard: an unused card is voided and its amount returns to the issuer. */
export const boCardIdPayload = z.object({ ...common, cardId: id });
/** redeemCard (player call, not bo/): the card's amount into the player's wallet, once. Idempotency-Key. */
export const redeemCardPayload = z.object({ ...common, code: z.string().trim().min(8).max(40) });
export type RedeemCardReply = Done & { amount: number; balance: number };

/** One cut-off (account settlement) of a dealer for a period. status: 1 active, 0 reverted. */
export interface BoCutoff {
  id: number; dealerId: number; dealerName: string; period: 'weekly' | 'monthly'; from: string; to: string;
  stakes: number; payouts: number; bonuses: number; commissionPercent: number; commission: number; net: number;
  status: number; createdBy: string; createdAt: string;
}
/** bo/cutoffPreview: the figures of a period (from: its first day; weekly = 7 days, monthly = the calendar month). */
export const boCutoffPayload = z.object({ ...common, dealerId: id, period: z.enum(['weekly', 'monthly']), from: day });
export type BoCutoffPreviewReply = {
  status: true;
  /** stakes and payouts are the settled coupons' (the GGR); open coupons are shown apart; closed: the period has ended (only then saved). */
  cutoff: Omit<BoCutoff, 'id' | 'status' | 'createdBy' | 'createdAt'> & { openStakes: number; openLiability: number; openCoupons: number; closed: boolean };
};
/** bo/createCutoff: saves it; refused for a dealer not directly below the caller or a period overlapping another. */
export type BoCutoffCreateReply = Done & { cutoff: BoCutoff };
/** bo/revertCutoff: the one above the dealer reverts it. */
export const boCutoffIdPayload = z.object({ ...common, cutoffId: id });
/** bo/cutoffs: cut-offs of the subtree. */
export const boCutoffsPayload = z.object({ ...common, ...paging, dealerId: id.optional() });
export type BoCutoffsReply = Page<BoCutoff>;

/** One ledger row. */
export interface BoMovement { id: number; userId: number; userName: string; amount: number; balanceAfter: number; kind: string; refType: string | null; refId: number | null; createdAt: string }
/** bo/userMovements: ledger rows of players/terminals of the subtree; bo/dealerMovements: of dealers. */
export const boMovementsPayload = z.object({ ...common, ...paging, userId: id.optional(), dealerId: id.optional(), kind: text(20).optional(), from: day.optional(), to: day.optional() });
export type BoMovementsReply = Page<BoMovement> & { sumIn: number; sumOut: number };
/** bo/accounts: balances of the subtree's accounts (dealers and users), total included. */
export const boAccountsPayload = z.object({ ...common, ...paging, dealerId: id.optional(), search: text(40).optional() });
export type BoAccountsReply = Page<{ id: number; userName: string; role: Role; balance: number; currency: string; parentId: number | null }> & { total: number };

// ---------- coupons ----------
/** One coupon of the subtree. paid: 1 when the shop has paid a winning ticket out. */
export interface BoCoupon {
  id: number; userId: number; userName: string; dealerId: number | null; dealerName: string; ticketType: string; isLive: number;
  status: number; totalStake: number; maxWinning: number; winAmount: number; paid: number; createdAt: string;
  /** Where its win is: in the player's wallet, to pay at the counter, paid there (none: nothing won). */
  payState: PaymentState;
}
/** bo/coupons: search by id, user, dealer (its whole subtree), dates, status, type, live. */
export const boCouponsPayload = z.object({
  ...common, ...paging, couponId: id.optional(), userName: text(20).optional(), userId: id.optional(), dealerId: id.optional(), from: day.optional(), to: day.optional(),
  status: z.union([z.literal(0), z.literal(1), z.literal(-1), z.literal(-2), z.literal(2)]).optional(),
  ticketType: z.enum(['TK', 'KK', 'CK', 'SK']).optional(), isLive: z.union([z.literal(0), z.literal(1)]).optional(),
});
/** totalCount stops at 1,000 (server/backoffice/coupons.ts COUPON_COUNT_CAP): show '1000+' and keep paging while a page is full. */
export type BoCouponsReply = Page<BoCoupon>;
/** bo/couponDetail, bo/cancelCoupon, bo/setCouponWaiting, bo/sellCoupon, bo/markCouponPaid. */
export const boCouponIdPayload = z.object({ ...common, couponId: id, reason: text(200).optional() });
export type BoCouponDetailReply = { status: true; coupon: BoCoupon; lines: { matchId: number; matchName: string; oddsType: number; outcomeId: number; odd: number; status: number; isBanko: number }[] };

// ---------- reports ----------
/** bo/dailyReport: per day and per dealer, shop (the dealer a terminal hangs under) or terminal. */
export const boReportPayload = z.object({ ...common, from: day, to: day, groupBy: z.enum(['dealer', 'shop', 'terminal']).optional().default('dealer'), dealerId: id.optional() });
/**
 * One day and group of the daily report: the one set of figures (domain/backoffice/figures.ts) with
 * sold (coupons placed) and paid (shop tickets paid at the counter) under their report names.
 */
export type BoDailyRow = BetFigures & { day: string; id: number; name: string; sold: number; paid: number };
export type BoDailyReply = { status: true; results: BoDailyRow[] };
/** bo/stakeRanges (betting-core.md section 9) and bo/paymentBands (account-platform.md section 9): counts and sums per band. */
export const boBandsPayload = z.object({ ...common, from: day, to: day, dealerId: id.optional() });
export interface BoBandRow { band: string; min: number; max: number | null; count: number; amount: number }
export type BoBandsReply = { status: true; results: BoBandRow[] };
/** The streamed CSV export: GET /api/bo/export/<report>.csv?from=&to=&groupBy=&dealerId= (same permission as the report). */
export const BO_EXPORTS = ['dailyReport', 'stakeRanges', 'paymentBands'] as const;
export const boExportQuery = z.object({ from: day, to: day, groupBy: z.enum(['dealer', 'shop', 'terminal']).optional().default('dealer'), dealerId: z.coerce.number().int().positive().optional(), lang: z.string().regex(/^[a-z]{2}$/).optional() });

// ---------- logs ----------
/** One audit row (append-only; hash = sha256(prevHash + row)). */
export interface BoAuditRow { id: number; actorId: number | null; actorName: string; role: string; action: string; objectType: string; objectId: string; before: unknown; after: unknown; address: string; createdAt: string; hash: string }
/** bo/auditLog: the audit log, newest first. */
export const boAuditPayload = z.object({ ...common, ...paging, actorId: id.optional(), action: text(40).optional(), objectType: text(40).optional(), from: day.optional(), to: day.optional() });
export type BoAuditReply = Page<BoAuditRow>;
/** bo/auditCheck: walks the chain; brokenId names the first row whose hash does not match. */
export type BoAuditCheckReply = { status: true; ok: boolean; checked: number; brokenId: number | null };
/** bo/ipLogs: login addresses. */
export const boIpLogsPayload = z.object({ ...common, ...paging, userId: id.optional(), address: text(60).optional(), from: day.optional(), to: day.optional() });
/** outcome: 'success', else the reply's error key (wrongLogin, wrongOtp, captchaRequired, tooManyRequests...). */
export type BoIpLogsReply = Page<{ id: number; userId: number; userName: string; address: string; userAgent: string; success: boolean; outcome: string; createdAt: string }>;
/** bo/changePassword: the caller's own password. */
export const boChangePasswordPayload = z.object({ ...common, currentPassword: password, newPassword: password });

/**
 * Every bo call: its payload schema and the permission it needs (null: any back-office user).
 * The transfer-request calls keep their existing payloads in domain/protocol/calls.ts.
 */
export const BO_CALLS = {
  'bo/login': { payload: boLoginPayload, permission: null },
  'bo/verifyOtp': { payload: boVerifyOtpPayload, permission: null },
  'bo/whoami': { payload: boEmptyPayload, permission: null },
  'bo/logout': { payload: boEmptyPayload, permission: null },
  'bo/changePassword': { payload: boChangePasswordPayload, permission: null },
  'bo/dealerTree': { payload: boDealerTreePayload, permission: 'viewDealers' },
  'bo/dealers': { payload: boDealersPayload, permission: 'viewDealers' },
  // The permission depends on the role created (CHILD_ROLE_PERMISSION); the guard checks viewDealers first.
  'bo/createDealer': { payload: boCreateDealerPayload, permission: 'viewDealers' },
  'bo/editDealer': { payload: boEditDealerPayload, permission: 'editRoles' },
  'bo/setDealerLimits': { payload: boSetDealerLimitsPayload, permission: 'setDealerLimits' },
  'bo/blockTransfers': { payload: boBlockTransfersPayload, permission: 'blockTransfers' },
  'bo/users': { payload: boUsersPayload, permission: 'viewUsers' },
  'bo/userDetail': { payload: boUserIdPayload, permission: 'viewUsers' },
  // createPlayer or createTerminal by kind; the guard checks viewUsers first.
  'bo/createUser': { payload: boCreateUserPayload, permission: 'viewUsers' },
  'bo/setUserStatus': { payload: boSetUserStatusPayload, permission: 'editUsers' },
  'bo/setUserProducts': { payload: boSetUserProductsPayload, permission: 'editUsers' },
  'bo/setUserLimits': { payload: boSetUserLimitsPayload, permission: 'editUsers' },
  'bo/resetPassword': { payload: boResetPasswordPayload, permission: 'editUsers' },
  'bo/getPermissions': { payload: boDealerIdPayload, permission: 'editRoles' },
  'bo/setPermissions': { payload: boSetPermissionsPayload, permission: 'editRoles' },
  'bo/loadCredit': { payload: boCreditPayload, permission: 'loadCredit' },
  'bo/withdrawCredit': { payload: boCreditPayload, permission: 'withdrawCredit' },
  'bo/issueCard': { payload: boIssueCardPayload, permission: 'issueCards' },
  'bo/cards': { payload: boCardsPayload, permission: 'issueCards' },
  'bo/voidCard': { payload: boCardIdPayload, permission: 'issueCards' },
  'bo/cutoffPreview': { payload: boCutoffPayload, permission: 'cutOff' },
  'bo/createCutoff': { payload: boCutoffPayload, permission: 'cutOff' },
  'bo/revertCutoff': { payload: boCutoffIdPayload, permission: 'cutOff' },
  'bo/cutoffs': { payload: boCutoffsPayload, permission: 'cutOff' },
  'bo/userMovements': { payload: boMovementsPayload, permission: 'viewMovements' },
  'bo/dealerMovements': { payload: boMovementsPayload, permission: 'viewMovements' },
  'bo/accounts': { payload: boAccountsPayload, permission: 'viewMovements' },
  'bo/coupons': { payload: boCouponsPayload, permission: 'viewCoupons' },
  'bo/couponDetail': { payload: boCouponIdPayload, permission: 'viewCoupons' },
  'bo/cancelCoupon': { payload: boCouponIdPayload, permission: 'cancelCoupon' },
  'bo/setCouponWaiting': { payload: boCouponIdPayload, permission: 'setCouponWaiting' },
  'bo/sellCoupon': { payload: boCouponIdPayload, permission: 'sellCoupon' },
  'bo/markCouponPaid': { payload: boCouponIdPayload, permission: 'markCouponPaid' },
  'bo/dailyReport': { payload: boReportPayload, permission: 'viewReports' },
  'bo/stakeRanges': { payload: boBandsPayload, permission: 'viewReports' },
  'bo/paymentBands': { payload: boBandsPayload, permission: 'viewReports' },
  'bo/auditLog': { payload: boAuditPayload, permission: 'viewAudit' },
  'bo/auditCheck': { payload: boEmptyPayload, permission: 'viewAudit' },
  'bo/ipLogs': { payload: boIpLogsPayload, permission: 'viewIpLogs' },
  // Trading and live betting settings: fixtures, markets, prices, IP permissions.
  ...BO_TRADING_CALLS,
  // The catalogue: sports, countries, leagues, teams, markets.
  ...BO_CATALOGUE_ENTITY_CALLS,
  // Content: images, banners, pages, pop-ups, notifications, bonuses, payment methods.
  ...BO_CONTENT_CALLS,
  // Casino games management and dealers' casino limits.
  ...BO_CASINO_CALLS,
  // The Hub88 aggregator: game-list syncs, round details, free rounds.
  ...BO_HUB88_CALLS,
} as const satisfies Record<string, { payload: z.ZodType; permission: Permission | null }>;
export type BoCallName = keyof typeof BO_CALLS;
/** The existing transfer-request and affiliate calls (payloads in domain/protocol/calls.ts) and their permissions. */
export const BO_LEGACY_CALLS = {
  'bo/transferRequests': 'decideTransfers',
  'bo/approveTransferReq': 'decideTransfers',
  'bo/rejectTransferReq': 'decideTransfers',
  'bo/activateAffiliate': 'activateAffiliate',
} as const satisfies Record<string, Permission>;
