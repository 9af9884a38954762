import type { Queryable } from '../db/client.ts';
import type { GuardUser, ProductRecords } from '../../domain/account/permissions.ts';
import { PRODUCTS } from '../../domain/account/permissions.ts';

/** The product records of a users row as the wire has them: { sportUser: { status: 1 }, ... }. */
export function productRecords(products: Record<string, number> | null): ProductRecords {
  const out: ProductRecords = {};
  for (const p of PRODUCTS) out[p] = { status: products?.[p] === 1 ? 1 : 0 };
  return out;
}

/** What the permission rules of domain/account/permissions.ts need about a user. */
export async function guardUser(q: Queryable, userId: number): Promise<GuardUser | null> {
  const [u] = await q.query<{ user_type: string; online_user: number; products: Record<string, number> | null; affiliate_status: number; affiliate_link: string }>(
    'select user_type, online_user, products, affiliate_status, affiliate_link from users where id = $1', [userId]);
  if (!u) return null;
  return { userId, userType: u.user_type, onlineUser: u.online_user, products: productRecords(u.products), affiliateStatus: u.affiliate_status, affiliateLink: u.affiliate_link };
}
