/**
 * Hub88's game list into our catalogue: each studio (the list's `product`) becomes a provider
 * under the Hub88 aggregator row, each category a category of the game's product, each game a
 * casino game whose tile is our image proxy of its thumbnail. Run by the leader on a schedule and
 * on demand from the back office. What the operator decided is kept: a known game keeps its
 * enabled state, order and category; a new one comes enabled, after the others. A game Hub88 stops
 * offering is disabled (and enabled again when it comes back, unless the operator disabled it).
 */
import type { Db } from '../../db/client.ts';
import { HUB88_PROVIDER, hub88ProductOf, hub88Rtp, hub88StudioCode } from '../../../domain/casino/hub88.ts';
import { PRODUCT } from '../../../domain/casino/calls.ts';
import { Hub88Error, type Hub88Client, type Hub88Game } from './client.ts';

/** Db.locked key: one sync at a time across the processes. */
const SYNC_LOCK = 724_290;

/** The tile of a synced game: our proxy of Hub88's thumbnail (server/casino/hub88/thumbs.ts). */
export const hub88ThumbPath = (gameId: number): string => `/casino/thumb/hub88/${gameId}`;

export interface Hub88SyncResult { games: number; added: number; updated: number; hidden: number; shown: number; error: string }

/** A category name as we keep it: Hub88's, trimmed to our 40 characters, 'Other' when none. */
const categoryOf = (g: Hub88Game): string => (g.category ?? '').trim().slice(0, 40) || 'Other';

export async function syncHub88Games(db: Db, client: Hub88Client, now: number, byUser: number | null = null): Promise<Hub88SyncResult> {
  const [run] = await db.query<{ id: number }>('insert into hub88_syncs (started_at, by_user) values ($1, $2) returning id', [new Date(now), byUser]);
  const finish = async (r: Hub88SyncResult): Promise<Hub88SyncResult> => {
    await db.query('update hub88_syncs set finished_at = $2, games = $3, added = $4, updated = $5, hidden = $6, error = $7 where id = $1',
      [run!.id, new Date(now), r.games, r.added, r.updated, r.hidden, r.error]);
    return r;
  };
  let list: Hub88Game[];
  try {
    list = await client.gameList();
  } catch (err) {
    return finish({ games: 0, added: 0, updated: 0, hidden: 0, shown: 0, error: err instanceof Hub88Error ? err.message : String(err) });
  }
  // one entry per game code (the last wins, as Hub88 would mean it)
  const games = [...new Map(list.map((g) => [g.game_code, g])).values()];
  try {
    return await finish(await db.locked(SYNC_LOCK, () => db.tx(async (q) => {
      const [agg] = await q.query<{ id: number }>('select id from casino_providers where code = $1', [HUB88_PROVIDER]);
      if (!agg) throw new Error('the hub88 provider row is missing (migration 230)');
      // a studio by its name; two names of one code ("Play'n GO", "Play n GO") are one provider, named by the first
      const studioOf = (g: Hub88Game) => ((g.product ?? '').trim() || 'Hub88').slice(0, 100);
      const studios = new Map<string, string>();
      for (const g of games) if (!studios.has(hub88StudioCode(studioOf(g)))) studios.set(hub88StudioCode(studioOf(g)), studioOf(g));
      const providerRows = await q.query<{ id: number; code: string }>(
        `insert into casino_providers (code, name, logo, protocol, launch_url, secret_env, frameable, status, list_order, parent_id)
         select x.code, x.name, '', 'hub88', '', '', 1, 1, 200, $2 from json_to_recordset($1::json) as x(code text, name text)
         on conflict (code) do update set name = excluded.name, parent_id = excluded.parent_id
         returning id, code`,
        [JSON.stringify([...studios].map(([code, name]) => ({ code, name }))), agg.id]);
      const idOfCode = new Map(providerRows.map((r) => [r.code, r.id]));
      const providerOf = (g: Hub88Game) => idOfCode.get(hub88StudioCode(studioOf(g)))!;
      const cats = [...new Map(games.map((g) => [`${hub88ProductOf(g.category ?? '')}|${categoryOf(g)}`, { product: hub88ProductOf(g.category ?? ''), title: categoryOf(g) }])).values()];
      await q.query(
        `insert into casino_categories (product, title, list_order)
         select x.product, x.title, 100 from json_to_recordset($1::json) as x(product smallint, title text) on conflict (product, title) do nothing`,
        [JSON.stringify(cats)]);
      const catRows = await q.query<{ id: number; product: number; title: string }>('select id, product, title from casino_categories');
      const catOf = new Map(catRows.map((c) => [`${c.product}|${c.title}`, c.id]));
      const [{ o: lastOrder } = { o: 1000 }] = await q.query<{ o: number }>(
        'select coalesce(max(g.list_order), 999)::int as o from casino_games g join hub88_games h on h.game_id = g.id');
      const rows = games.map((g, i) => {
        const product = hub88ProductOf(g.category ?? '');
        return {
          code: g.game_code, title: g.name.slice(0, 200), provider: providerOf(g),
          product, category: catOf.get(`${product}|${categoryOf(g)}`) ?? null, rtp: hub88Rtp(g.rtp),
          // live tables have no fun mode; Hub88's demo mode serves the others
          fun: product === PRODUCT.livecasino ? 0 : 1, ord: Math.max(1000, lastOrder + 1) + i,
          hub88_id: g.game_id ?? null, studio: (g.product ?? '').slice(0, 100), category_name: categoryOf(g),
          thumb: g.url_thumb ?? '', background: g.url_background ?? '', platforms: g.platforms ?? [], blocked: (g.blocked_countries ?? []).map((c) => c.toUpperCase()),
          freebet: g.freebet_support === true, available: g.enabled !== false,
        };
      });
      // a game that moved to another studio keeps its row (and the operator's choices)
      await q.query(
        `update casino_games g set provider_id = x.provider from json_to_recordset($1::json) as x(code text, provider int), hub88_games h
          where h.game_code = x.code and h.game_id = g.id and g.provider_id <> x.provider`, [JSON.stringify(rows.map((r) => ({ code: r.code, provider: r.provider })))]);
      const upserted = await q.query<{ id: number; code: string; added: boolean }>(
        `insert into casino_games (provider_id, product, category_id, code, title, logo, extras, fun, rtp, list_order, status)
         select x.provider, x.product, x.category, x.code, x.title, '', json_build_object('id', x.code)::text, x.fun, x.rtp, x.ord, 1
           from json_to_recordset($1::json) as x(provider int, product smallint, category int, code text, title text, fun smallint, rtp int, ord int)
         on conflict (provider_id, code) do update set title = excluded.title, rtp = excluded.rtp
         returning id, code, (xmax = 0) as added`,
        [JSON.stringify(rows)]);
      const idOf = new Map(upserted.map((r) => [r.code, r.id]));
      await q.query(`update casino_games set logo = $2::text || id where id = any($1::int[]) and logo = ''`, [upserted.map((r) => r.id), hub88ThumbPath(0).slice(0, -1)]);
      await q.query(
        `insert into hub88_games (game_id, hub88_id, game_code, category, studio, url_thumb, url_background, platforms, blocked_countries, freebet_support, available, synced_at)
         select x.game_id, x.hub88_id, x.code, x.category_name, x.studio, x.thumb, x.background,
                array(select json_array_elements_text(x.platforms)), array(select json_array_elements_text(x.blocked)), x.freebet, x.available, $2
           from json_to_recordset($1::json) as x(game_id int, hub88_id int8, code text, category_name text, studio text, thumb text, background text,
                                                 platforms json, blocked json, freebet boolean, available boolean)
         on conflict (game_id) do update set hub88_id = excluded.hub88_id, category = excluded.category, studio = excluded.studio, url_thumb = excluded.url_thumb,
           url_background = excluded.url_background, platforms = excluded.platforms, blocked_countries = excluded.blocked_countries,
           freebet_support = excluded.freebet_support, available = excluded.available, synced_at = excluded.synced_at`,
        [JSON.stringify(rows.map((r) => ({ ...r, game_id: idOf.get(r.code) }))), new Date(now)]);
      // games Hub88 no longer lists are not available either
      await q.query('update hub88_games set available = false where game_code <> all($1::text[])', [games.map((g) => g.game_code)]);
      const hidden = await q.query(
        `update casino_games g set status = 0 from hub88_games h where h.game_id = g.id and not h.available and g.status = 1 returning g.id`);
      await q.query('update hub88_games h set hidden = true from casino_games g where g.id = h.game_id and not h.available and g.id = any($1::int[])', [hidden.map((r) => (r as { id: number }).id)]);
      const shown = await q.query(
        `update casino_games g set status = 1 from hub88_games h where h.game_id = g.id and h.available and h.hidden returning g.id`);
      await q.query('update hub88_games set hidden = false where available and hidden');
      const added = upserted.filter((r) => r.added).length;
      return { games: games.length, added, updated: upserted.length - added, hidden: hidden.length, shown: shown.length, error: '' };
    })));
  } catch (err) {
    return finish({ games: games.length, added: 0, updated: 0, hidden: 0, shown: 0, error: (err as Error).message });
  }
}
