/**
 * The network (account-platform.md section 6): dealers, sub-dealers and partners in a closure
 * table (user_tree), the players and terminals under them, their limits and their permissions.
 * Every function runs in the caller's transaction, checks the subtree there and writes its audit row.
 */
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { hashPassword } from '../accounts/password.ts';
import { deleteUserSessions } from '../accounts/sessions.ts';
import {
  CHILD_ROLE_PERMISSION, DEFAULT_PERMISSIONS, NETWORK_ROLES, ROLE_LETTERS, grantable, roleMayHold, roleOfLetter, type Permission, type Role,
} from '../../domain/backoffice/permissions.ts';
import type { z } from 'zod';
import type {
  BoDealer, BoUser, boCreateDealerPayload, boCreateUserPayload, boDealersPayload, boEditDealerPayload, boSetDealerLimitsPayload, boUsersPayload,
  BettingLimits, boSetUserLimitsPayload,
} from '../../domain/backoffice/calls.ts';
import { effectivePermissions, notYours, requireScope, scopeSql, type BoActor, type BoContext } from './guard.ts';
import { orderBy, pageOf } from './paging.ts';

const NETWORK_LETTERS = NETWORK_ROLES.map((r) => ROLE_LETTERS[r]);
const USER_LETTERS = [ROLE_LETTERS.player, ROLE_LETTERS.terminal, ROLE_LETTERS.user];

interface DealerRow {
  id: number; username: string; first_name: string; last_name: string; user_type: string; parent_id: number | null; depth: number; status: number;
  balance: number | null; currency: string; blocked: boolean | null; commission_percent: number | null; user_limit: number | null; dealer_limit: number | null;
  casino_limit: number | null; users: number; dealers: number; created_at: Date;
}

const DEALER_COLUMNS = `u.id, u.username, u.first_name, u.last_name, u.user_type, u.parent_id, u.status, u.currency, u.created_at,
  (select count(*)::int from user_tree a where a.descendant_id = u.id) as depth, w.balance, d.transfers_blocked as blocked, d.commission_percent,
  d.user_limit, d.dealer_limit, d.casino_limit,
  (select count(*)::int from users c where c.parent_id = u.id and c.user_type = any($2::text[])) as users,
  (select count(*)::int from users c where c.parent_id = u.id and c.user_type = any($3::text[])) as dealers`;

function dealerOf(r: DealerRow): BoDealer {
  return {
    id: r.id, userName: r.username, firstName: r.first_name, lastName: r.last_name, role: roleOfLetter(r.user_type), parentId: r.parent_id,
    depth: r.depth, status: r.status, balance: Number(r.balance ?? 0), currency: r.currency, transfersBlocked: !!r.blocked,
    commissionPercent: r.commission_percent ?? 0, userLimit: r.user_limit ?? 0, dealerLimit: r.dealer_limit ?? 0, casinoLimit: Number(r.casino_limit ?? 0),
    users: r.users, dealers: r.dealers, createdAt: new Date(r.created_at).toISOString(),
  };
}

/** The dealers of the subtree (or below rootId), at most `depth` levels below the root. */
export async function dealerTree(q: Queryable, a: BoActor, rootId: number | undefined, depth: number): Promise<BoDealer[]> {
  const root = rootId ?? a.userId;
  if (root !== a.userId) await requireScope(q, a, root);
  // The team's own root (no parent) sees the nodes without a parent as its first level.
  const teamTop = a.team && root === a.userId;
  const rows = await q.query<DealerRow>(
    teamTop
      ? `select ${DEALER_COLUMNS} from users u left join wallets w on w.user_id = u.id left join dealers d on d.user_id = u.id
          where u.user_type = any($3::text[]) and ($1::int is not null) and u.id <> $1
            and (u.parent_id is null or u.parent_id = $1 or (select count(*) from user_tree a where a.descendant_id = u.id) < $4)
          order by u.username limit 2000`
      : `select ${DEALER_COLUMNS} from user_tree t join users u on u.id = t.descendant_id left join wallets w on w.user_id = u.id left join dealers d on d.user_id = u.id
          where t.ancestor_id = $1 and t.depth <= $4 and u.user_type = any($3::text[]) order by t.depth, u.username limit 2000`,
    [root, USER_LETTERS, NETWORK_LETTERS, depth]);
  return rows.map(dealerOf);
}

/** A page of the subtree's dealers. */
export async function dealerList(q: Queryable, a: BoActor, p: z.infer<typeof boDealersPayload>) {
  const args: unknown[] = [a.userId, USER_LETTERS, NETWORK_LETTERS];
  // $2 is read by the columns only; the count names it too, so both statements type it.
  const where = [scopeSql(a, 'u.id', 1), 'u.user_type = any($3::text[])', 'u.id <> $1', 'cardinality($2::text[]) > 0'];
  if (p.search) { args.push(`%${p.search}%`); where.push(`(u.username ilike $${args.length} or u.first_name ilike $${args.length} or u.last_name ilike $${args.length})`); }
  if (p.parentId) { args.push(p.parentId); where.push(`u.parent_id = $${args.length}`); }
  if (p.status !== undefined) { args.push(p.status); where.push(`u.status = $${args.length}`); }
  if (p.role) { args.push(ROLE_LETTERS[p.role]); where.push(`u.user_type = $${args.length}`); }
  const sort = orderBy(p, { userName: 'u.username', balance: 'w.balance', createdAt: 'u.created_at' }, 'u.created_at');
  return pageOf(q, `from users u left join wallets w on w.user_id = u.id left join dealers d on d.user_id = u.id where ${where.join(' and ')}`, args, DEALER_COLUMNS, sort, p, dealerOf);
}

/** The node a new child goes under: the actor itself or a network node of its subtree. */
async function lockParent(q: Queryable, a: BoActor, parentId: number | undefined): Promise<{ id: number; role: Role; permissions: Permission[]; userLimit: number; dealerLimit: number; currency: string } | null> {
  const id = parentId ?? a.userId;
  if (id !== a.userId) await requireScope(q, a, id);
  const [r] = await q.query<{ user_type: string; permissions: string[] | null; user_limit: number | null; dealer_limit: number | null; currency: string }>(
    // Locks the parent's settings: two creations under one parent count its children one after the other.
    `select u.user_type, d.permissions, d.user_limit, d.dealer_limit, u.currency from users u left join dealers d on d.user_id = u.id where u.id = $1 for update of u`, [id]);
  if (!r) throw notYours();
  const role = roleOfLetter(r.user_type);
  if (role === 'admin') return null;
  if (!NETWORK_ROLES.includes(role)) throw notYours();
  return { id, role, permissions: effectivePermissions(role, r.permissions), userLimit: r.user_limit ?? 0, dealerLimit: r.dealer_limit ?? 0, currency: r.currency };
}

async function insertUser(q: Queryable, u: { userName: string; password: string; firstName: string; lastName: string; email: string; letter: string; parentId: number | null; currency: string; terminalNo?: string }, now: number): Promise<number> {
  const [taken] = await q.query('select 1 from users where lower(username) = lower($1)', [u.userName]);
  if (taken) throw new CallError(409, 'usernameInUse', {}, { error: 'usernameInUse' });
  const [row] = await q.query<{ id: number }>(
    `insert into users (username, password_hash, first_name, last_name, email, user_type, parent_id, currency, terminal_no, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (username) do nothing returning id`,
    [u.userName, await hashPassword(u.password), u.firstName, u.lastName, u.email, u.letter, u.parentId, u.currency, u.terminalNo ?? '', new Date(now)]);
  if (!row) throw new CallError(409, 'usernameInUse', {}, { error: 'usernameInUse' });
  await q.query('insert into wallets (user_id, currency, balance) values ($1, $2, 0) on conflict do nothing', [row.id, u.currency]);
  if (u.parentId !== null) {
    await q.query(
      `insert into user_tree (ancestor_id, descendant_id, depth)
       select ancestor_id, $2::int, depth + 1 from user_tree where descendant_id = $1 union all select $1::int, $2::int, 1`, [u.parentId, row.id]);
  }
  return row.id;
}

/** Creates a dealer, sub-dealer, partner (or, for an admin, an operator) under a node of the subtree. */
export async function createDealer(q: Queryable, ctx: BoContext, p: z.infer<typeof boCreateDealerPayload>): Promise<number> {
  const a = ctx.actor;
  const needed: Permission | null = p.role === 'operator' ? null : CHILD_ROLE_PERMISSION[p.role];
  if (p.role === 'operator' ? a.role !== 'admin' : !a.permissions.includes(needed!)) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
  const parent = await lockParent(q, a, p.parentId);
  // A dealer (first level) hangs under an operator or the admin's root; a sub-dealer or partner under a dealer of any depth.
  if (parent && p.role === 'operator') throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
  if (parent && p.role === 'dealer' && parent.role !== 'operator') throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
  if (parent && p.role !== 'dealer' && !['dealer', 'subDealer'].includes(parent.role)) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
  if (!parent && p.role !== 'operator' && p.role !== 'dealer') throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
  if (parent && parent.dealerLimit > 0) {
    const [n] = await q.query<{ n: number }>('select count(*)::int as n from users where parent_id = $1 and user_type = any($2::text[])', [parent.id, NETWORK_LETTERS]);
    if (n!.n >= parent.dealerLimit) throw new CallError(422, 'dealerLimitFull', {}, { error: 'dealerLimitFull' });
  }
  const id = await insertUser(q, {
    userName: p.userName, password: p.password, firstName: p.firstName, lastName: p.lastName, email: p.email ?? '',
    letter: ROLE_LETTERS[p.role], parentId: parent?.id ?? null, currency: p.currency ?? parent?.currency ?? a.currency,
  }, ctx.now);
  // A new node starts with its role's defaults, cut to what its parent (or the creating team member) holds.
  const perms = grantable(parent?.permissions ?? a.permissions, p.role).filter((x) => DEFAULT_PERMISSIONS[p.role].includes(x));
  await q.query('insert into dealers (user_id, permissions, commission_percent) values ($1, $2, $3)', [id, perms, p.commissionPercent]);
  // A network node is no player: no online money pages and no product (it cannot bet with the credit it hands out).
  await q.query(`update users set online_user = 0, products = '{}'::jsonb where id = $1`, [id]);
  await ctx.audit(q, { action: 'createDealer', objectType: 'user', objectId: id, after: { userName: p.userName, role: p.role, parentId: parent?.id ?? null, permissions: perms, commissionPercent: p.commissionPercent } });
  return id;
}

/** Reads a network node below the actor for an edit (locked), or refuses as not yours. */
async function lockDealer(q: Queryable, a: BoActor, dealerId: number) {
  await requireScope(q, a, dealerId);
  const [r] = await q.query<{ user_type: string; first_name: string; last_name: string; status: number; permissions: string[]; commission_percent: number; user_limit: number; dealer_limit: number; casino_limit: number; transfers_blocked: boolean }>(
    `select u.user_type, u.first_name, u.last_name, u.status, d.permissions, d.commission_percent, d.user_limit, d.dealer_limit, d.casino_limit, d.transfers_blocked
       from users u join dealers d on d.user_id = u.id where u.id = $1 for update`, [dealerId]);
  if (!r) throw notYours();
  return { ...r, role: roleOfLetter(r.user_type), casino_limit: Number(r.casino_limit) };
}

export async function editDealer(q: Queryable, ctx: BoContext, p: z.infer<typeof boEditDealerPayload>): Promise<void> {
  const d = await lockDealer(q, ctx.actor, p.dealerId);
  const before = { firstName: d.first_name, lastName: d.last_name, status: d.status, commissionPercent: d.commission_percent };
  const after = { firstName: p.firstName ?? d.first_name, lastName: p.lastName ?? d.last_name, status: p.status ?? d.status, commissionPercent: p.commissionPercent ?? d.commission_percent };
  await q.query('update users set first_name = $2, last_name = $3, status = $4 where id = $1', [p.dealerId, after.firstName, after.lastName, after.status]);
  await q.query('update dealers set commission_percent = $2 where user_id = $1', [p.dealerId, after.commissionPercent]);
  if (after.status === 0) await deleteUserSessions(q, p.dealerId);
  await ctx.audit(q, { action: 'editDealer', objectType: 'user', objectId: p.dealerId, before, after });
}

export async function setDealerLimits(q: Queryable, ctx: BoContext, p: z.infer<typeof boSetDealerLimitsPayload>): Promise<void> {
  const d = await lockDealer(q, ctx.actor, p.dealerId);
  await q.query('update dealers set user_limit = $2, dealer_limit = $3, casino_limit = $4 where user_id = $1', [p.dealerId, p.userLimit, p.dealerLimit, p.casinoLimit]);
  await ctx.audit(q, {
    action: 'setDealerLimits', objectType: 'user', objectId: p.dealerId,
    before: { userLimit: d.user_limit, dealerLimit: d.dealer_limit, casinoLimit: d.casino_limit }, after: { userLimit: p.userLimit, dealerLimit: p.dealerLimit, casinoLimit: p.casinoLimit },
  });
}

export async function blockTransfers(q: Queryable, ctx: BoContext, dealerId: number, blocked: boolean): Promise<void> {
  const d = await lockDealer(q, ctx.actor, dealerId);
  await q.query('update dealers set transfers_blocked = $2 where user_id = $1', [dealerId, blocked]);
  await ctx.audit(q, { action: 'blockTransfers', objectType: 'user', objectId: dealerId, before: { blocked: d.transfers_blocked }, after: { blocked } });
}

/** What a dealer holds and what the actor could grant it. */
export async function dealerPermissions(q: Queryable, a: BoActor, dealerId: number) {
  const d = await lockDealer(q, a, dealerId);
  return { dealerId, role: d.role, granted: effectivePermissions(d.role, d.permissions), grantable: grantable(a.permissions, d.role) };
}

/**
 * Sets a dealer's permissions. Every one must be held by the actor and allowed for the dealer's
 * role; what the dealer loses, its whole subtree loses too (nobody below holds more than above).
 */
export async function setDealerPermissions(q: Queryable, ctx: BoContext, dealerId: number, perms: Permission[]): Promise<Permission[]> {
  const d = await lockDealer(q, ctx.actor, dealerId);
  const allowed = grantable(ctx.actor.permissions, d.role);
  if (perms.some((x) => !allowed.includes(x) || !roleMayHold(d.role, x))) throw new CallError(403, 'cannotGrant', {}, { error: 'cannotGrant' });
  const next = [...new Set(perms)].sort();
  await q.query('update dealers set permissions = $2 where user_id = $1', [dealerId, next]);
  await q.query(
    `update dealers set permissions = array(select x from unnest(permissions) x where x = any($2::text[]))
      where user_id in (select descendant_id from user_tree where ancestor_id = $1)`, [dealerId, next]);
  await ctx.audit(q, { action: 'setPermissions', objectType: 'user', objectId: dealerId, before: d.permissions, after: next });
  return next;
}

interface UserRow {
  id: number; username: string; first_name: string; last_name: string; user_type: string; status: number; parent_id: number | null; dealer_name: string | null;
  terminal_no: string; balance: number | null; currency: string; products: Record<string, number> | null; created_at: Date; last_login: Date | null;
}
const USER_COLUMNS = `u.id, u.username, u.first_name, u.last_name, u.user_type, u.status, u.parent_id, p.username as dealer_name, u.terminal_no, w.balance,
  u.currency, u.products, u.created_at, u.last_login`;
const USER_FROM = 'from users u left join users p on p.id = u.parent_id left join wallets w on w.user_id = u.id';

function userOf(r: UserRow): BoUser {
  return {
    id: r.id, userName: r.username, firstName: r.first_name, lastName: r.last_name, role: roleOfLetter(r.user_type), status: r.status, dealerId: r.parent_id,
    dealerName: r.dealer_name ?? '', terminalNo: r.terminal_no, balance: Number(r.balance ?? 0), currency: r.currency, products: r.products ?? {},
    createdAt: new Date(r.created_at).toISOString(), lastLogin: r.last_login ? new Date(r.last_login).toISOString() : null,
  };
}

/** A page of the subtree's players and terminals. */
export async function userList(q: Queryable, a: BoActor, p: z.infer<typeof boUsersPayload>) {
  const args: unknown[] = [a.userId, p.role ? [ROLE_LETTERS[p.role]] : USER_LETTERS];
  const where = [scopeSql(a, 'u.id', 1), 'u.user_type = any($2::text[])'];
  if (p.search) { args.push(`%${p.search}%`); where.push(`(u.username ilike $${args.length} or u.first_name ilike $${args.length} or u.last_name ilike $${args.length} or u.terminal_no = $${args.length})`); }
  if (p.status !== undefined) { args.push(p.status); where.push(`u.status = $${args.length}`); }
  if (p.dealerId) { args.push(p.dealerId); where.push(`exists (select 1 from user_tree dt where dt.ancestor_id = $${args.length} and dt.descendant_id = u.id)`); }
  if (p.createdFrom) { args.push(p.createdFrom); where.push(`u.created_at >= $${args.length}::date`); }
  if (p.createdTo) { args.push(p.createdTo); where.push(`u.created_at < $${args.length}::date + 1`); }
  const sort = orderBy(p, { userName: 'u.username', balance: 'w.balance', createdAt: 'u.created_at', lastLogin: 'u.last_login' }, 'u.created_at');
  return pageOf(q, `${USER_FROM} where ${where.join(' and ')}`, args, USER_COLUMNS, sort, p, userOf);
}

/** One player or terminal of the subtree with its limits. */
export async function userDetail(q: Queryable, a: BoActor, userId: number) {
  await requireScope(q, a, userId);
  const [r] = await q.query<UserRow & { limits: BettingLimits | null; staketype: number; email: string }>(
    `select ${USER_COLUMNS}, u.limits, u.staketype, u.email ${USER_FROM} where u.id = $1`, [userId]);
  if (!r) throw notYours();
  return { ...userOf(r), limits: r.limits ?? {}, staketype: r.staketype, email: r.email };
}

/** Creates a player or terminal under a node of the subtree, within the node's user limit. */
export async function createUser(q: Queryable, ctx: BoContext, p: z.infer<typeof boCreateUserPayload>): Promise<number> {
  const a = ctx.actor;
  if (!a.permissions.includes(p.kind === 'terminal' ? 'createTerminal' : 'createPlayer')) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
  const parent = await lockParent(q, a, p.dealerId);
  if (!parent) throw notYours();
  if (parent.userLimit > 0) {
    const [n] = await q.query<{ n: number }>('select count(*)::int as n from users where parent_id = $1 and user_type = any($2::text[])', [parent.id, USER_LETTERS]);
    if (n!.n >= parent.userLimit) throw new CallError(422, 'userLimitReached', {}, { error: 'userLimitReached' });
  }
  const terminalNo = p.kind === 'terminal' ? p.terminalNo ?? p.userName : '';
  const id = await insertUser(q, {
    userName: p.userName, password: p.password, firstName: p.firstName, lastName: p.lastName, email: p.email ?? '',
    letter: ROLE_LETTERS[p.kind], parentId: parent.id, currency: parent.currency, terminalNo,
  }, ctx.now);
  await ctx.audit(q, { action: 'createUser', objectType: 'user', objectId: id, after: { userName: p.userName, kind: p.kind, dealerId: parent.id, terminalNo } });
  return id;
}

/** Locks a player or terminal (or, for resetPassword, any node) below the actor. */
async function lockUser(q: Queryable, a: BoActor, userId: number, anyRole = false) {
  await requireScope(q, a, userId);
  const [r] = await q.query<{ user_type: string; status: number; products: Record<string, number> | null; limits: BettingLimits | null; staketype: number }>(
    'select user_type, status, products, limits, staketype from users where id = $1 for update', [userId]);
  if (!r || (!anyRole && !USER_LETTERS.includes(r.user_type as never))) throw notYours();
  return r;
}

export async function setUserStatus(q: Queryable, ctx: BoContext, userId: number, status: number): Promise<void> {
  const u = await lockUser(q, ctx.actor, userId);
  await q.query('update users set status = $2 where id = $1', [userId, status]);
  // A passive user's sessions end now.
  if (status === 0) await deleteUserSessions(q, userId);
  await ctx.audit(q, { action: 'setUserStatus', objectType: 'user', objectId: userId, before: { status: u.status }, after: { status } });
}

export async function setUserProducts(q: Queryable, ctx: BoContext, userId: number, products: Record<string, 0 | 1 | undefined>): Promise<void> {
  const u = await lockUser(q, ctx.actor, userId);
  const next = { ...(u.products ?? {}) };
  for (const [k, v] of Object.entries(products)) if (v !== undefined) next[k] = v;
  await q.query('update users set products = $2 where id = $1', [userId, JSON.stringify(next)]);
  await ctx.audit(q, { action: 'setUserProducts', objectType: 'user', objectId: userId, before: u.products, after: next });
}

export async function setUserLimits(q: Queryable, ctx: BoContext, p: z.infer<typeof boSetUserLimitsPayload>): Promise<void> {
  const u = await lockUser(q, ctx.actor, p.userId);
  const { staketype, ...kinds } = p.limits;
  const limits = { ...(u.limits ?? {}), ...Object.fromEntries(Object.entries(kinds).filter(([, v]) => v !== undefined)) };
  await q.query('update users set limits = $2, staketype = $3 where id = $1', [p.userId, JSON.stringify(limits), staketype ?? u.staketype]);
  await ctx.audit(q, { action: 'setUserLimits', objectType: 'user', objectId: p.userId, before: { limits: u.limits, staketype: u.staketype }, after: { limits, staketype: staketype ?? u.staketype } });
}

export async function resetPassword(q: Queryable, ctx: BoContext, userId: number, password: string): Promise<void> {
  await lockUser(q, ctx.actor, userId, true);
  await q.query('update users set password_hash = $2 where id = $1', [userId, await hashPassword(password)]);
  await deleteUserSessions(q, userId);
  await ctx.audit(q, { action: 'resetPassword', objectType: 'user', objectId: userId });
}
