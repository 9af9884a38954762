/**
 * How coupons and their match lines are shown (betting-core.md sections 2 Coupons list, 4 Coupon
 * status, Coupon kind shown, Live match in a coupon, Cancel). Time is a parameter (`now`, epoch ms).
 */

/** Coupon status values of section 4. */
export const COUPON_STATUS = { waiting: 0, won: 1, lost: -1, cancelled: -2, sold: 2 } as const;

/** Coupon-list filter types of section 2 (Coupons list). */
export const COUPON_FILTER_TYPES = { combine: 0, system: 1, multiple: 2, single: 3, live: 4 } as const;

/** Section 9: a match that started less than this long ago counts as live in a coupon. */
export const LIVE_WINDOW_MS = 150 * 60_000;

export type WinDisplay = 'paid' | 'lost' | 'waiting' | 'sold' | 'refunded';

/**
 * The coupon's win cell, from section 4: paid when status is 1; lost when waiting but flagged
 * cancelled (canceled 1), or when lost (status -1). A coupon that is over without settling says how:
 * sold (2) or refunded (cancelled, -2); the spec's 'otherwise waiting' is left for a coupon still in
 * play (a sold coupon reading 'waiting' made players think it was still running).
 */
export function winDisplay(c: { status: number; canceled: number }): WinDisplay {
  if (c.status === COUPON_STATUS.won) return 'paid';
  if (c.status === COUPON_STATUS.lost) return 'lost';
  if (c.status === COUPON_STATUS.sold) return 'sold';
  if (c.status === COUPON_STATUS.cancelled) return 'refunded';
  if (c.status === COUPON_STATUS.waiting && c.canceled === 1) return 'lost';
  return 'waiting';
}

/**
 * The payment cell (section 4: a dash when the income is 0 or less): what the coupon paid back,
 * the refunded stake of a cancelled coupon included, whose income stays 0.
 */
export function paymentShown(c: { status: number; income: number; totalStake: number }): number | null {
  if (c.income > 0) return c.income;
  if (c.status === COUPON_STATUS.cancelled && c.totalStake > 0) return c.totalStake;
  return null;
}

export type LineColor = 'waiting' | 'won' | 'lost';

/** Row styling token: 0 orange (waiting), 1 and 2 green (won), -1 and -2 red (lost). */
export function lineColor(status: number): LineColor {
  if (status === COUPON_STATUS.won || status === COUPON_STATUS.sold) return 'won';
  if (status === COUPON_STATUS.lost || status === COUPON_STATUS.cancelled) return 'lost';
  // 0, and any value the spec does not name, stays neutral.
  return 'waiting';
}

export type CouponKindShown = 'live' | 'single' | 'system' | 'combine' | 'multipleCoupon';

/** True when systemCombi names a real system: anything but 0 or 1 (empty means none). */
function isSystemCombi(systemCombi: string | number): boolean {
  const s = String(systemCombi).trim();
  return s !== '' && s !== '0' && s !== '1';
}

/**
 * The kind a coupon is shown as, in the spec's order: live when isLive is 1; single when one tip;
 * system when SK, or KK with systemCombi other than 0 or 1; combine when KK; multipleCoupon when
 * CK. A TK (always one tip) is single; an unknown type falls back to combine.
 */
export function couponKindShown(c: { isLive: number; totalTipps: number; ticketType: string; systemCombi: string | number }): CouponKindShown {
  if (c.isLive === 1) return 'live';
  if (c.totalTipps === 1 || c.ticketType === 'TK') return 'single';
  if (c.ticketType === 'SK' || (c.ticketType === 'KK' && isSystemCombi(c.systemCombi))) return 'system';
  if (c.ticketType === 'CK') return 'multipleCoupon';
  return 'combine';
}

/** The coupon-list filter type of a shown kind. */
export function filterTypeOf(kind: CouponKindShown): number {
  return COUPON_FILTER_TYPES[kind === 'multipleCoupon' ? 'multiple' : kind];
}

const ZONELESS = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)$/;

/**
 * A match date as epoch ms, or NaN. Numbers (and digit strings) are epoch ms; ISO strings with an
 * offset are read as written; a date-time without an offset ('2024-05-01 18:00:00') is read as UTC,
 * so server and browser agree whatever their time zone.
 */
export function parseMatchDate(d: string | number): number {
  if (typeof d === 'number') return d;
  const s = d.trim();
  if (/^\d+$/.test(s)) return Number(s);
  const zoneless = ZONELESS.exec(s);
  return Date.parse(zoneless ? `${zoneless[1]}T${zoneless[2]}Z` : s);
}

/**
 * Section 4, live match in a coupon: live if flagged live, or if its start is already past
 * (start <= now) and less than 150 minutes ago.
 */
export function isLiveInCoupon(line: { isLive: number; matchDate: string | number }, now: number): boolean {
  if (line.isLive === 1) return true;
  const start = parseMatchDate(line.matchDate);
  return Number.isFinite(start) && start <= now && now - start < LIVE_WINDOW_MS;
}

/** Match statuses after which a match is no longer live (section 4 removal, plus values containing 'end'). */
const FINISHED = new Set(['ended', 'interrupted', 'retired', 'walkover', 'after_ot', 'cancelled']);

/**
 * Tip status numbers of a coupon match line (written by server/settlement): a half win counts as
 * won, a half loss as lost, and 2 is a void tip. Not the coupon's status: there 2 means sold.
 */
export const TIP_STATUS = { open: 0, won: 1, lost: -1, void: 2 } as const;

export type TipTone = LineColor | 'void';

/**
 * A match line's colour. A void tip counts as odds 1.00, neither won nor lost, so it is neutral,
 * never green; the settled outcome ('void') decides when the line carries it.
 */
export function tipTone(line: { status: number; outcome?: string | undefined }): TipTone {
  if (line.outcome === 'void' || line.status === TIP_STATUS.void) return 'void';
  if (line.status === TIP_STATUS.won) return 'won';
  // -2 is not written for a tip; read like the coupon colours as lost.
  if (line.status === TIP_STATUS.lost || line.status === COUPON_STATUS.cancelled) return 'lost';
  return 'waiting';
}

export type MatchLineState = 'waiting' | 'live' | 'won' | 'lost' | 'void' | 'sold' | 'cancelled';

/**
 * A coupon match line: won, lost or void by its tip status (tipTone); a line still open on a coupon
 * that is over (sold or cancelled: `couponStatus`) says so, nothing waits on it any more; otherwise
 * live when it counts as live in the coupon and its match status is not finished, else waiting.
 * matchStatus is the match's status from the live lookup, when known.
 */
export function matchLineState(
  line: { status: number; isLive: number; matchDate: string | number; matchStatus?: string | undefined; outcome?: string | undefined },
  now: number,
  couponStatus: number = COUPON_STATUS.waiting,
): MatchLineState {
  const tone = tipTone(line);
  if (tone !== 'waiting') return tone;
  if (couponStatus === COUPON_STATUS.sold) return 'sold';
  if (couponStatus === COUPON_STATUS.cancelled) return 'cancelled';
  const finished = line.matchStatus !== undefined && (FINISHED.has(line.matchStatus) || line.matchStatus.includes('end'));
  return !finished && isLiveInCoupon(line, now) ? 'live' : 'waiting';
}

/**
 * Cancel is offered for a waiting coupon flagged canceled 1 (section 4), never for a live coupon
 * (section 8: 'a live coupon cannot be cancelled'). The cancel time window is the server's.
 */
export function canOfferCancel(c: { status: number; canceled: number; isLive?: number | undefined }): boolean {
  return c.status === COUPON_STATUS.waiting && c.canceled === 1 && c.isLive !== 1;
}
