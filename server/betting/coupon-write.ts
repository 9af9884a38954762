/** What placement decides, shared by create-coupon.ts and trading's liability guard. */

/** The spec's create-coupon reply. */
export interface CreateCouponReply {
  status: boolean;
  msg: string;
  ticketId: number;
  changed: number[];
  couponErrors: Array<{ mid: number; msg: string }>;
  login: boolean;
  [k: string]: unknown;
}

/** A coupon the rules accepted: what commitWrites writes, and the reply once it has its id. */
export interface CouponWrite {
  coupon: Record<string, unknown>;
  tips: Array<Record<string, unknown>>;
  reply: CreateCouponReply;
  /** Live matches the tips need but the catalogue has not written yet (ensureLiveMatches). */
  liveMatchIds: number[];
}
