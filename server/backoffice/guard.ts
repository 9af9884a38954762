/**
 * The one guard of every back-office call: defineBoCall (server/http/bo-call.ts) registers
 * POST /api/bo/<call>, and before the handler runs re-reads the caller's role, status and permissions from the database, requires
 * the second factor (and at most 15 minutes idle) for admin and operator, and checks the call's
 * permission in the catalogue of domain/backoffice/permissions.ts. Subtree checks are SQL helpers
 * the handlers use inside their own transaction (inScope, scopeSql).
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { CallError, type CallContext } from '../core/call.ts';
import {
  BO_IDLE_MS, ROLE_MAY_HOLD, SECOND_FACTOR_ROLES, isBackOfficeRole, roleOfLetter, type Permission, type Role,
} from '../../domain/backoffice/permissions.ts';

/** The caller of a back-office call, as the database says now. */
export interface BoActor {
  userId: number;
  userName: string;
  role: Role;
  letter: string;
  permissions: Permission[];
  /** Admin and operator: the operator team, whose scope is the whole network. */
  team: boolean;
  currency: string;
  transfersBlocked: boolean;
  /** True when the session still needs the second factor (only bo/whoami and bo/verifyOtp answer then). */
  needOtp: boolean;
}

export interface BoContext extends CallContext {
  actor: BoActor;
  /** Appends the audit row of this action in the action's transaction. */
  audit(q: Queryable, e: { action: string; objectType: string; objectId: string | number; before?: unknown; after?: unknown }): Promise<void>;
  /** The request's Idempotency-Key header, if any. */
  idempotencyKey: string | undefined;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The permissions a network node holds: its granted set, cut to what its role may hold; the team holds its role's full set. */
export function effectivePermissions(role: Role, granted: readonly string[] | null): Permission[] {
  if (role === 'admin' || role === 'operator') return [...ROLE_MAY_HOLD[role]];
  return ROLE_MAY_HOLD[role].filter((p) => granted?.includes(p));
}

/** Reads the actor of a session token (null: not a live session of a back-office user). */
export async function loadActor(q: Queryable, userId: number, token: string | undefined, now: number): Promise<BoActor | null> {
  const [u] = await q.query<{
    username: string; user_type: string; status: number; currency: string; permissions: string[] | null; blocked: boolean | null;
    bo_otp_at: Date | null; bo_seen_at: Date | null;
  }>(
    `select u.username, u.user_type, u.status, u.currency, d.permissions, d.transfers_blocked as blocked, s.bo_otp_at, s.bo_seen_at
       from users u left join dealers d on d.user_id = u.id left join sessions s on s.token_hash = $2 and s.user_id = u.id
      where u.id = $1`, [userId, token ? sha256(token) : '']);
  if (!u) return null;
  const role = roleOfLetter(u.user_type);
  if (!isBackOfficeRole(role) || u.status !== 1) return null;
  const needOtp = SECOND_FACTOR_ROLES.includes(role)
    && (!u.bo_otp_at || !u.bo_seen_at || now - new Date(u.bo_seen_at).getTime() > BO_IDLE_MS);
  return {
    userId, userName: u.username, role, letter: u.user_type, permissions: effectivePermissions(role, u.permissions),
    team: role === 'admin' || role === 'operator', currency: u.currency, transfersBlocked: !!u.blocked, needOtp,
  };
}

/** The refusal for an object outside the caller's subtree or missing: one answer for both. */
export const notYours = (): CallError => new CallError(404, 'notYourDealer', {}, { error: 'notYourDealer' });

/**
 * True when target is strictly below the actor (the team: any user but admins and operators, which
 * only an admin reaches). Run inside the action's transaction.
 */
export async function inScope(q: Queryable, actor: BoActor, targetId: number): Promise<boolean> {
  if (actor.team) {
    const [u] = await q.query<{ user_type: string }>('select user_type from users where id = $1', [targetId]);
    if (!u) return false;
    const role = roleOfLetter(u.user_type);
    if (role === 'admin') return false;
    return role !== 'operator' || actor.role === 'admin';
  }
  const rows = await q.query('select 1 from user_tree where ancestor_id = $1 and descendant_id = $2', [actor.userId, targetId]);
  return rows.length > 0;
}

/** Throws the not-yours refusal unless target is in the actor's subtree. */
export async function requireScope(q: Queryable, actor: BoActor, targetId: number): Promise<void> {
  if (!(await inScope(q, actor, targetId))) throw notYours();
}

/**
 * A SQL condition limiting a user-id column to the actor's subtree; `param` is the placeholder
 * number where the caller passes actor.userId (always passed, so numbering stays fixed).
 */
export function scopeSql(actor: BoActor, column: string, param: number): string {
  return actor.team
    ? `($${param}::int is not null)`
    : `exists (select 1 from user_tree st where st.ancestor_id = $${param} and st.descendant_id = ${column})`;
}

/**
 * Runs a money action once per Idempotency-Key (in the caller's transaction): a repeat with the
 * same request returns the first reply; the same key with another request is refused (422).
 */
export async function once<R>(q: Queryable, userId: number, key: string | undefined, call: string, request: unknown, run: () => Promise<R>): Promise<R> {
  if (!key) return run();
  const hash = sha256(JSON.stringify([call, request]));
  const claimed = await q.query(
    `insert into idempotency_keys (user_id, key, call, reply, request_hash) values ($1, $2, $3, 'null'::jsonb, $4) on conflict do nothing returning key`,
    [userId, key, call, hash]);
  if (!claimed.length) {
    const [seen] = await q.query<{ reply: R; request_hash: string }>(
      'select reply, request_hash from idempotency_keys where user_id = $1 and key = $2', [userId, key]);
    if (!seen || seen.request_hash !== hash) throw new CallError(422, 'idempotencyKeyReused');
    return seen.reply;
  }
  const reply = await run();
  await q.query('update idempotency_keys set reply = $3 where user_id = $1 and key = $2', [userId, key, JSON.stringify(reply)]);
  return reply;
}
