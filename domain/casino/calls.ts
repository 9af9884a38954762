/**
 * Wire contract of the casino (account-platform.md sections 2, 3, 4, 7, 8, 9): payload schemas of
 * the calls the app makes (POST /api/<key>), their reply types, and the events of /ws/jackpot.
 * The server validates with these schemas; the worker builds requests and reads replies with them.
 *
 * Words: a *product* is masterServiceId (4 live casino, 5 slots, 6 virtual, 7 TV games, 8 bingo);
 * a *provider* is the casino list's serviceId (the provider tabs and strips); a *game* is a game's
 * serviceId. Money is integer minor units; jackpot amounts are integer ten-thousandths (JACKPOT_SCALE).
 */
import { z } from 'zod';
import { int4, int4Id } from '../protocol/input-guard.ts';
import { common } from '../protocol/calls.ts';

const int = int4();
const id = int4Id();

// ------------------------------------------------------------------ products

/** masterServiceId of each product. 4 and 5 are the spec's (transactions' serviceType uses the same numbers). */
export const PRODUCT = { livecasino: 4, slots: 5, virtual: 6, tvgames: 7, bingo: 8 } as const;
export type ProductName = keyof typeof PRODUCT;
export type ProductId = (typeof PRODUCT)[ProductName];
export const PRODUCT_IDS = Object.values(PRODUCT) as ProductId[];
/** The user permission (product record) each product needs (account-platform.md section 1). */
export const PRODUCT_PERMISSION: Record<ProductName, string> = {
  livecasino: 'casinoUser', slots: 'slotUser', virtual: 'virtualUser', tvgames: 'tvgamesUser', bingo: 'bingoUser',
};
export const productName = (idOf: number): ProductName | undefined =>
  (Object.keys(PRODUCT) as ProductName[]).find((k) => PRODUCT[k] === idOf);

const productId = z.union([z.literal(4), z.literal(5), z.literal(6), z.literal(7), z.literal(8)]);
/** Numbers may come as strings from URL queries (opencasino?id=..&mid=..). */
const qId = z.coerce.number().pipe(id);
const qProduct = z.coerce.number().pipe(productId);

// ------------------------------------------------------------------ entities

/**
 * A casino/slot game (section 3). `extras` is JSON text as the spec has it, e.g.
 * '{"id":"roulette-1","limitID":[1,2]}'; `limits` is the same limit tables decoded for live tables.
 */
export interface CasinoGame {
  serviceId: number;          // the game
  masterServiceId: ProductId; // the product
  topServiceId: number;       // the provider (casinoList's serviceId)
  topServiceId2: number;      // the category (casinoList's categories[].id), 0 none
  title: string;
  /** Tile image path (same-origin, an SVG of 1:1 at 230x230 display size). */
  logo: string;
  extras: string;
  /** 1: the game opens a lobby of tables rather than one table. */
  openLobby: 0 | 1;
  /** 1: a visitor may open it in fun mode (no money). */
  fun: 0 | 1;
  /** Declared return to player in hundredths of a percent (9650 = 96.50 %), 0 unknown. */
  rtp: number;
  /** Limit tables of a live table (limitId for opencas/openslot). */
  limits: CasinoLimitTable[];
}

export interface CasinoLimitTable { limitId: number; min: number; max: number; currency: string }

/** A provider of a product (casino list results, section 7). */
export interface CasinoProvider { serviceId: number; logo: string; title: string }
export interface CasinoCategory { id: number; title: string }

/** A winner of the carousel and top winners (section 3): amount in minor units, date ISO. */
export interface CasinoWinner { player: string; amount: number; currency: string; game: string; date: string; img: string; serviceId: number; masterServiceId: number }

// ------------------------------------------------------------------ calls

/** casinoList: the providers of a product (serviceId 4 live casino, 5 slots, ... is the product here, as the spec names it). */
export const casinoListPayload = z.object({ ...common, serviceId: qProduct });
export interface CasinoListReply { status: true; results: CasinoProvider[]; categories: CasinoCategory[] }

/**
 * homeCasino: games by id in the order asked (Home's configured top/new lists). With no ids, the
 * configured lists of the site (`lists`) and their games.
 */
export const homeCasinoPayload = z.object({ ...common, serviceId: z.array(id).max(100).optional() });
export interface HomeCasinoLists { casinoTop: number[]; casinoNew: number[]; slotsTop: number[]; slotsNew: number[] }
export interface HomeCasinoReply { status: true; results: CasinoGame[]; lists: HomeCasinoLists }

/**
 * getAllCasinos: the enabled games of a product in the operator's order. `search` of 3 or more
 * characters filters titles (case-insensitive, contains: section 5); shorter is ignored.
 * `serviceId` narrows to one provider, `category` to one category.
 */
export const getAllCasinosPayload = z.object({
  ...common,
  masterServiceId: qProduct,
  search: z.string().max(50).optional(),
  serviceId: qId.optional(),
  category: qId.optional(),
});
export interface GetAllCasinosReply { status: true; items: CasinoGame[] }

/**
 * opencas (live casino, TV games, virtual) and openslot (slots): launch a game. `fun` asks for fun
 * mode (the only way a visitor opens a game, where the game offers it). `limitId` picks a live
 * table's limit table; `gameId` is openslot's alternative name of the game (the slots route's query).
 */
export const opencasPayload = z.object({
  ...common,
  serviceId: qId,
  masterServiceId: qProduct.optional(),
  limitId: qId.optional(),
  fun: z.boolean().optional(),
});
export const openslotPayload = z.object({
  ...common,
  serviceId: qId.optional(),
  gameId: qId.optional(),
  masterServiceId: qProduct.optional(),
  limitId: qId.optional(),
  fun: z.boolean().optional(),
}).refine((p) => p.serviceId !== undefined || p.gameId !== undefined, { message: 'serviceId or gameId', path: ['serviceId'] });

/**
 * The open-game reply (section 3). iframe 8 opens inside the page, anything else redirects
 * (section 4); `frameable` 0 means the provider refuses frames (the app opens a new tab on iOS).
 * A failure is `{status:false, msg, error}` (section 8); the app shows 'Problem with service. Check'
 * with the names of any empty content fields.
 */
export interface OpenGameContent { gameurl: string; iframe: number; gameName: string; frameable: 0 | 1 }
export interface OpenGameReply { status: true; msg: string; content: OpenGameContent; gameName: string; fun: 0 | 1 }

/** bingo: opens the bingo room (query open=live). iframe 2 redirects, otherwise embedded (section 4). */
export const bingoPayload = z.object({ ...common, fun: z.boolean().optional() });
export type BingoReply = OpenGameReply;

/** lastPlayed: the player's last five games of a product (section 9), newest first. */
export const LAST_PLAYED = 5;
export const lastPlayedPayload = z.object({ ...common, masterServiceId: qProduct });
export interface LastPlayedReply { status: true; items: CasinoGame[] }

/** winners / topWinners: the carousel (latest) and the biggest wins of the last 7 days. */
export const winnersPayload = z.object({ ...common, masterServiceId: qProduct.optional(), limit: int.min(1).max(50).optional().default(20) });
export interface WinnersReply { status: true; results: CasinoWinner[] }

/** The error keys a casino call answers with (domain/messages.ts). */
export type CasinoErrorKey = 'gameNotFound' | 'gameUnavailable' | 'casinoLimitFull' | 'loginRequired' | 'forbidden' | 'funNotOffered' | 'limitReached' | 'onBreak' | 'selfExcluded' | 'accountClosed';

// ------------------------------------------------------------------ jackpot socket (/ws/jackpot)

/** A jackpot tier (same as `jackpots`): balance in ten-thousandths, light 1 when about to drop. */
export interface JackpotTierWire { balance: number; light: 0 | 1 }
export interface JackpotDataWire {
  casino: Partial<Record<'daily' | 'weekly' | 'mega', JackpotTierWire>>;
  sports: Partial<Record<'prematch' | 'live', JackpotTierWire>>;
  livecasino: Partial<Record<'daily', JackpotTierWire>>;
  currency: string;
  at: number;
}

/**
 * JSON text frames of /ws/jackpot. `data` at connect and every 5 s; `winnercasino` (slots, virtual,
 * TV games, bingo) and `winnerlivecasino` on each real win worth showing, jackpot drops included.
 * The app reconnects after 1 s times the attempt number, up to 10 attempts (section 4).
 */
export type JackpotSocketEvent =
  | { event: 'data'; data: JackpotDataWire; scale: number }
  | { event: 'winnercasino'; data: CasinoWinner }
  | { event: 'winnerlivecasino'; data: CasinoWinner };

/** Reconnect rule of the jackpot socket: wait 1 s times the attempt, give up after 10. */
export const JACKPOT_RECONNECT = { stepMs: 1_000, maxAttempts: 10 } as const;
export const jackpotReconnectDelay = (attempt: number): number | null =>
  attempt >= 1 && attempt <= JACKPOT_RECONNECT.maxAttempts ? attempt * JACKPOT_RECONNECT.stepMs : null;

// ------------------------------------------------------------------ constants of section 9

export const CASINO_UI = {
  slotsChunk: 40, rowHeight: 115, providerStrip: 3, jackpotTileHeight: 130, jackpotDecimals: 4,
  winnersCarouselMs: 4_000, liveSearchDelayMs: 1_000, searchMinChars: 3,
} as const;

/** The call keys of this contract (server registers them; the worker's api uses the same). */
export const CASINO_CALLS = ['casinoList', 'homeCasino', 'getAllCasinos', 'opencas', 'openslot', 'bingo', 'lastPlayed', 'winners', 'topWinners', 'jackpots'] as const;

// ------------------------------------------------------------------ back office: games management

/**
 * Games management (permission manageCasino, operator team): providers enabled and ordered; per
 * product (live casino, slots, virtual, TV games, bingo) the games enabled, ordered and put in a
 * category, and the categories named and ordered; the dealers' casino limits with today's casino
 * stakes of their subtree ('casino limits full' refuses a bet past them). Every change is audited.
 */
const order = int.min(0).max(100_000);
const status01 = z.union([z.literal(0), z.literal(1)]);
export const boCasinoGamesPayload = z.object({ ...common, product: productId });
export const boCasinoProvidersPayload = z.object({ ...common });
export const boSetCasinoProviderPayload = z.object({ ...common, providerId: id, status: status01.optional(), listOrder: order.optional() });
export const boSetCasinoGamePayload = z.object({
  ...common, gameId: id, status: status01.optional(), listOrder: order.optional(), categoryId: id.nullable().optional(),
});
/** A new category (no id) or a renamed / reordered one; the title 1-40 characters, unique in its product. */
export const boSaveCasinoCategoryPayload = z.object({ ...common, id: id.optional(), product: productId, title: z.string().trim().min(1).max(40), listOrder: order.optional() });
/** Dealers and their casino limits; `search` narrows by user name. */
export const boCasinoLimitsPayload = z.object({ ...common, search: z.string().trim().max(40).optional() });
/** A dealer's casino limit: the most casino stake its subtree may place a day, minor units (0: none). */
export const boSetCasinoLimitPayload = z.object({ ...common, dealerId: id, casinoLimit: int.min(0).max(1_000_000_000_00) });

export interface BoCasinoProvider { id: number; code: string; name: string; logo: string; status: 0 | 1; listOrder: number; games: number }
export interface BoCasinoGame { id: number; providerId: number; provider: string; product: ProductId; categoryId: number | null; code: string; title: string; logo: string; status: 0 | 1; listOrder: number; rtp: number }
export interface BoCasinoCategory { id: number; title: string; listOrder: number; games: number }
export interface BoCasinoLimit { dealerId: number; userName: string; casinoLimit: number; stakedToday: number; currency: string }

/** The casino's bo calls and the permission each needs (spread into BO_CALLS). */
export const BO_CASINO_CALLS = {
  'bo/casinoProviders': { payload: boCasinoProvidersPayload, permission: 'manageCasino' },
  'bo/casinoGames': { payload: boCasinoGamesPayload, permission: 'manageCasino' },
  'bo/setCasinoProvider': { payload: boSetCasinoProviderPayload, permission: 'manageCasino' },
  'bo/setCasinoGame': { payload: boSetCasinoGamePayload, permission: 'manageCasino' },
  'bo/saveCasinoCategory': { payload: boSaveCasinoCategoryPayload, permission: 'manageCasino' },
  'bo/casinoLimits': { payload: boCasinoLimitsPayload, permission: 'manageCasino' },
  'bo/setCasinoLimit': { payload: boSetCasinoLimitPayload, permission: 'manageCasino' },
} as const;

interface BoDone { status: true; msg: string }
/** The reply of each casino bo call. */
export interface CasinoBoReplies {
  'bo/casinoProviders': { status: true; results: BoCasinoProvider[] };
  'bo/casinoGames': { status: true; games: BoCasinoGame[]; categories: BoCasinoCategory[] };
  'bo/setCasinoProvider': BoDone; 'bo/setCasinoGame': BoDone; 'bo/saveCasinoCategory': BoDone & { id: number };
  'bo/casinoLimits': { status: true; results: BoCasinoLimit[] };
  'bo/setCasinoLimit': BoDone;
}
