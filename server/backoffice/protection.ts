/**
 * Back office: a dealer or operator sees a player's protection state and applies a
 * time-out or a self-exclusion on them, audited; never shortens one (blocks are only added, and the
 * status always takes the latest end). Only players of the actor's subtree, checked in the
 * action's transaction.
 */
import { CallError } from '../core/call.ts';
import { message } from '../../domain/messages.ts';
import { breakEnd, exclusionEnd, statusOf } from '../../domain/protection/rules.ts';
import { roleOfLetter } from '../../domain/backoffice/permissions.ts';
import { readProtection } from '../protection/state.ts';
import { addBlock, blockHistory, protectionView } from '../protection/service.ts';
import type { Queryable } from '../db/client.ts';
import { notYours, requireScope, type BoContext } from './guard.ts';

/** Players only, and only in the actor's subtree; anything else is the one not-yours answer. */
async function requirePlayer(q: Queryable, ctx: BoContext, playerId: number): Promise<void> {
  const [u] = await q.query<{ user_type: string }>('select user_type from users where id = $1', [playerId]);
  if (!u || roleOfLetter(u.user_type) !== 'player') throw notYours();
  await requireScope(q, ctx.actor, playerId);
}

/** bo/playerProtection: the player's state as the player sees it, plus who applied each block and why. */
export async function playerProtection(ctx: BoContext, playerId: number): Promise<Record<string, unknown>> {
  await requirePlayer(ctx.db, ctx, playerId);
  const view = await protectionView(ctx.db, playerId, ctx.now);
  return { ...view, playerId, blocks: await blockHistory(ctx.db, playerId) };
}

/**
 * bo/applyProtection: a time-out (days) or a self-exclusion (months) on a player, with a reason,
 * audited with the state before and after. One that would end before what already holds is
 * refused, so an action never reads as a shortening.
 */
export async function applyProtection(
  ctx: BoContext, p: { playerId: number; kind: 'break' | 'exclusion'; days?: number | undefined; months?: number | undefined; reason: string },
): Promise<Record<string, unknown>> {
  const length = p.kind === 'break' ? p.days : p.months;
  if (length === undefined) throw new CallError(400, 'badRequest', { field: p.kind === 'break' ? 'days' : 'months' }, { error: 'badRequest' });
  const endsAt = p.kind === 'break' ? breakEnd(length, ctx.now) : exclusionEnd(length, ctx.now);
  return ctx.db.tx(async (q) => {
    await requirePlayer(q, ctx, p.playerId);
    const state = (await readProtection(q, [p.playerId], ctx.now)).get(p.playerId);
    const before = statusOf(state?.blocks ?? [], ctx.now);
    const holdsUntil = p.kind === 'break' ? Math.max(before.breakUntil ?? 0, before.excludedUntil ?? 0) : (before.excludedUntil ?? 0);
    if (holdsUntil >= endsAt) throw new CallError(409, 'protectionNotShorter', {}, { error: 'protectionNotShorter' });
    await addBlock(q, p.playerId, p.kind, endsAt, ctx.now, { actorId: ctx.actor.userId, reason: p.reason });
    const iso = (t: number | null) => (t === null || !Number.isFinite(t) ? null : new Date(t).toISOString());
    await ctx.audit(q, {
      action: p.kind === 'break' ? 'protection.break' : 'protection.exclusion', objectType: 'user', objectId: p.playerId,
      before: { status: before.status, breakUntil: iso(before.breakUntil), excludedUntil: iso(before.excludedUntil) },
      after: { kind: p.kind, endsAt: iso(endsAt), reason: p.reason },
    });
    return { status: true, msg: message('protectionSaved', ctx.lang), endsAt: new Date(endsAt).toISOString() };
  });
}
