import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Creates a session and returns its token; only the token's hash is stored. */
export async function createSession(q: Queryable, userId: number, ttlSeconds: number, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query('insert into sessions (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)', [
    sha256(token), userId, new Date(now), new Date(now + ttlSeconds * 1000),
  ]);
  return token;
}

/** The user id of a live session token, or null. */
export async function sessionUser(q: Queryable, token: string | undefined, now: number): Promise<number | null> {
  if (!token || token.length > 100) return null;
  const [row] = await q.query<{ user_id: number }>('select user_id from sessions where token_hash = $1 and expires_at > $2', [sha256(token), new Date(now)]);
  return row?.user_id ?? null;
}

export async function deleteSession(q: Queryable, token: string | undefined): Promise<void> {
  if (token) await q.query('delete from sessions where token_hash = $1', [sha256(token)]);
}

/** Ends every session of a user (password change): stolen copies of old cookies stop working. */
export async function deleteUserSessions(q: Queryable, userId: number): Promise<void> {
  await q.query('delete from sessions where user_id = $1', [userId]);
}
