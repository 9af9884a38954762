/** Back-office site settings and results: every change audited. */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BO_CATALOGUE_CALLS, type BoCatalogueCallName } from '../../../domain/backoffice/catalogue-calls.ts';
import { SITE_SETTING_DEFAULTS } from '../../../domain/settings/site-settings.ts';
import { message } from '../../../domain/messages.ts';
import { type BoContext } from '../../backoffice/guard.ts';
import { defineBoCall } from '../bo-call.ts';
import { reloadSiteSettings, saveSiteSettings, settingsRev, SITE_SETTINGS } from '../../settings/site-settings.ts';
import { resultPreview, resultQueue, saveResult } from '../../backoffice/results.ts';
import type { CallDeps } from '../call.ts';

/** The registrar of the calls of domain/backoffice/catalogue-calls.ts (payload and permission from its table). */
export function boCatalogueCalls(app: FastifyInstance, deps: CallDeps) {
  return <N extends BoCatalogueCallName>(name: N, handler: (payload: z.infer<(typeof BO_CATALOGUE_CALLS)[N]['payload']>, ctx: BoContext) => Promise<Record<string, unknown>>): void => {
    const def = BO_CATALOGUE_CALLS[name];
    defineBoCall(app, deps, name, def.payload as z.ZodType, def.permission, handler as (payload: unknown, ctx: BoContext) => Promise<Record<string, unknown>>);
  };
}

export function registerBoSettingsCalls(app: FastifyInstance, deps: CallDeps): void {
  const call = boCatalogueCalls(app, deps);
  call('bo/siteSettings', async (_p, ctx) => {
    // A change made by another process shows at once, not at the next revision check.
    await reloadSiteSettings(ctx.db);
    return { status: true, settings: SITE_SETTINGS, defaults: SITE_SETTING_DEFAULTS, rev: settingsRev() };
  });
  call('bo/saveSiteSettings', async (p, ctx) => {
    const r = await saveSiteSettings(ctx, p.settings, p.screen);
    return { status: true, msg: message('updateSuccess', ctx.lang), rev: r.rev, changed: r.changed };
  });
  call('bo/resultPreview', async (p, ctx) => ({ ...(await resultPreview(ctx.db, p.matchId, p.result, ctx.now)) }));
  call('bo/resultQueue', async (p, ctx) => ({ ...(await resultQueue(ctx.db, p, ctx.now)) }));
  call('bo/saveResult', async (p, ctx) => {
    const r = await saveResult(ctx, p.matchId, p.result, p.override);
    return { status: true, msg: message('resultSaved', ctx.lang), version: r.version, added: r.added, coupons: r.coupons, changed: r.changed, paid: r.paid };
  });
}
