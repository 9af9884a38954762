/**
 * The affiliate calls of account-platform.md section 7: affiliateRegister, affiliates,
 * affiliateInfo, dealers, dealersFinance, dealersCoupons, affiliateBanner, affiliateControl; and
 * the banners' images. Guards (sections 2 and 6): login, online user and the site's affiliate
 * feature; the manager's calls also need the player's affiliate status 1.
 */
import type { FastifyInstance } from 'fastify';
import { affiliateControlPayload, affiliateInfoPayload, dealersFinancePayload, dealersPayload, emptyPayload } from '../../../domain/protocol/calls.ts';
import { message } from '../../../domain/messages.ts';
import { hasPermission } from '../../../domain/account/permissions.ts';
import { guardUser } from '../../accounts/guard-user.ts';
import {
  affiliateByCode, affiliateOf, affiliateSummary, referredCoupons, referredFinance, referredUsers, requestAffiliate, type AffiliateRow,
} from '../../affiliate/affiliate.ts';
import { affiliateBannerSvg } from '../../affiliate/banner-image.ts';
import { CallError, defineCall, type CallContext, type CallDeps } from '../call.ts';
import { dayOf } from '../../../domain/protocol/call-dates.ts';
import { SITE_SETTINGS } from '../../settings/site-settings.ts';

/** The site's affiliate feature (setting affiliateStatus 1), the same rule as the router's guard. */
function requireFeature(): void {
  if (SITE_SETTINGS.affiliateStatus !== 1) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
}

/** An active affiliate (status 1 on the user and its terms row), else 403 affiliateNotActive. */
async function requireActive(ctx: CallContext): Promise<AffiliateRow> {
  requireFeature();
  const [u, a] = await Promise.all([guardUser(ctx.db, ctx.userId!), affiliateOf(ctx.db, ctx.userId!)]);
  if (!u || u.affiliateStatus !== 1 || !a) throw new CallError(403, 'affiliateNotActive', {}, { error: 'affiliateNotActive' });
  return a;
}

export function registerAffiliateCalls(app: FastifyInstance, deps: CallDeps): void {
  const online = { permission: 'onlineUser' } as const;

  defineCall(app, deps, 'affiliateRegister', emptyPayload, async (_p, ctx) => {
    requireFeature();
    await ctx.db.tx((q) => requestAffiliate(q, ctx.userId!, ctx.now));
    return { status: true, msg: message('requestAccepted', ctx.lang), key: 'requestAccepted' };
  }, { ...online, rateLimit: { max: 10, timeWindow: 60_000 } });

  defineCall(app, deps, 'affiliates', emptyPayload, async (_p, ctx) => {
    requireFeature();
    const [u, a] = await Promise.all([guardUser(ctx.db, ctx.userId!), affiliateOf(ctx.db, ctx.userId!)]);
    const active = u?.affiliateStatus === 1 && !!a;
    return {
      status: true,
      data: {
        status: active ? 1 : 0, percent: active ? a.percent : 0, cutoff: active ? a.cutoff : 0, affiliate_link: active ? u.affiliateLink : '',
        // Not in the spec's reply: whether a request waits, so the page says "request already sent".
        requested: !!a && !active,
      },
    };
  }, online);

  defineCall(app, deps, 'affiliateInfo', affiliateInfoPayload, async (p, ctx) => {
    const a = await requireActive(ctx);
    return { status: true, data: await affiliateSummary(ctx.db, a, dayOf(p.startDate, false), dayOf(p.endDate, true)) };
  }, online);

  defineCall(app, deps, 'dealers', dealersPayload, async (p, ctx) => {
    const a = await requireActive(ctx);
    return { status: true, ...(await referredUsers(ctx.db, a, p.order)) };
  }, online);

  defineCall(app, deps, 'dealersFinance', dealersFinancePayload, async (p, ctx) => {
    const a = await requireActive(ctx);
    return { status: true, ...(await referredFinance(ctx.db, a, { from: dayOf(p.startDate, false), to: dayOf(p.endDate, true), order: p.order, transactionType: p.transactionType })) };
  }, online);

  // Coupons: only for a player with the sport or live product, like the Coupons tab (section 2).
  defineCall(app, deps, 'dealersCoupons', dealersFinancePayload, async (p, ctx) => {
    const a = await requireActive(ctx);
    if (!hasPermission(await guardUser(ctx.db, ctx.userId!), 'sportUser|liveUser')) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
    return { status: true, ...(await referredCoupons(ctx.db, a, { from: dayOf(p.startDate, false), to: dayOf(p.endDate, true), order: p.order, status: p.status })) };
  }, online);

  defineCall(app, deps, 'affiliateBanner', emptyPayload, async (_p, ctx) => {
    const a = await requireActive(ctx);
    const rows = await ctx.db.query<{ id: number; name: string; width: number; height: number; url: string }>(
      'select id, name, width, height, url from affiliate_banners where status = 1 order by list_order, id');
    // `weight` is the spec's spelling of the width (section 3).
    return { status: true, data: rows.map((b) => ({ id: b.id, name: b.name, weight: b.width, height: b.height, url: b.url })), affCode: a.code };
  }, online);

  // Public: the register page checks the code of register/{affcode} before sending it along.
  defineCall(app, deps, 'affiliateControl', affiliateControlPayload, async (p, ctx) => {
    requireFeature();
    const a = await affiliateByCode(ctx.db, p.affiliateId);
    if (!a) throw new CallError(404, 'notFound');
    return { status: true, data: { affiliate_link: a.link, userId: a.userId } };
  }, { rateLimit: { max: 60, timeWindow: 60_000 } });

  // The banner images (the Banner entity's url under the same-origin /banners/ of site_api '').
  app.get<{ Params: { file: string } }>('/banners/aff/:file', async (req, reply) => {
    const svg = affiliateBannerSvg(req.params.file);
    if (!svg) return reply.code(404).send({ status: false, msg: message('notFound', 'tr') });
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}
