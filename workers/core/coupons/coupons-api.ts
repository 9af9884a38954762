import type { CouponItem } from '../../../domain/protocol/coupons.ts';
import { formatOdds } from '../../../domain/odds/display.ts';
import { couponKindShown, lineColor, type CouponKindShown, type LineColor } from '../../../domain/coupon/display.ts';
import { cachedCall } from '../cache/replies.ts';
import type { CoreContext } from '../context.ts';

/** A history row with what the list shows already decided: status tone, kind and odds text. */
export type CouponRowView = CouponItem & { tone: LineColor; kindShown: CouponKindShown; totalOddsText: string };

export interface CouponListView {
  results: CouponRowView[];
  totalCount: number;
  offline: boolean;
}

/** Coupon history calls, readable offline from IndexedDB. */
export function createCouponsApi(ctx: CoreContext) {
  return {
    async couponList(filter: { status?: number | ''; couponType?: number | ''; order?: number; startDate?: string; endDate?: string } = {}): Promise<CouponListView> {
      const r = await cachedCall<{ results: CouponItem[]; totalCount: number }>(ctx.db, ctx.call, 'couponList', { limit: 25, ...filter }, ctx.clock());
      const results = (r.reply.results ?? []).map((c) => ({
        ...c, tone: lineColor(c.status), kindShown: couponKindShown(c), totalOddsText: formatOdds(c.totalOdds, { maxOdds: Number.MAX_SAFE_INTEGER }),
      }));
      return { results, totalCount: r.reply.totalCount ?? 0, offline: r.offline };
    },
  };
}
