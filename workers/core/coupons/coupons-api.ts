/**
 * Coupon history in the worker (betting-core.md sections 2, 3, 4): the list with its filters and
 * pages, the detail with its match lines, sell and cancel, the share page, and the print address.
 * Every rule and display decision is taken here with domain/coupon; the UI renders the views.
 * Offline, the list and the details are read from IndexedDB (every coupon and detail seen online
 * is kept), and filters and pages run on that kept set.
 */
import type { AutoSellView, CouponDetailReply, CouponItem, CouponLine, CouponSell, SellType, SharedCouponReply } from '../../../domain/protocol/coupons.ts';
import { formatOdds, type OddsStyle } from '../../../domain/odds/display.ts';
import {
  canOfferCancel, couponKindShown, filterTypeOf, isLiveInCoupon, lineColor, matchLineState, paymentShown, tipTone, winDisplay,
  type CouponKindShown, type LineColor, type MatchLineState, type TipTone, type WinDisplay,
} from '../../../domain/coupon/display.ts';
import { parseAmount } from '../../../domain/money.ts';
import { canOfferSell, partialSell, SELL_PART_MIN, type PartialSell } from '../../../domain/coupon/sell.ts';
import { isTerminal } from '../../../domain/coupon/print-cancel.ts';
import type { MatchListItem, OddsGroup } from '../../../domain/protocol/entities.ts';
import { NetworkError, type Reply } from '../request.ts';
import type { CoreContext } from '../context.ts';
import { timeZone } from '../account/zone.ts';
import { createCouponCache } from './coupons-cache.ts';

/** Section 9: 25 coupons a page; coupons_day (30) days back by default. */
export const COUPONS_PER_PAGE = 25;
export const COUPONS_DAY = 30;
const DAY = 86_400_000;
/** Kept coupons older than this are dropped from the offline set. */
const KEEP_MS = 45 * DAY;

const ODDS = { maxOdds: Number.MAX_SAFE_INTEGER };

/** A history row with what the list shows already decided. */
export type CouponRowView = CouponItem & {
  tone: LineColor;
  kindShown: CouponKindShown;
  win: WinDisplay;
  totalOddsText: string;
  /** Payment: the income (a cancelled coupon's refunded stake), or null: shown as a dash. */
  payment: number | null;
};

export interface CouponFilter {
  status?: number | '';
  couponType?: number | '';
  /** 0-based page of 25. */
  page?: number;
  /** Days as 'YYYY-MM-DD' (the player's calendar); default coupons_day back to today. */
  startDate?: string;
  endDate?: string;
}

export interface CouponListView {
  results: CouponRowView[];
  totalCount: number;
  page: number;
  pages: number;
  hasPrev: boolean;
  hasNext: boolean;
  /** The range used, as days, for the date inputs. */
  startDate: string;
  endDate: string;
  /** Earliest day the range may start at (coupons_day back), and today. */
  minDate: string;
  today: string;
  offline: boolean;
  /** When the shown data was loaded from the server (epoch ms); null if never. */
  updatedAt: number | null;
}

export interface CouponLineView extends CouponLine {
  state: MatchLineState;
  /** The line's colour: a void tip is neutral (odds 1.00, neither won nor lost). */
  tone: TipTone;
  oddsText: string;
  /** The FT and HT parts of Results ('2:1', '1:0'), '' when unknown. */
  ft: string;
  ht: string;
  /** Live score and minute from the live lookup, for a live line. */
  liveScore?: string;
  liveTime?: string;
}

export interface CouponDetailView {
  found: boolean;
  coupon: CouponRowView | null;
  lines: CouponLineView[];
  /**
   * Sell is shown (waiting TK/KK and offered by the server), with the server's amount. `reason` is
   * the server's words when a sell would be offered but an odd of the coupon has no price now.
   */
  sell: { offered: boolean; amount: number; reason?: string };
  /**
   * Partial cash out: the smallest part, and the largest part below the whole offer (0 when only
   * the whole offer can be taken), by domain/coupon/sell.ts partialSell.
   */
  part: { min: number; max: number };
  /** The coupon's sales so far, whole or parts, oldest first. */
  sells: CouponSell[];
  /** The auto cash-out rule (armed or fired), null when none. */
  autoSell: AutoSellView | null;
  cancel: { offered: boolean };
  /** Why sell and cancel are not possible now, when they would be offered: 'offline'. */
  disabledReason: '' | 'offline';
  offline: boolean;
  updatedAt: number | null;
}

export interface ActionResult {
  ok: boolean;
  msg: string;
  /** A changed sell price to confirm again. */
  amount?: number;
  offline?: boolean;
}

export interface SharedCouponView {
  found: boolean;
  coupon: CouponRowView | null;
  lines: CouponLineView[];
}


/**
 * The parts a player may take of an offer: at least SELL_PART_MIN, and below the whole offer only
 * while the rest stays sellable (partialSell's rule; a TK/KK coupon's ticket stake is its total).
 */
export function partRange(offer: number, c: Pick<CouponItem, 'totalStake' | 'maxPay'>): { min: number; max: number } {
  const max = offer - SELL_PART_MIN;
  const fits = (part: number) => partialSell({ offer, part, ticketStake: c.totalStake, totalStake: c.totalStake, maxPay: c.maxPay }).ok;
  if (max < SELL_PART_MIN || !fits(SELL_PART_MIN)) return { min: 0, max: 0 };
  // A larger part leaves a smaller stake, so the parts that fit are one range: find its top.
  let lo = SELL_PART_MIN;
  let hi = max;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid; else hi = mid - 1;
  }
  return { min: SELL_PART_MIN, max: lo };
}

/** A calendar day of a time in the runtime's zone, 'YYYY-MM-DD'. */
export function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
function dayStart(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).getTime();
}

/** A history item with its display decisions (section 4). */
export function rowView(c: CouponItem, style: OddsStyle = 'decimal'): CouponRowView {
  return {
    ...c,
    tone: lineColor(c.status),
    kindShown: couponKindShown(c),
    // `canceled` on the wire is the "cancel offered" flag of a waiting coupon, not a refusal, so
    // it must not turn the win cell to 'lost' (section 4 uses the one name for both).
    win: winDisplay({ status: c.status, canceled: 0 }),
    totalOddsText: formatOdds(c.totalOdds, { ...ODDS, style }),
    payment: paymentShown(c),
  };
}

/** A match line with its state, colour and the FT / HT parts of its result. */
export function lineView(l: CouponLine, now: number, style: OddsStyle = 'decimal', couponStatus = 0): CouponLineView {
  const ft = /FT (\d+:\d+)/.exec(l.Results)?.[1] ?? '';
  const ht = /HT (\d+:\d+)/.exec(l.Results)?.[1] ?? '';
  return {
    ...l,
    state: matchLineState({ status: l.status, isLive: l.isLive, matchDate: l.matchDate, matchStatus: l.matchStatus, outcome: l.outcome }, now, couponStatus),
    tone: tipTone(l),
    oddsText: formatOdds(l.odds, { ...ODDS, style }),
    ft, ht,
  };
}

/** Filters, orders and pages the kept set the way the server does (offline list). */
export function filterKept(items: CouponItem[], f: { status?: number | ''; couponType?: number | ''; start: number; end: number; page: number }): { results: CouponItem[]; totalCount: number } {
  const match = items.filter((c) => {
    const t = Date.parse(c.ticketDate);
    if (t < f.start || t >= f.end) return false;
    if (f.status !== undefined && f.status !== '' && c.status !== f.status) return false;
    if (f.couponType !== undefined && f.couponType !== '') {
      const kind = couponKindShown(c);
      // The server's type filter: live is its own type; the others exclude live coupons.
      if (f.couponType === 4 ? c.isLive !== 1 : filterTypeOf(kind) !== f.couponType) return false;
    }
    return true;
  });
  match.sort((a, b) => Date.parse(b.ticketDate) - Date.parse(a.ticketDate) || b.id - a.id);
  return { results: match.slice(f.page * COUPONS_PER_PAGE, (f.page + 1) * COUPONS_PER_PAGE), totalCount: match.length };
}

/** What re-creating a shared coupon needs from the slip (the slip's own add rules apply). */
export interface SlipAdder {
  toggleOdd(matchId: number, oddsid: number, oddid: number): Promise<void>;
  slipView(): { entries: ReadonlyArray<{ selection: { matchId: number; oddsType: number; outcomeId: number; special: string } }> };
}

export function createCouponsApi(ctx: CoreContext, slip?: SlipAdder) {
  // Kept per player and only for the device's current one (section 4: history is private).
  const cache = createCouponCache(ctx);

  /** Live score and minute for the lines that count as live (section 4: looked up; not found = not live). */
  const withLive = async (lines: CouponLineView[], now: number): Promise<CouponLineView[]> => {
    const ids = [...new Set(lines.filter((l) => l.state === 'live').map((l) => l.matchId))];
    if (!ids.length) return lines;
    const r = await ctx.call<{ matches?: Array<{ id: number; scr: { h: number; a: number }; ti: number; ms: string }> }>('liveLookup', { favorites: ids }).catch(() => null);
    if (!r?.status) return lines;
    const byId = new Map((r.matches ?? []).map((m) => [m.id, m]));
    return lines.map((l) => {
      if (l.state !== 'live') return l;
      const m = byId.get(l.matchId);
      if (!m) return { ...l, state: isLiveInCoupon({ isLive: 0, matchDate: l.matchDate }, now) && l.isLive === 1 ? 'live' : 'waiting' };
      return { ...l, liveScore: `${m.scr.h}:${m.scr.a}`, liveTime: m.ms === 'paused' || m.ms.startsWith('pause') ? 'HT' : `${m.ti}'` };
    });
  };

  const detailView = async (reply: CouponDetailReply, offline: boolean, at: number): Promise<CouponDetailView> => {
    const now = ctx.clock();
    const coupon = rowView(reply.coupon.result, ctx.oddsStyle());
    const sellType: SellType = reply.sellType ?? { status: false, msg: '', amount: 0 };
    const sellOffered = canOfferSell({ status: coupon.status, ticketType: coupon.ticketType }) && sellType.status;
    const cancelOffered = canOfferCancel(coupon) && (coupon.cancelUntil ?? 0) > now;
    const lines = reply.results.map((l) => lineView(l, now, ctx.oddsStyle(), coupon.status));
    return {
      found: true, coupon, lines: offline ? lines : await withLive(lines, now),
      sell: {
        offered: sellOffered, amount: sellType.amount ?? 0,
        ...(!sellOffered && sellType.reason === 'suspended' && canOfferSell({ status: coupon.status, ticketType: coupon.ticketType }) ? { reason: sellType.msg } : {}),
      },
      part: sellOffered ? partRange(sellType.amount, coupon) : { min: 0, max: 0 },
      sells: reply.sells ?? [],
      autoSell: reply.autoSell ?? null,
      cancel: { offered: cancelOffered },
      disabledReason: offline ? 'offline' : '', offline, updatedAt: at,
    };
  };

  const notFound = (offline: boolean): CouponDetailView => ({
    found: false, coupon: null, lines: [], sell: { offered: false, amount: 0 }, part: { min: 0, max: 0 }, sells: [], autoSell: null, cancel: { offered: false },
    disabledReason: offline ? 'offline' : '', offline, updatedAt: null,
  });

  /** Forgets a kept detail (after sell or cancel, so the next read is fresh). */
  const afterAction = async (id: number) => {
    await cache.forgetDetail(id);
    await ctx.hooks.refreshSession().catch(() => null);
  };

  const action = async (key: 'sellCoupon' | 'cancelCoupon' | 'setAutoSell' | 'clearAutoSell', payload: Record<string, unknown>, id: number): Promise<ActionResult> => {
    let r: Reply<{ amount?: number }>;
    try {
      r = await ctx.call<{ amount?: number }>(key, payload);
    } catch (err) {
      if (err instanceof NetworkError) return { ok: false, msg: '', offline: true };
      throw err;
    }
    if (r.status) {
      await afterAction(id);
      ctx.notice({ status: 1, key: '', text: r.msg ?? '' });
      return { ok: true, msg: r.msg ?? '' };
    }
    ctx.notice({ status: 2, key: '', text: r.msg ?? '' });
    return { ok: false, msg: r.msg ?? '', ...(typeof r.amount === 'number' ? { amount: r.amount } : {}) };
  };

  const sharedCoupon = async (token: string): Promise<SharedCouponView> => {
    const now = ctx.clock();
    const r = await ctx.call<SharedCouponReply>('shareCoupon', { token }).catch(() => null);
    if (!r?.status || !r.coupon) return { found: false, coupon: null, lines: [] };
    const coupon = rowView({ ...r.coupon, paid: 0, payDate: null, canceled: 0 }, ctx.oddsStyle());
    return { found: true, coupon, lines: r.results.map((l) => lineView(l, now, ctx.oddsStyle())) };
  };

  return {
    /**
     * Whether the Coupons screens may open: 'online' with a session; 'offline' when the server
     * cannot be reached and a history was kept on this device (read-only); else 'none' (to Home).
     */
    async couponsAccess(): Promise<'online' | 'offline' | 'none'> {
      if (ctx.session()) return 'online';
      try {
        const r = await ctx.call('userdata');
        if (!r.status) {
          // Logged out on this device: the kept history is someone's private data, forget it.
          await cache.clear();
          return 'none';
        }
        await ctx.hooks.refreshSession().catch(() => null);
        return 'online';
      } catch (err) {
        if (!(err instanceof NetworkError)) return 'none';
        const kept = await cache.readItems();
        return Object.keys(kept.items).length ? 'offline' : 'none';
      }
    },

    /** The Coupons list page for a filter: from the server, or from the kept set when offline. */
    async couponList(filter: CouponFilter = {}): Promise<CouponListView> {
      const now = ctx.clock();
      const today = dayOf(now);
      const minDate = dayOf(now - COUPONS_DAY * DAY);
      const startDate = filter.startDate && filter.startDate >= minDate && filter.startDate <= today ? filter.startDate : minDate;
      const endDate = filter.endDate && filter.endDate >= startDate && filter.endDate <= today ? filter.endDate : today;
      const start = dayStart(startDate);
      const end = dayStart(endDate) + DAY;
      const page = Math.max(0, Math.floor(filter.page ?? 0));
      const view = (results: CouponItem[], totalCount: number, offline: boolean, updatedAt: number | null): CouponListView => {
        const pages = Math.max(1, Math.ceil(totalCount / COUPONS_PER_PAGE));
        return {
          results: results.map((c) => rowView(c, ctx.oddsStyle())), totalCount, page, pages, hasPrev: page > 0, hasNext: page + 1 < pages,
          startDate, endDate, minDate, today, offline, updatedAt,
        };
      };
      try {
        const r = await ctx.call<{ results?: CouponItem[]; totalCount?: number }>('couponList', {
          startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString(),
          status: filter.status ?? '', couponType: filter.couponType ?? '', order: page * COUPONS_PER_PAGE, limit: COUPONS_PER_PAGE,
        });
        if (!r.status) throw new Error(r.msg ?? 'couponList failed');
        const results = r.results ?? [];
        await cache.keepItems(results, now, KEEP_MS);
        return view(results, r.totalCount ?? 0, false, now);
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        const kept = await cache.readItems();
        const out = filterKept(Object.values(kept.items), { status: filter.status, couponType: filter.couponType, start, end, page });
        return view(out.results, out.totalCount, true, kept.at || null);
      }
    },

    /** A coupon's detail; a failed load is 'not found' (section 8). Offline: the kept detail. */
    async couponDetail(id: number): Promise<CouponDetailView> {
      const now = ctx.clock();
      try {
        const r = await ctx.call<CouponDetailReply>('getCouponDetail', { ticketId: id });
        if (!r.status || !r.coupon?.result) return notFound(false);
        await cache.keepDetail(id, r, now);
        await cache.keepItems([r.coupon.result], now, KEEP_MS);
        return await detailView(r, false, now);
      } catch (err) {
        if (!(err instanceof NetworkError)) return notFound(false);
        const kept = await cache.readDetail(id);
        return kept ? detailView(kept.reply, true, kept.at) : notFound(true);
      }
    },

    /**
     * Sells at the whole offer the player confirmed (`amount`), or only `part` of it; a moved price
     * comes back to confirm again.
     */
    sellCoupon: (id: number, amount: number, part?: number): Promise<ActionResult> =>
      action('sellCoupon', { ticketId: id, amount, ...(part !== undefined && part !== amount ? { part } : {}) }, id),

    /**
     * Sets (or changes) the coupon's auto cash-out rule from what the player typed: sell (the whole
     * or `part`) once the offer reaches `target`. An amount that does not read is refused here.
     */
    async setAutoSell(id: number, targetText: string, partText = ''): Promise<ActionResult & { invalid?: 'target' | 'part' }> {
      const target = parseAmount(targetText);
      if (target === null || target <= 0) return { ok: false, msg: '', invalid: 'target' };
      const part = partText.trim() === '' ? undefined : parseAmount(partText);
      if (part === null || part === 0) return { ok: false, msg: '', invalid: 'part' };
      return action('setAutoSell', { ticketId: id, target, ...(part !== undefined ? { part } : {}) }, id);
    },

    /** Removes the coupon's auto cash-out rule. */
    clearAutoSell: (id: number): Promise<ActionResult> => action('clearAutoSell', { ticketId: id }, id),

    /** What taking `part` of the offer leaves running (the server's rule, domain/coupon/sell.ts). */
    sellPartPreview: (offer: number, part: number, c: Pick<CouponItem, 'totalStake' | 'maxPay'>): PartialSell =>
      partialSell({ offer, part, ticketStake: c.totalStake, totalStake: c.totalStake, maxPay: c.maxPay }),

    cancelCoupon: (id: number): Promise<ActionResult> => action('cancelCoupon', { ticketId: id }, id),

    /**
     * The receipt of a coupon could not be printed (popup blocked, page failed or not a receipt).
     * On a terminal the coupon is cancelled (section 4: 'a print error shows an alert and, on a
     * terminal, cancels the coupon'); a player's coupon stands. The UI shows the alert.
     */
    async printFailed(id: number): Promise<ActionResult & { cancelled: boolean }> {
      if (!isTerminal(ctx.session())) return { ok: false, msg: '', cancelled: false };
      const r = await action('cancelCoupon', { ticketId: id, reason: 'print' }, id);
      return { ...r, cancelled: r.ok };
    },

    /** The account badge: waiting coupons, asked 10 at a time, shown as '9+' above 9 (section 7). */
    async openCouponsBadge(): Promise<string> {
      if (!ctx.session()) return '';
      try {
        const r = await ctx.call<{ results?: CouponItem[]; totalCount?: number }>('couponList', { status: 0, limit: 10 });
        const n = r.status ? (r.results ?? []).length : 0;
        return n > 9 ? '9+' : n > 0 ? String(n) : '';
      } catch {
        return '';
      }
    },

    /** The public share page's coupon (couponShare/{token}); hidden when it cannot be loaded. */
    sharedCoupon,

    /**
     * Re-create from a shared coupon: its picks that can still be bet on go onto the slip at
     * today's odds (the slip's rules decide; a pick already there is left as it is). Returns how
     * many were added and how many are no longer offered.
     */
    async recreateShared(token: string): Promise<{ added: number; unavailable: number }> {
      const shared = await sharedCoupon(token);
      let added = 0;
      let unavailable = 0;
      for (const l of shared.lines) {
        const onSlip = slip?.slipView().entries.some((e) => e.selection.matchId === l.matchId && e.selection.oddsType === l.oddsType
          && e.selection.outcomeId === l.outcomeId && e.selection.special === l.special);
        if (onSlip) continue;
        const r = await ctx.call<{ match?: Omit<MatchListItem, 'odds'>; results?: OddsGroup[] }>('odds', { matchId: l.matchId }).catch(() => null);
        const group = r?.status ? r.results?.find((g) => g.oddstype === l.oddsType && g.special === l.special) : undefined;
        const outcome = group?.outcomes.find((o) => o.outcomeid === l.outcomeId);
        if (!r?.match || !group || !outcome || !slip) { unavailable++; continue; }
        // The slip resolves a tap against the matches the player was shown: register this one.
        ctx.shown.set(l.matchId, { ...r.match, odds: r.results ?? [] } as MatchListItem);
        const before = slip.slipView().entries.length;
        await slip.toggleOdd(l.matchId, group.oddsid, outcome.oddid);
        if (slip.slipView().entries.length > before) added++;
        else unavailable++;
      }
      return { added, unavailable };
    },

    /**
     * The share link path of a coupon of the logged-in player: its random token, drawn by the server on
     * the first share ('' for a visitor, or when the server cannot be reached).
     */
    async shareCouponPath(id: number): Promise<string> {
      if (!ctx.session()) return '';
      const r = await ctx.call<{ status: boolean; token?: string }>('couponShareToken', { ticketId: id }).catch(() => null);
      return r?.status && r.token ? `/${ctx.lang()}/couponShare/${r.token}` : '';
    },

    /**
     * The receipt page of a coupon (opened in a popup, prints itself 1 s after load), dated in
     * the player's chosen zone; `deviceZone` only when the player chose none.
     */
    printCouponPath(id: number, deviceZone: string): string {
      return `/ekol/user/printer/${ctx.lang()}/${id}?timezone=${encodeURIComponent(timeZone() || deviceZone)}`;
    },
  };
}

