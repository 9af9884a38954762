/** Back-office money calls: credit, cards, cut-offs, movements and accounts; the player's redeemCard. */
import type { FastifyInstance } from 'fastify';
import { redeemCardPayload } from '../../../domain/backoffice/calls.ts';
import { message } from '../../../domain/messages.ts';
import { once } from '../../backoffice/guard.ts';
import { boCalls } from '../bo-call.ts';
import { accounts, movements, transferCredit } from '../../backoffice/money.ts';
import { cardList, issueCards, redeemCard, voidCard } from '../../backoffice/cards.ts';
import { createCutoff, cutoffList, cutoffPreview, revertCutoff } from '../../backoffice/cutoff.ts';
import { defineCall, type CallDeps } from '../call.ts';

export function registerBoMoneyCalls(app: FastifyInstance, deps: CallDeps): void {
  const call = boCalls(app, deps);

  call('bo/loadCredit', async (p, ctx) => ({
    ...(await ctx.db.tx((q) => once(q, ctx.actor.userId, ctx.idempotencyKey, 'bo/loadCredit', [p.targetId, p.amount], () => transferCredit(q, ctx, 'load', p.targetId, p.amount, p.note ?? '')))),
  }));
  call('bo/withdrawCredit', async (p, ctx) => ({
    ...(await ctx.db.tx((q) => once(q, ctx.actor.userId, ctx.idempotencyKey, 'bo/withdrawCredit', [p.targetId, p.amount], () => transferCredit(q, ctx, 'withdraw', p.targetId, p.amount, p.note ?? '')))),
  }));

  call('bo/issueCard', async (p, ctx) => ({
    ...(await ctx.db.tx((q) => once(q, ctx.actor.userId, ctx.idempotencyKey, 'bo/issueCard', [p.amount, p.count], async () => ({
      status: true as const, msg: message('updateSuccess', ctx.lang), ...(await issueCards(q, ctx, p.amount, p.count)),
    })))),
  }));
  call('bo/cards', async (p, ctx) => cardList(ctx.db, ctx.actor, p));
  call('bo/voidCard', async (p, ctx) => ({
    ...(await ctx.db.tx((q) => once(q, ctx.actor.userId, ctx.idempotencyKey, 'bo/voidCard', [p.cardId], async () => {
      await voidCard(q, ctx, p.cardId);
      return { status: true as const, msg: message('updateSuccess', ctx.lang) };
    }))),
  }));
  defineCall(app, deps, 'redeemCard', redeemCardPayload, async (p, ctx) => {
    const k = ctx.req.headers['idempotency-key'];
    const key = typeof k === 'string' && k.length > 0 && k.length <= 200 ? k : undefined;
    return { ...(await ctx.db.tx((q) => once(q, ctx.userId!, key, 'redeemCard', [p.code], () => redeemCard(q, ctx.userId!, p.code, ctx.now, ctx.lang)))) };
  }, { auth: true });

  call('bo/cutoffPreview', async (p, ctx) => ({ status: true, cutoff: await ctx.db.tx((q) => cutoffPreview(q, ctx.actor, p.dealerId, p.period, p.from, ctx.now)) }));
  // Cut-offs and voids run once per Idempotency-Key too: a retried request gets its first reply.
  call('bo/createCutoff', async (p, ctx) => ({
    ...(await ctx.db.tx((q) => once(q, ctx.actor.userId, ctx.idempotencyKey, 'bo/createCutoff', [p.dealerId, p.period, p.from], async () => ({
      status: true as const, msg: message('updateSuccess', ctx.lang), cutoff: await createCutoff(q, ctx, p.dealerId, p.period, p.from),
    })))),
  }));
  call('bo/revertCutoff', async (p, ctx) => ({
    ...(await ctx.db.tx((q) => once(q, ctx.actor.userId, ctx.idempotencyKey, 'bo/revertCutoff', [p.cutoffId], async () => {
      await revertCutoff(q, ctx, p.cutoffId);
      return { status: true as const, msg: message('updateSuccess', ctx.lang) };
    }))),
  }));
  call('bo/cutoffs', async (p, ctx) => cutoffList(ctx.db, ctx.actor, p));

  call('bo/userMovements', async (p, ctx) => movements(ctx.db, ctx.actor, 'users', p));
  call('bo/dealerMovements', async (p, ctx) => movements(ctx.db, ctx.actor, 'dealers', p));
  call('bo/accounts', async (p, ctx) => accounts(ctx.db, ctx.actor, p));
}
