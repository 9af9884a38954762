import type { CouponFilter } from '../../../workers/core/api.ts';

/** The filter the Coupons page opens with: all statuses and types, the last days, page 1. */
export const FIRST_FILTER: CouponFilter = { status: '', couponType: '', page: 0 };
/** How long an early first page may wait for its page to open (a redirect leaves it unclaimed). */
export const EARLY_MS = 5000;

/**
 * The page's first list, asked for before the session is known, beside the session's own calls
 * rather than after them: on a slow network the list comes two round trips sooner (settings, then
 * user data). A visitor's call just fails, and the route sends them to Home before the
 * page could use it. `ask` calls once while fresh (the app's start and the route's check both
 * ask); `listFor` hands the early list to the first filter once, and calls anew for any other.
 */
export function earlyFirstList<T>(load: (filter: CouponFilter) => Promise<T>, first: CouponFilter = FIRST_FILTER) {
  let early: { at: number; list: Promise<T> } | null = null;
  return {
    ask(now = Date.now()): void {
      if (early && now - early.at < EARLY_MS) return;
      const list = load(first);
      list.catch(() => undefined);
      early = { at: now, list };
    },
    listFor(filter: CouponFilter, now = Date.now()): Promise<T> {
      if (filter !== first) return load(filter);
      const kept = early;
      early = null;
      return kept && now - kept.at < EARLY_MS ? kept.list : load(filter);
    },
  };
}
