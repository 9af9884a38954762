import { createHash, randomBytes } from 'node:crypto';
import type { NamedSql, Queryable } from '../db/client.ts';
import type { GuardUser } from '../../domain/account/permissions.ts';
import { productRecords } from './guard-user.ts';

/** The name of the cookie that carries a session's token. */
export const SESSION_COOKIE = 'sid';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Creates a session and returns its token; only the token's hash is stored. */
export async function createSession(q: Queryable, userId: number, ttlSeconds: number, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query('insert into sessions (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)', [
    sha256(token), userId, new Date(now), new Date(now + ttlSeconds * 1000),
  ]);
  return token;
}

/** A live session's user and what the permission rules need of them (server/accounts/guard-user.ts). */
export interface SessionGuard { userId: number; guard: GuardUser | null }

// Every request reads its session: prepared once per connection (server/db/client.ts NamedSql).
const SESSION_GUARDS: NamedSql = {
  name: 'session_guards',
  text: `select s.token_hash, s.expires_at, s.user_id, u.id is not null as found, u.user_type, u.online_user, u.products, u.affiliate_status, u.affiliate_link
           from sessions s left join users u on u.id = s.user_id
          where s.token_hash = any($1::text[])`,
};

interface GuardRow {
  token_hash: string; expires_at: Date; user_id: number; found: boolean; user_type: string; online_user: number;
  products: Record<string, number> | null; affiliate_status: number; affiliate_link: string;
}

/** Looks up a session token: its user and their permission fields, or null when it is not live. */
export type SessionLookup = (token: string | undefined, now: number) => Promise<SessionGuard | null>;

/**
 * The session check of every call, read fresh on every request: nothing is cached, so a logout, a
 * password change or a back-office change to the user counts from the next request on. Session
 * reads are most of a busy server's statements, so they are grouped: the lookups that arrive
 * while one query is on its way to the database wait for it and then go together in the next.
 * An idle server sends a lookup at once (after the other requests of the same event-loop turn).
 * The user is null when the session's users row is gone, as guardUser says.
 */
export function sessionLookup(q: Queryable): SessionLookup {
  type Asker = { now: number; resolve(s: SessionGuard | null): void; reject(err: unknown): void };
  let waiting = new Map<string, Asker[]>();
  let busy = false;
  let scheduled = false;
  const send = async () => {
    scheduled = false;
    if (busy || !waiting.size) return;
    const batch = waiting;
    waiting = new Map();
    busy = true;
    try {
      const rows = await q.query<GuardRow>(SESSION_GUARDS, [[...batch.keys()]]);
      const byHash = new Map(rows.map((r) => [r.token_hash, r]));
      for (const [hash, askers] of batch) {
        const row = byHash.get(hash);
        for (const a of askers) a.resolve(row && row.expires_at.getTime() > a.now ? guardOf(row) : null);
      }
    } catch (err) {
      for (const askers of batch.values()) for (const a of askers) a.reject(err);
    } finally {
      busy = false;
      void send();
    }
  };
  return (token, now) => {
    if (!token || token.length > 100) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const hash = sha256(token);
      const askers = waiting.get(hash);
      if (askers) askers.push({ now, resolve, reject });
      else waiting.set(hash, [{ now, resolve, reject }]);
      if (!busy && !scheduled) {
        scheduled = true;
        setImmediate(() => void send());
      }
    });
  };
}

function guardOf(row: GuardRow): SessionGuard {
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

/** Ends every session of a user but the one of `keepToken` (a password changed from that session). */
export async function deleteOtherSessions(q: Queryable, userId: number, keepToken: string | undefined): Promise<void> {
  await q.query('delete from sessions where user_id = $1 and token_hash <> $2', [userId, sha256(keepToken ?? '')]);
}
