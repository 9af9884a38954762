import type { CouponFilter, CouponListView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { earlyFirstList } from './early-list.ts';

export { FIRST_FILTER } from './early-list.ts';

/** Coupons' first list (early-list.ts): asked by the app's start and the route, taken by the page. */
const firstList = earlyFirstList<CouponListView>((filter) => core.couponList(filter));
export const askFirstCouponList = (): void => firstList.ask();
export const couponListFor = (filter: CouponFilter): Promise<CouponListView> => firstList.listFor(filter);
