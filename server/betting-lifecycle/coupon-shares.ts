/**
 * Share tokens: the public share page reads a coupon by a random 128-bit token its owner drew,
 * so the sequential coupon id (and the owner's id) opens nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

/** 16 random bytes as base64url: 22 characters. */
export const newShareToken = (): string => randomBytes(16).toString('base64url');

/**
 * The share token of the user's own coupon, drawn on the first call and the same on every later one;
 * null when the coupon is not the user's.
 */
export async function shareTokenOf(q: Queryable, userId: number, couponId: number): Promise<string | null> {
  const [own] = await q.query<{ id: string }>('select id from coupons where id = $1 and user_id = $2', [couponId, userId]);
  if (!own) return null;
  await q.query('insert into coupon_shares (coupon_id, token) values ($1, $2) on conflict (coupon_id) do nothing', [couponId, newShareToken()]);
  const [row] = await q.query<{ token: string }>('select token from coupon_shares where coupon_id = $1', [couponId]);
  return row?.token ?? null;
}

/** The id of the coupon a share token names, or null. */
export async function sharedCouponId(q: Queryable, token: string): Promise<number | null> {
  const [row] = await q.query<{ coupon_id: string }>('select coupon_id from coupon_shares where token = $1', [token]);
  return row ? Number(row.coupon_id) : null;
}
