/**
 * Money between a dealer and its subtree: credit load and withdraw as ledger transfers (two rows,
 * one transaction, never below zero), ledger movements and the balances of the subtree.
 */
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { InsufficientCredit, postLedger } from '../wallet/ledger.ts';
import { assertDepositApproval } from '../protection/enforce.ts';
import { ROLE_LETTERS, NETWORK_ROLES, roleOfLetter } from '../../domain/backoffice/permissions.ts';
import type { BoCreditReply, BoMovement, boAccountsPayload, boMovementsPayload } from '../../domain/backoffice/calls.ts';
import { message } from '../../domain/messages.ts';
import { requireScope, scopeSql, type BoActor, type BoContext } from './guard.ts';
import { orderBy, pageOf } from './paging.ts';

const NETWORK_LETTERS = NETWORK_ROLES.map((r) => ROLE_LETTERS[r]);

/** Posts a ledger row; a debit the wallet cannot cover is the spec's insufficient credit. */
export async function post(q: Queryable, e: Parameters<typeof postLedger>[1]): Promise<number> {
  try {
    return await postLedger(q, e);
  } catch (err) {
    if (err instanceof InsufficientCredit) throw new CallError(422, 'insufficientCredit', {}, { error: 'insufficientCredit' });
    throw err;
  }
}

/** Locks both wallets in id order, so a load and a withdraw between the same two never deadlock. */
async function lockWallets(q: Queryable, ids: number[]): Promise<void> {
  await q.query('select user_id from wallets where user_id = any($1::int[]) order by user_id for update', [ids]);
}

/** Refuses a transfer when the operator team blocked the actor's (or the target dealer's) transfers. */
async function refuseBlocked(q: Queryable, ids: number[]): Promise<void> {
  const rows = await q.query('select 1 from dealers where user_id = any($1::int[]) and transfers_blocked', [ids]);
  if (rows.length) throw new CallError(403, 'transfersBlocked', {}, { error: 'transfersBlocked' });
}

/**
 * Moves credit between the actor and a user of its subtree: 'load' from the actor to the target,
 * 'withdraw' back. An admin is the house: its load creates the credit (one row) and its withdraw
 * takes it out of circulation.
 */
export async function transferCredit(q: Queryable, ctx: BoContext, dir: 'load' | 'withdraw', targetId: number, amount: number, note: string): Promise<BoCreditReply> {
  const a = ctx.actor;
  await requireScope(q, a, targetId);
  await refuseBlocked(q, [a.userId, targetId]);
  const house = a.role === 'admin';
  await lockWallets(q, house ? [targetId] : [a.userId, targetId]);
  // Minor units of one currency are not those of another: a transfer moves credit within one currency.
  if (!house) {
    const cur = await q.query<{ currency: string }>('select distinct currency from wallets where user_id = any($1::int[])', [[a.userId, targetId]]);
    if (cur.length !== 1) throw new CallError(422, 'invalidField', { field: 'currency' }, { error: 'invalidField', field: 'currency' });
  }
  // Credit loaded to a player is money paid in: refused on a break, exclusion or closure, or past a
  // deposit limit, as a deposit the back office approves; a withdrawal stays open to them.
  if (dir === 'load') await assertDepositApproval(q, targetId, amount, ctx.now, ctx.lang);
  const [from, to] = dir === 'load' ? [a.userId, targetId] : [targetId, a.userId];
  const [t] = await q.query<{ id: number }>(
    'insert into credit_transfers (from_id, to_id, amount, actor_id, note, created_at) values ($1, $2, $3, $4, $5, $6) returning id',
    [from, to, amount, a.userId, note, new Date(ctx.now)]);
  const ref = { refType: 'credit_transfer', refId: t!.id };
  let mine = 0;
  let theirs = 0;
  if (dir === 'load') {
    if (!house) mine = await post(q, { userId: a.userId, amount: -amount, kind: 'transfer', ...ref });
    theirs = await post(q, { userId: targetId, amount, kind: 'transfer', ...ref });
  } else {
    theirs = await post(q, { userId: targetId, amount: -amount, kind: 'transfer', ...ref });
    if (!house) mine = await post(q, { userId: a.userId, amount, kind: 'transfer', ...ref });
  }
  await ctx.audit(q, { action: dir === 'load' ? 'loadCredit' : 'withdrawCredit', objectType: 'user', objectId: targetId, after: { amount, transferId: t!.id, balance: theirs } });
  return { status: true, msg: message(dir === 'load' ? 'creditLoaded' : 'creditWithdrawn', ctx.lang), transferId: Number(t!.id), balance: mine, targetBalance: theirs };
}

interface LedgerRow { id: number; user_id: number; username: string; amount: number; balance_after: number; kind: string; ref_type: string | null; ref_id: number | null; created_at: Date }
const movementOf = (r: LedgerRow): BoMovement => ({
  id: Number(r.id), userId: r.user_id, userName: r.username, amount: Number(r.amount), balanceAfter: Number(r.balance_after), kind: r.kind,
  refType: r.ref_type, refId: r.ref_id === null ? null : Number(r.ref_id), createdAt: new Date(r.created_at).toISOString(),
});

/** Ledger rows of the subtree's players and terminals ('users') or dealers ('dealers'), filtered and paged. */
export async function movements(q: Queryable, a: BoActor, who: 'users' | 'dealers', p: z.infer<typeof boMovementsPayload>) {
  const args: unknown[] = [a.userId, NETWORK_LETTERS];
  const where = [who === 'users' ? 'u.user_type <> all($2::text[])' : 'u.user_type = any($2::text[])'];
  // A dealer sees its own wallet among the dealer movements.
  where.push(who === 'dealers' ? `(${scopeSql(a, 'l.user_id', 1)} or l.user_id = $1)` : scopeSql(a, 'l.user_id', 1));
  if (p.userId) { args.push(p.userId); where.push(`l.user_id = $${args.length}`); }
  if (p.dealerId) { args.push(p.dealerId); where.push(`exists (select 1 from user_tree dt where dt.ancestor_id = $${args.length} and dt.descendant_id = l.user_id)`); }
  if (p.kind) { args.push(p.kind); where.push(`l.kind = $${args.length}`); }
  if (p.from) { args.push(p.from); where.push(`l.created_at >= $${args.length}::date`); }
  if (p.to) { args.push(p.to); where.push(`l.created_at < $${args.length}::date + 1`); }
  const fromWhere = `from ledger l join users u on u.id = l.user_id where ${where.join(' and ')}`;
  const sort = orderBy(p, { createdAt: 'l.created_at', amount: 'l.amount', userName: 'u.username' }, 'l.id', 'l.id');
  const page = await pageOf(q, fromWhere, args, 'l.id, l.user_id, u.username, l.amount, l.balance_after, l.kind, l.ref_type, l.ref_id, l.created_at', sort, p, movementOf);
  const [sums] = await q.query<{ sum_in: number | null; sum_out: number | null }>(
    `select sum(case when l.amount > 0 then l.amount end) as sum_in, sum(case when l.amount < 0 then -l.amount end) as sum_out ${fromWhere}`, args);
  return { ...page, sumIn: Number(sums?.sum_in ?? 0), sumOut: Number(sums?.sum_out ?? 0) };
}

/** Balances of the subtree's accounts (dealers and users) and their total. */
export async function accounts(q: Queryable, a: BoActor, p: z.infer<typeof boAccountsPayload>) {
  const args: unknown[] = [a.userId];
  const where = [scopeSql(a, 'u.id', 1), `u.user_type not in ('A')`];
  if (p.dealerId) { args.push(p.dealerId); where.push(`exists (select 1 from user_tree dt where dt.ancestor_id = $${args.length} and dt.descendant_id = u.id)`); }
  if (p.search) { args.push(`%${p.search}%`); where.push(`u.username ilike $${args.length}`); }
  const fromWhere = `from users u join wallets w on w.user_id = u.id where ${where.join(' and ')}`;
  const sort = orderBy(p, { userName: 'u.username', balance: 'w.balance' }, 'w.balance');
  const page = await pageOf(q, fromWhere, args, 'u.id, u.username, u.user_type, w.balance, w.currency, u.parent_id', sort, p,
    (r: { id: number; username: string; user_type: string; balance: number; currency: string; parent_id: number | null }) => ({
      id: r.id, userName: r.username, role: roleOfLetter(r.user_type), balance: Number(r.balance), currency: r.currency, parentId: r.parent_id,
    }));
  const [t] = await q.query<{ total: number | null }>(`select sum(w.balance) as total ${fromWhere}`, args);
  return { ...page, total: Number(t?.total ?? 0) };
}
