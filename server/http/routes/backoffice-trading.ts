/** Back-office trading and live betting settings: every change audited (server/trading). */
import type { FastifyInstance } from 'fastify';
import { message } from '../../../domain/messages.ts';
import { boCalls } from '../bo-call.ts';
import {
  createFixture, fixtureDetail, listFixtures, openMarket, setMarketStatus, setMatchOpen, setPrice, setStakeLimit, tradingCatalogue,
} from '../../trading/fixtures.ts';
import { readLiability } from '../../trading/liability.ts';
import { liabilityLimits, setLiabilityLimit } from '../../trading/liability-guard.ts';
import { readFeedHealth } from '../../feed/uof/health.ts';
import { addIpRule, liveSettings, liveTypesBySport, removeIpRule, setLiveOddTypes } from '../../trading/live-rules.ts';
import { liveOddTypesPayload } from '../../../domain/trading/calls.ts';
import { defineCall, type CallDeps } from '../call.ts';

export function registerBoTradingCalls(app: FastifyInstance, deps: CallDeps): void {
  const call = boCalls(app, deps);
  const done = (lang: string) => ({ status: true, msg: message('updateSuccess', lang) });
  call('bo/tradingFixtures', async (p, ctx) => ({ status: true, ...(await listFixtures(ctx.db, p, ctx.now)) }));
  call('bo/tradingFixture', async (p, ctx) => ({ status: true, ...(await fixtureDetail(ctx.db, p.matchId)) }));
  call('bo/tradingCatalogue', async (p, ctx) => ({ status: true, ...(await tradingCatalogue(ctx.db, p.sportId)) }));
  call('bo/createFixture', async (p, ctx) => ({ ...done(ctx.lang), id: await createFixture(ctx, p) }));
  call('bo/openMarket', async (p, ctx) => ({ ...done(ctx.lang), oddsId: await openMarket(ctx, p) }));
  call('bo/setPrice', async (p, ctx) => { await setPrice(ctx, p); return done(ctx.lang); });
  call('bo/setMarketStatus', async (p, ctx) => { await setMarketStatus(ctx, p); return done(ctx.lang); });
  call('bo/setMatchStatus', async (p, ctx) => { await setMatchOpen(ctx, p); return done(ctx.lang); });
  call('bo/setStakeLimit', async (p, ctx) => { await setStakeLimit(ctx, p); return done(ctx.lang); });
  call('bo/liveSettings', async (_p, ctx) => ({ status: true, ...(await liveSettings(ctx.db)) }));
  // The odds feed's producers as the leader last reported them (FEED_SOURCE=uof); the simulator has none.
  call('bo/feedHealth', async (_p, ctx) => ({
    status: true, source: process.env.FEED_SOURCE === 'uof' ? 'uof' : 'simulator', producers: await readFeedHealth(ctx.db, ctx.now),
  }));
  call('bo/liability', async (p, ctx) => ({ status: true, ...(await readLiability(ctx.db, p)) }));
  call('bo/liabilityLimits', async (_p, ctx) => ({ status: true, ...(await liabilityLimits(ctx.db)) }));
  call('bo/setLiabilityLimit', async (p, ctx) => { await setLiabilityLimit(ctx, p); return done(ctx.lang); });
  call('bo/setLiveOddTypes', async (p, ctx) => { await setLiveOddTypes(ctx, p); return done(ctx.lang); });
  call('bo/addIpRule', async (p, ctx) => ({ ...done(ctx.lang), id: await addIpRule(ctx, p) }));
  call('bo/removeIpRule', async (p, ctx) => { await removeIpRule(ctx, p.ruleId); return done(ctx.lang); });
  // The players' side of the live odd types per sport: the worker keeps only these groups in its live store.
  defineCall(app, deps, 'liveOddTypes', liveOddTypesPayload, async (_p, ctx) => ({ status: true, sports: await liveTypesBySport(ctx.db, ctx.now) }));
}
