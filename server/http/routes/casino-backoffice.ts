/** Back-office calls of the casino (/api/bo/casino*): games management and casino limits, team only. */
import type { FastifyInstance } from 'fastify';
import { boCasinoGamesPayload, boSetCasinoGamePayload, boSetCasinoProviderPayload } from '../../../domain/casino/calls.ts';
import { emptyPayload } from '../../../domain/protocol/calls.ts';
import { defineBoCall } from '../../backoffice/guard.ts';
import { boCasinoLimits, boGames, boProviders, boSetGame, boSetProvider } from '../../backoffice/casino.ts';
import { message } from '../../../domain/messages.ts';
import type { CallDeps } from '../call.ts';

export function registerBoCasinoCalls(app: FastifyInstance, deps: CallDeps): void {
  defineBoCall(app, deps, 'bo/casinoProviders', emptyPayload, 'setDealerLimits', async (_p, ctx) => ({ status: true, results: await boProviders(ctx.db) }));
  defineBoCall(app, deps, 'bo/casinoGames', boCasinoGamesPayload, 'setDealerLimits', async (p, ctx) => ({ status: true, ...(await boGames(ctx.db, p.product)) }));
  defineBoCall(app, deps, 'bo/setCasinoProvider', boSetCasinoProviderPayload, 'setDealerLimits', async (p, ctx) => {
    await boSetProvider(ctx, p);
    return { status: true, msg: message('updateSuccess', ctx.lang) };
  });
  defineBoCall(app, deps, 'bo/setCasinoGame', boSetCasinoGamePayload, 'setDealerLimits', async (p, ctx) => {
    await boSetGame(ctx, p);
    return { status: true, msg: message('updateSuccess', ctx.lang) };
  });
  defineBoCall(app, deps, 'bo/casinoLimits', emptyPayload, 'setDealerLimits', async (_p, ctx) => ({ status: true, results: await boCasinoLimits(ctx.db, ctx.now) }));
}
