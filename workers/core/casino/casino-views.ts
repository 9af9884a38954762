/**
 * The casino's screen rules as plain functions (account-platform.md sections 2, 4, 5, 8, 9): which
 * products a player sees, the provider strip, the search rules of each product, the last five
 * played, and what a game-open reply means for the screen (frame, redirect, new tab or a notice).
 */
import { hasPermission, type Product, type ProductRecords } from '../../../domain/account/permissions.ts';
import type { ProductId, ProductName } from '../../../domain/casino/calls.ts';
import { CASINO_UI, PRODUCT } from './contract-values.ts';

/** The five casino products, by their route name (section 2), in the tab bar's order. */
export const CASINO_PRODUCTS = ['casino', 'livecasino', 'bingo', 'virtualgames', 'tvgames'] as const;
export type CasinoProduct = (typeof CASINO_PRODUCTS)[number];

/** The contract's product of each route. */
const PRODUCT_OF: Record<CasinoProduct, ProductName> = { casino: 'slots', livecasino: 'livecasino', bingo: 'bingo', virtualgames: 'virtual', tvgames: 'tvgames' };
/** The permission record that opens each product (the contract's PRODUCT_PERMISSION, by route). */
export const PRODUCT_PERMISSION: Record<CasinoProduct, Product> = {
  casino: 'slotUser', livecasino: 'casinoUser', bingo: 'bingoUser', virtualgames: 'virtualUser', tvgames: 'tvgamesUser',
};
/** masterServiceId of a route's product. */
export const productId = (p: CasinoProduct): ProductId => PRODUCT[PRODUCT_OF[p]];
/** The route of a masterServiceId (a Home tile or a last-played game knows only its product). */
export const productRoute = (masterServiceId: number): CasinoProduct =>
  CASINO_PRODUCTS.find((p) => productId(p) === masterServiceId) ?? 'casino';

/** Jackpot tiles show on slots and live casino for a player whose livejackpotUser status is 1 (section 6). */
export function jackpotsShown(product: CasinoProduct, user: { products?: ProductRecords; onlineUser?: number } | null | undefined): boolean {
  return (product === 'casino' || product === 'livecasino') && hasPermission(user ? { products: user.products ?? {}, onlineUser: user.onlineUser ?? 0 } : null, 'livejackpotUser');
}

/** An iframe value of 8 opens the game inside the page; bingo redirects on 2 (section 4). */
export const IFRAME_IN_PAGE = 8;
export const BINGO_IFRAME_REDIRECT = 2;

/** The tab bar: the products the player has with status 1, in the tab bar's order (section 2). */
export function enabledProducts(products: ProductRecords | null | undefined): CasinoProduct[] {
  if (!products) return [];
  const user = { products, onlineUser: 0 };
  return CASINO_PRODUCTS.filter((p) => hasPermission(user, PRODUCT_PERMISSION[p]));
}

/** How a product searches (section 5). */
export interface SearchRule {
  /** The server is asked from this many characters on (0: never, the list is filtered here only). */
  serverFrom: number;
  /** Wait after the last key before asking the server. */
  delayMs: number;
}

/**
 * Live casino: server from 3 characters after 1000 ms, and the list also filtered by title; slots
 * and TV games: server from 3 characters (a short pause so typing is one question); virtual and
 * bingo: a client-side title match only.
 */
export function searchRule(product: CasinoProduct): SearchRule {
  switch (product) {
    case 'livecasino': return { serverFrom: CASINO_UI.searchMinChars, delayMs: CASINO_UI.liveSearchDelayMs };
    case 'casino': case 'tvgames': return { serverFrom: CASINO_UI.searchMinChars, delayMs: 500 };
    default: return { serverFrom: 0, delayMs: 0 };
  }
}

/** The text sent to the server for a typed search, or '' when the server is not asked (under 3 characters). */
export function serverSearch(product: CasinoProduct, text: string): string {
  const t = text.trim();
  const rule = searchRule(product);
  return rule.serverFrom > 0 && t.length >= rule.serverFrom ? t : '';
}

/** Case-insensitive "title contains" (Turkish dotted and dotless i fold to the same letter). */
export function titleMatches(title: string, text: string): boolean {
  const fold = (s: string) => s.toLocaleLowerCase('tr').replace(/ı/g, 'i').normalize('NFKD').replace(/\p{M}/gu, '');
  const t = fold(text.trim());
  return !t || fold(title).includes(t);
}

/** The list after the client-side title filter. */
export function filterByTitle<T extends { title: string }>(games: readonly T[], text: string): T[] {
  return text.trim() ? games.filter((g) => titleMatches(g.title, text)) : [...games];
}

/**
 * What a game's extras JSON text holds that the open call needs (section 3): the first limit table
 * (limitID, a number or a list) and the provider's game id.
 */
export function parseExtras(extras: unknown): { limitId?: number; gameId?: string } {
  let v: unknown = extras;
  if (typeof extras === 'string') {
    if (!extras.trim()) return {};
    try { v = JSON.parse(extras); } catch { return {}; }
  }
  if (!v || typeof v !== 'object') return {};
  const o = v as Record<string, unknown>;
  const out: { limitId?: number; gameId?: string } = {};
  const raw = o.limitID ?? o.limitId;
  const lim = Number(Array.isArray(raw) ? raw[0] : raw);
  if (Number.isInteger(lim) && lim > 0) out.limitId = lim;
  if (typeof o.id === 'string' || typeof o.id === 'number') out.gameId = String(o.id);
  return out;
}

/** What the screen does with a game-open reply. */
export type OpenOutcome =
  /** A visitor: the login popup (section 4). */
  | { kind: 'login' }
  /** Status false: the server's message as a status 2 notice (section 8). */
  | { kind: 'error'; text: string }
  /** A reply without the content it needs: 'Problem with service. Check' and the empty fields. */
  | { kind: 'missing'; fields: string[] }
  /** The server could not be reached (live casino shows an alert). */
  | { kind: 'network' }
  | { kind: 'frame'; url: string; title: string }
  | { kind: 'redirect'; url: string }
  /** iOS and a game that cannot run in a frame: a new tab. */
  | { kind: 'newtab'; url: string };

/** The open reply as the spec shapes it (opencas, openslot, bingo). */
export interface OpenReplyLike {
  status: boolean;
  msg?: string;
  login?: boolean;
  gameName?: string;
  content?: { gameurl?: string | null; iframe?: number | string | null; gameName?: string | null; frameable?: number | null } | null;
}

/**
 * The reply of opencas / openslot / bingo turned into what the screen does (sections 4 and 8).
 * `required` names the content fields the call must fill; a game whose provider refuses frames
 * (content.frameable 0) opens in a new tab on iOS, where a framed game would not run.
 */
export function openOutcome(
  reply: OpenReplyLike,
  opts: { bingo?: boolean; required: readonly ('gameurl' | 'iframe' | 'gameName')[]; ios?: boolean; title: string },
): OpenOutcome {
  if (!reply.status) return reply.login === false ? { kind: 'login' } : { kind: 'error', text: reply.msg ?? '' };
  const c = reply.content ?? {};
  const missing = opts.required.filter((f) => c[f] === undefined || c[f] === null || c[f] === '');
  if (missing.length) return { kind: 'missing', fields: missing };
  const url = String(c.gameurl);
  const iframe = Number(c.iframe);
  // a reply without an iframe value (opencas has none in the spec) shows the game in the page's frame
  const inPage = c.iframe === undefined || c.iframe === null || c.iframe === '' ? true : opts.bingo ? iframe !== BINGO_IFRAME_REDIRECT : iframe === IFRAME_IN_PAGE;
  if (!inPage) return { kind: 'redirect', url };
  if (opts.ios && c.frameable === 0) return { kind: 'newtab', url };
  return { kind: 'frame', url, title: c.gameName || reply.gameName || opts.title };
}
