/**
 * The casino calls of account-platform.md section 7 (contract: domain/casino/calls.ts): the lobby
 * lists (casinoList, homeCasino, getAllCasinos, lastPlayed, winners, topWinners) and the game
 * launches (opencas, openslot, bingo).
 */
import type { FastifyInstance } from 'fastify';
import { defineCall, CallError, type CallContext, type CallDeps } from '../call.ts';
import {
  bingoPayload, casinoListPayload, getAllCasinosPayload, homeCasinoPayload, LAST_PLAYED, lastPlayedPayload, opencasPayload, openslotPayload,
  PRODUCT, winnersPayload,
} from '../../../domain/casino/calls.ts';
import { countryOf, gamesById, gamesOf, homeLists, lastPlayedOf, providersOf } from '../../casino/catalogue.ts';
import { launchGame, type LaunchClient, type ProtocolLauncher } from '../../casino/launch.ts';
import { winnersOf } from '../../casino/winners.ts';

const guardOf = async (ctx: CallContext) => (ctx.userId === null ? null : (await ctx.req.sessionGuard(ctx.now))?.guard ?? null);
/** The launch's address, browser and site origin (an aggregator's game URL is made with them). */
const clientOf = (ctx: CallContext): LaunchClient => ({ ip: ctx.req.ip, userAgent: String(ctx.req.headers['user-agent'] ?? ''), origin: `${ctx.req.protocol}://${ctx.req.host}` });

/** `launchers`: the protocols that make their own launch URL (server/casino/launch.ts). */
export function registerCasinoCalls(app: FastifyInstance, deps: CallDeps, opts: { launchers?: Readonly<Record<string, ProtocolLauncher>> } = {}): void {
  const launch = { launchers: opts.launchers };
  // the lists show only the games offered in the player's country (a visitor's: the site's)
  const country = (ctx: CallContext) => countryOf(ctx.db, ctx.userId);
  defineCall(app, deps, 'casinoList', casinoListPayload, async (p, ctx) => ({ status: true, ...(await providersOf(ctx.db, p.serviceId, await country(ctx))) }));

  defineCall(app, deps, 'homeCasino', homeCasinoPayload, async (p, ctx) => {
    const iso = await country(ctx);
    const lists = await homeLists(ctx.db, iso);
    const ids = p.serviceId?.length ? p.serviceId : [...new Set([...lists.casinoTop, ...lists.casinoNew, ...lists.slotsTop, ...lists.slotsNew])];
    return { status: true, results: await gamesById(ctx.db, ids, iso), lists };
  });

  defineCall(app, deps, 'getAllCasinos', getAllCasinosPayload, async (p, ctx) => ({
    status: true, items: await gamesOf(ctx.db, { product: p.masterServiceId, search: p.search, provider: p.serviceId, category: p.category, country: await country(ctx) }),
  }));

  defineCall(app, deps, 'opencas', opencasPayload, async (p, ctx) => ({
    ...(await launchGame(ctx.db, { gameId: p.serviceId, product: p.masterServiceId, limitId: p.limitId, fun: p.fun, userId: ctx.userId, guard: await guardOf(ctx), lang: ctx.lang, now: ctx.now, ...launch, client: clientOf(ctx) })),
  }));

  defineCall(app, deps, 'openslot', openslotPayload, async (p, ctx) => ({
    ...(await launchGame(ctx.db, { gameId: (p.serviceId ?? p.gameId)!, product: p.masterServiceId, limitId: p.limitId, fun: p.fun, userId: ctx.userId, guard: await guardOf(ctx), lang: ctx.lang, now: ctx.now, ...launch, client: clientOf(ctx) })),
  }));

  defineCall(app, deps, 'bingo', bingoPayload, async (p, ctx) => {
    const [room] = await gamesOf(ctx.db, { product: PRODUCT.bingo, country: await country(ctx) });
    if (!room) throw new CallError(503, 'gameUnavailable');
    return { ...(await launchGame(ctx.db, { gameId: room.serviceId, fun: p.fun, userId: ctx.userId, guard: await guardOf(ctx), lang: ctx.lang, now: ctx.now, ...launch, client: clientOf(ctx) })) };
  });

  defineCall(app, deps, 'lastPlayed', lastPlayedPayload, async (p, ctx) => ({
    status: true, items: await lastPlayedOf(ctx.db, ctx.userId!, p.masterServiceId, LAST_PLAYED, await country(ctx)),
  }), { auth: true });

  defineCall(app, deps, 'winners', winnersPayload, async (p, ctx) => ({
    status: true, results: await winnersOf(ctx.db, { product: p.masterServiceId, limit: p.limit, top: false, now: ctx.now }),
  }));
  defineCall(app, deps, 'topWinners', winnersPayload, async (p, ctx) => ({
    status: true, results: await winnersOf(ctx.db, { product: p.masterServiceId, limit: p.limit, top: true, now: ctx.now }),
  }));
}
