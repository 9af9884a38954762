/**
 * Back-office calls of the casino (/api/bo/casino*, domain/casino/calls.ts BO_CASINO_CALLS):
 * games management and the dealers' casino limits, permission manageCasino, every change audited.
 */
import type { FastifyInstance } from 'fastify';
import { boCalls } from '../bo-call.ts';
import { boCasinoLimits, boGames, boProviders, boSaveCategory, boSetCasinoLimit, boSetGame, boSetProvider } from '../../backoffice/casino.ts';
import { message } from '../../../domain/messages.ts';
import type { CallDeps } from '../call.ts';

export function registerBoCasinoCalls(app: FastifyInstance, deps: CallDeps): void {
  const call = boCalls(app, deps);
  call('bo/casinoProviders', async (_p, ctx) => ({ status: true, results: await boProviders(ctx.db) }));
  call('bo/casinoGames', async (p, ctx) => ({ status: true, ...(await boGames(ctx.db, p.product)) }));
  call('bo/setCasinoProvider', async (p, ctx) => {
    await boSetProvider(ctx, p);
    return { status: true, msg: message('updateSuccess', ctx.lang) };
  });
  call('bo/setCasinoGame', async (p, ctx) => {
    await boSetGame(ctx, p);
    return { status: true, msg: message('updateSuccess', ctx.lang) };
  });
  call('bo/saveCasinoCategory', async (p, ctx) => ({ status: true, msg: message('updateSuccess', ctx.lang), id: await boSaveCategory(ctx, p) }));
  call('bo/casinoLimits', async (p, ctx) => ({ status: true, results: await boCasinoLimits(ctx.db, ctx.now, p.search) }));
  call('bo/setCasinoLimit', async (p, ctx) => {
    await boSetCasinoLimit(ctx, p);
    return { status: true, msg: message('updateSuccess', ctx.lang) };
  });
}
