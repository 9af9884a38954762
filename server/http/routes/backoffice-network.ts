/** Back-office network calls: dealers, players and terminals, limits and permissions (server/backoffice/network.ts). */
import type { FastifyInstance } from 'fastify';
import { message } from '../../../domain/messages.ts';
import { boCalls } from '../bo-call.ts';
import * as net from '../../backoffice/network.ts';
import type { CallDeps } from '../call.ts';

export function registerBoNetworkCalls(app: FastifyInstance, deps: CallDeps): void {
  const call = boCalls(app, deps);
  const done = (lang: string) => ({ status: true, msg: message('updateSuccess', lang) });

  call('bo/dealerTree', async (p, ctx) => ({ status: true, nodes: await ctx.db.tx((q) => net.dealerTree(q, ctx.actor, p.rootId, p.depth)) }));
  call('bo/dealers', async (p, ctx) => net.dealerList(ctx.db, ctx.actor, p));
  call('bo/createDealer', async (p, ctx) => ({ ...done(ctx.lang), id: await ctx.db.tx((q) => net.createDealer(q, ctx, p)) }));
  call('bo/editDealer', async (p, ctx) => { await ctx.db.tx((q) => net.editDealer(q, ctx, p)); return done(ctx.lang); });
  call('bo/setDealerLimits', async (p, ctx) => { await ctx.db.tx((q) => net.setDealerLimits(q, ctx, p)); return done(ctx.lang); });
  call('bo/blockTransfers', async (p, ctx) => { await ctx.db.tx((q) => net.blockTransfers(q, ctx, p.dealerId, p.blocked)); return done(ctx.lang); });

  call('bo/users', async (p, ctx) => net.userList(ctx.db, ctx.actor, p));
  call('bo/userDetail', async (p, ctx) => ({ status: true, user: await ctx.db.tx((q) => net.userDetail(q, ctx.actor, p.userId)) }));
  call('bo/createUser', async (p, ctx) => ({ ...done(ctx.lang), id: await ctx.db.tx((q) => net.createUser(q, ctx, p)) }));
  call('bo/setUserStatus', async (p, ctx) => { await ctx.db.tx((q) => net.setUserStatus(q, ctx, p.userId, p.status)); return done(ctx.lang); });
  call('bo/setUserProducts', async (p, ctx) => { await ctx.db.tx((q) => net.setUserProducts(q, ctx, p.userId, p.products)); return done(ctx.lang); });
  call('bo/setUserLimits', async (p, ctx) => { await ctx.db.tx((q) => net.setUserLimits(q, ctx, p)); return done(ctx.lang); });
  call('bo/resetPassword', async (p, ctx) => { await ctx.db.tx((q) => net.resetPassword(q, ctx, p.userId, p.password)); return done(ctx.lang); });

  call('bo/getPermissions', async (p, ctx) => ({ status: true, ...(await ctx.db.tx((q) => net.dealerPermissions(q, ctx.actor, p.dealerId))) }));
  call('bo/setPermissions', async (p, ctx) => ({ ...done(ctx.lang), granted: await ctx.db.tx((q) => net.setDealerPermissions(q, ctx, p.dealerId, p.permissions)) }));
}
