import { createHash, randomBytes } from 'node:crypto';
import type { NamedSql, Queryable } from '../db/client.ts';
import type { GuardUser } from '../../domain/account/permissions.ts';
import { productRecords } from './guard-user.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Creates a session and returns its token; only the token's hash is stored. */
export async function createSession(q: Queryable, userId: number, ttlSeconds: number, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query('insert into sessions (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)', [
    sha256(token), userId, new Date(now), new Date(now + ttlSeconds * 1000),
  ]);
  return token;
}

// Every request reads its session: prepared once per connection (server/db/client.ts NamedSql).
const SESSION_USER: NamedSql = { name: 'session_user', text: 'select user_id from sessions where token_hash = $1 and expires_at > $2' };
const SESSION_GUARD: NamedSql = {
  name: 'session_guard',
  text: `select s.user_id, u.id is not null as found, u.user_type, u.online_user, u.products, u.affiliate_status, u.affiliate_link
           from sessions s left join users u on u.id = s.user_id
          where s.token_hash = $1 and s.expires_at > $2`,
};

/** The user id of a live session token, or null. */
export async function sessionUser(q: Queryable, token: string | undefined, now: number): Promise<number | null> {
  if (!token || token.length > 100) return null;
  const [row] = await q.query<{ user_id: number }>(SESSION_USER, [sha256(token), new Date(now)]);
  return row?.user_id ?? null;
}

/** A live session's user and what the permission rules need of them (server/accounts/guard-user.ts). */
export interface SessionGuard { userId: number; guard: GuardUser | null }

/**
 * sessionUser and guardUser in one query, for calls that check a permission: one round trip
 * instead of two, read fresh on every request (nothing is cached, so a logout, a password change
 * or a back-office change to the user counts from the next request on). The user is null when the
 * session's users row is gone, as guardUser says.
 */
export async function sessionGuardUser(q: Queryable, token: string | undefined, now: number): Promise<SessionGuard | null> {
  if (!token || token.length > 100) return null;
  const [row] = await q.query<{ user_id: number; found: boolean; user_type: string; online_user: number; products: Record<string, number> | null; affiliate_status: number; affiliate_link: string }>(
    SESSION_GUARD, [sha256(token), new Date(now)]);
  if (!row) return null;
  const guard: GuardUser | null = row.found
    ? { userId: row.user_id, userType: row.user_type, onlineUser: row.online_user, products: productRecords(row.products), affiliateStatus: row.affiliate_status, affiliateLink: row.affiliate_link }
    : null;
  return { userId: row.user_id, guard };
}

export async function deleteSession(q: Queryable, token: string | undefined): Promise<void> {
  if (token) await q.query('delete from sessions where token_hash = $1', [sha256(token)]);
}

/** Ends every session of a user (password change): stolen copies of old cookies stop working. */
export async function deleteUserSessions(q: Queryable, userId: number): Promise<void> {
  await q.query('delete from sessions where user_id = $1', [userId]);
}
