/**
 * The rules of the Hub88 Operator API that are pure (docs/hub88.md says where each comes from):
 * amounts in Hub88's integers (the real value x 100,000) against our minor units, the user id we
 * give Hub88, the platform of a launch, and how a game of Hub88's list lands in our catalogue.
 */
import { PRODUCT, type ProductId } from './calls.ts';

/** Hub88 sends money as an Int64: the real value multiplied by 100,000 ($3.56 is 356000). */
export const HUB88_SCALE = 100_000;
/** Our minor units: every currency of the site has two decimals (domain/money.ts). */
export const MINOR_PER_UNIT = 100;
/** Hub88 units in one minor unit. */
export const HUB88_PER_MINOR = HUB88_SCALE / MINOR_PER_UNIT;

/**
 * Hub88's amount in our minor units, exactly; null when it is not a non-negative safe integer or
 * is not a whole number of minor units (0.001 TRY is 100 in Hub88's scale): such an amount is
 * refused, never rounded.
 */
export function hub88ToMinor(amount: number): number | null {
  if (!Number.isSafeInteger(amount) || amount < 0 || amount % HUB88_PER_MINOR !== 0) return null;
  return amount / HUB88_PER_MINOR;
}

/** Minor units in Hub88's scale (always exact: 1 minor unit = 1,000). */
export const minorToHub88 = (minor: number): number => minor * HUB88_PER_MINOR;

/**
 * The user id Hub88 knows a player by: at least 4 characters and no personal data (the docs ask
 * for both), so our row id zero-padded behind a letter ('u000042'), never the username.
 */
export const hub88User = (userId: number): string => `u${String(userId).padStart(6, '0')}`;

/** Our user id from Hub88's `user`; null when it is not one we give out. */
export function userOfHub88(user: string): number | null {
  const m = /^u(\d{6,10})$/.exec(user);
  if (!m) return null;
  const id = Number(m[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Hub88's platform of a launch from the browser's user agent (the docs allow either to be ignored by the game). */
export const hub88Platform = (userAgent: string | undefined): 'GPL_MOBILE' | 'GPL_DESKTOP' =>
  /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent ?? '') ? 'GPL_MOBILE' : 'GPL_DESKTOP';

/**
 * The product a game of Hub88's list goes under, from its category: live dealer games to live
 * casino, virtual sports to virtual, bingo to bingo, draw games (lottery, keno, scratch cards) to TV
 * games, everything else (video slots, table games, crash games ...) to slots.
 */
export function hub88ProductOf(category: string): ProductId {
  const c = category.toLowerCase();
  if (/live/.test(c)) return PRODUCT.livecasino;
  if (/virtual/.test(c)) return PRODUCT.virtual;
  if (/bingo/.test(c)) return PRODUCT.bingo;
  if (/lotter|keno|lotto|scratch|draw/.test(c)) return PRODUCT.tvgames;
  return PRODUCT.slots;
}

/** Hub88's RTP ('96.50', 96.5 or null) in our hundredths of a percent (9650); 0 unknown. Parsed as text, never through a float product. */
export function hub88Rtp(rtp: unknown): number {
  const text = typeof rtp === 'number' ? String(rtp) : typeof rtp === 'string' ? rtp.trim() : '';
  const m = /^(\d{1,3})(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!m) return 0;
  const v = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return v > 0 && v <= 10_000 ? v : 0;
}

/** Our provider code of a studio of Hub88 (its `product`): 'hub88-' and the name in lower-case letters and digits. */
export function hub88StudioCode(studio: string): string {
  const slug = studio.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return `hub88-${slug || 'studio'}`;
}

/** The code of the aggregator's own provider row: the wallet's identity for every studio of Hub88. */
export const HUB88_PROVIDER = 'hub88';

/** The currency Hub88's demo mode takes (game/url without a user and token). */
export const HUB88_DEMO_CURRENCY = 'XXX';

/** The ISO 639-1 code Hub88 gets for a site language: the Kurdish codes as 'ku', Papiamentu as Dutch, Afar as English. */
export const hub88Lang = (lang: string): string => ({ iq: 'ku', kr: 'ku', cw: 'nl', aa: 'en' } as Record<string, string>)[lang] ?? lang;

/** The lobby route of each product (account-platform.md section 2), where a game's Home button leads. */
export const PRODUCT_LOBBY: Readonly<Record<ProductId, string>> = { 4: 'livecasino', 5: 'casino', 6: 'virtualgames', 7: 'tvgames', 8: 'bingo' };
