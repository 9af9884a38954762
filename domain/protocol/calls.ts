/**
 * Payload schemas of the calls (betting-core.md and account-platform.md section 7), shared by the
 * worker (to build requests) and the server (to validate them). Money is integer minor units and
 * odds integer thousandths on the wire. Unknown fields are stripped; the session decides the user,
 * so a payload's userId is accepted and ignored.
 */
import { z } from 'zod';
import { INT4_MAX, int4, int4Id, int8 } from './input-guard.ts';
import { ODDS_CHANGES } from '../betslip/odds-change.ts';

// Every integer is bounded to its column's range (input-guard.ts): an int4 unless named otherwise.
const int = int4();
const id = int4Id();
/** A bigserial id (coupons, transfer requests). */
const bigId = int8().positive();
/** Money in minor units (bigint columns). */
const money = int8();
const isoDate = z.iso.datetime({ offset: true });

/** Fields the shared request helper adds to every call. */
export const common = {
  lang: z.string().regex(/^[a-z]{2}$/).optional(),
  serverId: z.union([z.number(), z.string()]).optional(),
  operatorId: z.union([z.number(), z.string()]).optional(),
  userId: z.unknown().optional(),
  reqId: z.string().max(64).optional(),
};

export const loginPayload = z.object({
  ...common,
  userName: z.string().min(4).max(20).regex(/^[\p{L}\p{N}._\- ]+$/u),
  password: z.string().min(4).max(20),
  passwordType: z.unknown().optional(),
  machineId: z.string().max(100).optional(),
  /** After a few failures from one address (error captchaRequired): the captcha call's id and the text read. */
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(10).optional(),
});
export type LoginPayload = z.infer<typeof loginPayload>;

export const emptyPayload = z.object({ ...common });

export const sportsPayload = z.object({
  ...common,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  enLang: z.unknown().optional(),
  addDate: z.unknown().optional(),
});

/** categories: the countries of a sport with listed matches in the window. */
export const categoriesPayload = z.object({
  ...common,
  sportId: id,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});

/** tournament: the leagues of a country with listed matches in the window. */
export const tournamentPayload = z.object({
  ...common,
  sportId: id.optional(),
  categoryId: id,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});

/** shortcode: the code as typed (the server upper-cases it); a code of digits may come as a number. */
export const shortcodePayload = z.object({
  ...common,
  code: z.union([z.string().trim().min(1).max(16).regex(/^[\p{L}\p{N}]+$/u), int.nonnegative()]),
});

/** matchResults: results from startDate to endDate (default yesterday to tomorrow), 50 a page. */
export const matchResultsPayload = z.object({
  ...common,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  sportId: int.nonnegative().optional(),
  limit: int.min(1).max(50).optional(),
  order: int.nonnegative().optional(),
});

export const matchesPayload = z.object({
  ...common,
  sportId: int.nonnegative().optional(),
  categoryId: id.optional(),
  tournamentId: id.optional(),
  /** Blank = no keyword; otherwise 3 or more characters (section 5), so the trigram index serves it. */
  keyWord: z.string().max(50).refine((k) => k.trim().length === 0 || k.trim().length >= 3, 'keyWord needs 3 or more characters').optional(),
  odds: z.array(id).max(20).optional(),
  limit: int.min(1).max(1000).optional(),
  order: int.nonnegative().optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  highList: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Home: at most this many earliest matches of every sport, in one request (limit and order then ignored). */
  perSport: int.min(1).max(20).optional(),
  /** 1: the rows' keys once, then their values (domain/protocol/compact-rows.ts). */
  compact: z.literal(1).optional(),
});
export type MatchesPayload = z.infer<typeof matchesPayload>;

export const oddsPayload = z.object({ ...common, matchId: id, compact: z.literal(1).optional() });

/** One tip of a createCoupon payload; the server reads only what it needs and recomputes the rest. */
export const couponTip = z.object({
  mid: id,
  oddTypeId: id,
  banko: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  ttype: z.enum(['N', 'L']),
  /** The odd the player saw (thousandths); compared with the current one. */
  odd: int.min(1001),
  ktip: z.object({
    outcomeid: id,
    special: z.string().max(20),
    oddid: id.optional(),
  }).loose(),
}).loose();
export type CouponTip = z.infer<typeof couponTip>;

export const createCouponPayload = z.object({
  ...common,
  ticketType: z.enum(['TK', 'KK', 'CK', 'SK']),
  couponType: int.optional(),
  /** Older form of the odds-change choice: true 'any', false 'none' (domain/betslip/odds-change.ts). */
  oddChangeOk: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  /** What placement does with an odd that moved since the player saw it; wins over oddChangeOk. */
  oddsChange: z.enum(ODDS_CHANGES).optional(),
  systemTickets: z.array(int.min(1).max(20)).max(20).optional(),
  /** Integer minor units: a fraction of a minor unit (sub-cent) is refused. */
  totalStake: money.positive(),
  ticketStake: money.positive(),
  tips: z.array(couponTip).min(1).max(20),
});
export type CreateCouponPayload = z.infer<typeof createCouponPayload>;

export const couponListPayload = z.object({
  ...common,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  status: z.union([z.literal(''), z.literal(0), z.literal(1), z.literal(-1), z.literal(-2), z.literal(2)]).optional(),
  couponType: z.union([z.literal(''), int.min(0).max(4)]).optional(),
  order: int.nonnegative().optional(),
  // A page is 25 coupons (section 9); more than 100 at once is refused, not quietly cut.
  limit: int.min(1).max(100).default(25),
});
export type CouponListPayload = z.infer<typeof couponListPayload>;

export const couponDetailPayload = z.object({ ...common, ticketId: bigId, archived: z.unknown().optional() });

// ------------------------------------------------------------------ live calls (section 7)

/** liveMatches: the live list with the sport list and live counts; odds limits the groups sent. */
export const liveMatchesPayload = z.object({
  ...common,
  sportId: int.nonnegative().optional(),
  keyWord: z.string().max(50).optional(),
  odds: z.array(id).max(20).optional(),
  limit: int.min(1).max(1000).optional(),
  order: int.nonnegative().optional(),
});
export type LiveMatchesPayload = z.infer<typeof liveMatchesPayload>;

/** liveoddsnew: one live match with all its odds groups. */
export const liveOddsPayload = z.object({ ...common, matchid: id });

/** liveLookup: favourites (match ids) to their live score and time. */
export const liveLookupPayload = z.object({ ...common, favorites: z.array(id).max(1000) });

/**
 * liveNames: the names of live matches' teams, countries and leagues and of a feed's market types
 * (beyond the built-in ones) in the player's language; the live frames carry them in one language
 * only (the feed's), and the worker names what it shows with these.
 */
export const liveNamesPayload = z.object({
  ...common,
  teams: z.array(id).max(2000).default([]),
  categories: z.array(id).max(500).default([]),
  tournaments: z.array(id).max(1000).default([]),
  types: z.array(id).max(500).default([]),
});
export type LiveNamesPayload = z.infer<typeof liveNamesPayload>;
/** liveNames reply: names by id; a type by its id with its outcomes' names by outcome id. Ids it does not know are left out. */
export type LiveNamesReply = {
  status: boolean;
  teams: Record<string, string>;
  categories: Record<string, string>;
  tournaments: Record<string, string>;
  types: Record<string, { name: string; outcomes: Record<string, string> }>;
};

/** tv: the stream of one match. */
export const tvPayload = z.object({ ...common, matchId: id });

/**
 * sellCoupon: ticketId; amount is the whole offer the player confirmed (refused when it moved);
 * part takes only that much of it now and lets the rest ride (domain/coupon/sell.ts partialSell).
 */
export const sellCouponPayload = z.object({ ...common, ticketId: bigId, amount: money.nonnegative().optional(), part: money.positive().optional() });

/** setAutoSell: sell the coupon (or `part` of the offer) once its offer reaches `target` (minor units). */
export const setAutoSellPayload = z.object({ ...common, ticketId: bigId, target: money.positive(), part: money.positive().optional() });
/** clearAutoSell: remove the coupon's auto cash-out rule. */
export const clearAutoSellPayload = z.object({ ...common, ticketId: bigId });

/** cancel coupon: ticketId; reason 'print' is a terminal's cancel after a failed print (domain/coupon/print-cancel.ts). */
export const cancelCouponPayload = z.object({ ...common, ticketId: bigId, reason: z.enum(['print']).optional() });

/** A share link's token: 16 random bytes in base64url (server/betting-lifecycle/coupon-shares.ts). */
const shareToken = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** The owner draws (or reads again) the share token of a coupon: ticketId. */
export const couponShareTokenPayload = z.object({ ...common, ticketId: bigId });
/** share coupon and ticket detail (share): the public reads, by the link's token only. */
export const shareCouponPayload = z.object({ ...common, token: shareToken });
export const ticketDetailPayload = z.object({ ...common, token: shareToken });

const goals = int.min(0).max(999);
const score = z.object({ h: goals, a: goals });

/** A match's final result as settlement reads it (domain/coupon/result.ts); bo/saveResult's payload takes its `result`. */
export const enterResultPayload = z.object({
  ...common,
  matchId: id,
  result: z.object({
    ft: score,
    ht: score.optional(),
    corners: score.optional(),
    cards: score.optional(),
    goals: z.array(z.object({ side: z.enum(['h', 'a']), minute: int.min(0).max(200) })).max(200).optional(),
    status: z.enum(['ended', 'cancelled', 'interrupted', 'walkover', 'retired', 'after_ot']).optional(),
    winner: z.enum(['h', 'a']).optional(),
  }),
  revision: int.nonnegative().optional(),
});

// Accounts, money and content (account-platform.md section 7). Limits are checked again with the
// rules of domain/account/ in the handlers; these schemas only bound the shapes.
const text = (max: number) => z.string().max(max);

export const registerPayload = z.object({
  ...common,
  firstName: text(50), lastName: text(50),
  birthDate: z.string().regex(/^\d{4}-\d{1,2}-\d{1,2}$/),
  idNumber: text(11).optional().default(''),
  sex: z.enum(['m', 'f']),
  address: text(200), city: text(20), postCode: text(10),
  counrtyId: z.coerce.number().int().positive().max(INT4_MAX),
  mobile: z.object({ plus: text(1).optional(), code: text(4), number: text(11) }).optional(),
  userName: text(20), password: text(20), email: text(100), currency: text(3),
  promotionCode: text(50).optional().default(''),
  affiliateUser: text(50).optional().default(''),
  captcha: text(10), captchaId: text(64),
});
export type RegisterPayload = z.infer<typeof registerPayload>;

/** activation: the e-mail link's token, or an SMS's 6 digits with the username. */
export const activationPayload = z.object({ ...common, code: z.string().min(1).max(100), userName: text(20).optional() });
export const usernameCheckPayload = z.object({ ...common, userName: text(40) });
export const emailCheckPayload = z.object({ ...common, email: text(100) });
export const checkMobilePayload = z.object({ ...common, mobile: text(20) });
export const checkIdNumberPayload = z.object({ ...common, idNumber: text(20) });

export const forgotPasswordPayload = z.object({
  ...common,
  username: text(20),
  birthDateDay: z.coerce.number().int().min(1).max(31),
  birthDateMonth: z.coerce.number().int().min(1).max(12),
  birthDateYear: z.coerce.number().int().min(1900).max(2100),
});
export const resetPasswordPayload = z.object({ ...common, password: text(20), repassword: text(20), passCode: text(100) });
export const changePasswordPayload = z.object({ ...common, currentPassword: text(20), newPassword: text(20) });

export const banksPayload = z.object({ ...common, payId: id, payCatId: id });
/** deposit request and setTransferReq: amount in minor units. */
export const transferPayload = z.object({
  ...common,
  payId: id, payCatId: id,
  amount: money.positive(),
  transferType: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
  values: z.array(z.object({ name: text(50), value: text(200) })).max(30).default([]),
  bankId: id.optional(),
});
export type TransferPayload = z.infer<typeof transferPayload>;

const slashDate = z.string().regex(/^\d{4}\/\d{2}\/\d{2}$/);
export const transactionsPayload = z.object({
  ...common,
  startDate: slashDate.optional(), endDate: slashDate.optional(),
  transactionType: z.enum(['a', 'e', '']).optional().default(''),
  serviceType: z.union([z.literal(''), z.literal(1), z.literal(4), z.literal(5)]).optional().default(''),
  order: int.nonnegative().optional().default(0),
  limit: int.min(1).max(50).optional().default(50),
});
export const transferRequestsPayload = z.object({
  ...common,
  startDate: slashDate.optional(), endDate: slashDate.optional(),
  status: z.union([z.literal(''), z.literal(0), z.literal(1), z.literal(2)]).optional().default(''),
  order: int.nonnegative().optional().default(0),
  limit: int.min(1).max(50).optional().default(50),
});
export const transferIdPayload = z.object({ ...common, requestId: bigId, reason: text(200).optional() });
// Affiliate area (account-platform.md section 7). Dates with slashes like transactions; order is
// the page (0 first), 50 rows a page.
export const affiliateInfoPayload = z.object({ ...common, startDate: slashDate.optional(), endDate: slashDate.optional() });
export const dealersPayload = z.object({ ...common, order: int.nonnegative().optional().default(0) });
export const dealersFinancePayload = z.object({
  ...common,
  startDate: slashDate.optional(), endDate: slashDate.optional(),
  // a coupon status of betting-core.md section 4 (0 waiting, 1 won, -1 lost, -2 cancelled, 2 sold); '' all
  status: z.union([z.literal(''), int.min(-2).max(2)]).optional().default(''),
  transactionType: z.enum(['a', 'e', '']).optional().default(''),
  order: int.nonnegative().optional().default(0),
});
export const affiliateControlPayload = z.object({ ...common, affiliateId: z.string().min(1).max(50) });

/** Back office: makes a player who asked an active affiliate with its terms (cutoff 0 monthly, 1 weekly). */
export const boActivateAffiliatePayload = z.object({ ...common, affiliateUserId: id, percent: int.min(0).max(100), cutoff: z.union([z.literal(0), z.literal(1)]) });
/** Back office: the transfer requests of every player, waiting first (status '' = all). */
export const boTransferRequestsPayload = z.object({
  ...common,
  status: z.union([z.literal(''), z.literal(0), z.literal(1), z.literal(2)]).optional().default(0),
  order: int.nonnegative().optional().default(0),
  limit: int.min(1).max(50).optional().default(50),
});

export const bonusIdPayload = z.object({ ...common, bonusId: id });
export const pagePayload = z.object({ ...common, pageid: z.coerce.number().int().positive().max(INT4_MAX) });
export const contactPayload = z.object({ ...common, email: text(100), topcategory: text(50), category: text(50), message: text(2000) });

// ------------------------------------------------------------------ home content (account-platform.md section 7)

/** banners: the groups of one display state or of several in one call (Home asks 12 and 1). */
export const bannersPayload = z.object({ ...common, displayState: z.union([int.nonnegative(), z.array(int.nonnegative()).min(1).max(10)]) });
