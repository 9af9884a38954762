/** Back-office catalogue calls: sports, countries, leagues, teams and market settings; every change audited. */
import type { FastifyInstance } from 'fastify';
import { message } from '../../../domain/messages.ts';
import { DEFAULT_MARKET_SETTINGS } from '../../../domain/catalogue/markets.ts';
import { boCalls } from '../bo-call.ts';
import { listCatalogue, mergeCatalogue, saveCatalogue, type CatalogueKind } from '../../catalogue/entities.ts';
import { forgetMarketSettings, marketSettings, marketSettingsRev, playerMarketSettings, saveMarketSetting } from '../../catalogue/markets.ts';
import { marketSettingsPayload } from '../../../domain/catalogue/calls.ts';
import { CallError, defineCall, type CallDeps } from '../call.ts';

const refused = (field: string) => new CallError(400, 'badRequest', { field }, { error: 'badRequest', field });

export function registerBoCatalogueCalls(app: FastifyInstance, deps: CallDeps): void {
  // The players' side of the market settings: names in the request's language, tabs, live types, league order.
  defineCall(app, deps, 'marketSettings', marketSettingsPayload, async (_p, ctx) => ({ status: true, ...(await playerMarketSettings(ctx.db, ctx.lang)) }));
  const call = boCalls(app, deps);
  const lists: [Parameters<typeof call>[0], CatalogueKind][] = [
    ['bo/catalogueSports', 'sport'], ['bo/catalogueCountries', 'country'], ['bo/catalogueLeagues', 'league'], ['bo/catalogueTeams', 'team'],
  ];
  for (const [name, kind] of lists) {
    call(name as 'bo/catalogueSports', async (p, ctx) => ({ status: true, ...(await listCatalogue(ctx.db, kind, p)) }));
  }
  const saved = (lang: string, id: number) => ({ status: true, msg: message('updateSuccess', lang), id });
  call('bo/catalogueSaveSport', async (p, ctx) => saved(ctx.lang, await saveCatalogue(ctx, 'sport', p)));
  call('bo/catalogueSaveCountry', async (p, ctx) => saved(ctx.lang, await saveCatalogue(ctx, 'country', p)));
  call('bo/catalogueSaveLeague', async (p, ctx) => saved(ctx.lang, await saveCatalogue(ctx, 'league', p)));
  call('bo/catalogueSaveTeam', async (p, ctx) => saved(ctx.lang, await saveCatalogue(ctx, 'team', p)));
  const merged = (lang: string, keepId: number, moved: number) => ({ status: true, msg: message('updateSuccess', lang), keepId, moved });
  call('bo/catalogueMergeTeams', async (p, ctx) => merged(ctx.lang, p.keepId, await mergeCatalogue(ctx, 'team', p.keepId, p.mergeId)));
  call('bo/catalogueMergeLeagues', async (p, ctx) => merged(ctx.lang, p.keepId, await mergeCatalogue(ctx, 'league', p.keepId, p.mergeId)));

  call('bo/catalogueMarkets', async (_p, ctx) => {
    // Another process's change shows at once here, not after the next check.
    forgetMarketSettings();
    const settings = await marketSettings(ctx.db);
    return { status: true, settings, defaults: DEFAULT_MARKET_SETTINGS, rev: marketSettingsRev() };
  });
  const done = (lang: string, rev: number) => ({ status: true, msg: message('updateSuccess', lang), rev });
  call('bo/catalogueSaveOddType', async (p, ctx) => {
    forgetMarketSettings();
    const s = await marketSettings(ctx.db);
    const old = s.types.find((t) => t.oddsType === p.type.oddsType);
    // Settlement knows only the catalogue's types and outcomes: names and display change, the rules do not.
    if (!old) throw refused('oddsType');
    if (!Object.keys(p.type.outcomes).every((o) => o in old.outcomes)) throw refused('outcomes');
    const type = { ...p.type, names: Object.fromEntries(Object.entries(p.type.names).filter(([, v]) => v)), outcomes: { ...old.outcomes, ...p.type.outcomes } };
    if (!type.names.en) throw refused('names');
    const types = s.types.map((t) => (t.oddsType === type.oddsType ? type : t)).sort((a, b) => a.order - b.order || a.oddsType - b.oddsType);
    return done(ctx.lang, await saveMarketSetting(ctx, 'types', types, type.oddsType, old, type));
  });
  call('bo/catalogueSaveFilters', async (p, ctx) => {
    forgetMarketSettings();
    const s = await marketSettings(ctx.db);
    // The types of the catalogue, and those today's tabs already name (pre-match families the catalogue has no entry for).
    const known = new Set([...s.types.map((t) => t.oddsType), ...Object.values(DEFAULT_MARKET_SETTINGS.filters).flatMap((f) => f.flatMap((x) => x.types))]);
    if (!p.filters.every((f) => f.types.every((t) => known.has(t)))) throw refused('filters');
    const filters = { ...s.filters, [String(p.sportId)]: p.filters };
    return done(ctx.lang, await saveMarketSetting(ctx, 'filters', filters, p.sportId, s.filters[String(p.sportId)] ?? null, p.filters));
  });
  call('bo/catalogueSaveLiveOrder', async (p, ctx) => {
    forgetMarketSettings();
    const s = await marketSettings(ctx.db);
    const [n] = await ctx.db.query<{ n: number }>('select count(*)::int as n from tournaments where id = any($1::int[]) and sport_id = 1', [p.leagueIds]);
    if (n!.n !== p.leagueIds.length) throw refused('leagueIds');
    return done(ctx.lang, await saveMarketSetting(ctx, 'liveLeagueOrder', p.leagueIds, 1, s.liveLeagueOrder, p.leagueIds));
  });
}
