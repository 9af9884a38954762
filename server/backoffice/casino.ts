/**
 * Back office of the casino: providers and games enabled, ordered and categorised per
 * product, the products' categories, and the dealers' casino limits with today's use (permission
 * manageCasino, domain/casino/calls.ts BO_CASINO_CALLS). Every change is audited in its transaction.
 */
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import type { BoContext } from './guard.ts';
import type { BoCasinoCategory, BoCasinoGame, BoCasinoLimit, BoCasinoProvider, ProductId } from '../../domain/casino/calls.ts';

export async function boProviders(q: Queryable): Promise<BoCasinoProvider[]> {
  const rows = await q.query<{ id: number; code: string; name: string; logo: string; status: number; list_order: number; games: number }>(
    `select p.id, p.code, p.name, p.logo, p.status, p.list_order, (select count(*)::int from casino_games g where g.provider_id = p.id) as games
       from casino_providers p order by p.list_order, p.id`);
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, logo: r.logo, status: r.status ? 1 : 0, listOrder: r.list_order, games: r.games }));
}

export async function boGames(q: Queryable, product: ProductId): Promise<{ games: BoCasinoGame[]; categories: BoCasinoCategory[] }> {
  const rows = await q.query<{ id: number; provider_id: number; provider: string; product: ProductId; category_id: number | null; code: string; title: string; logo: string; status: number; list_order: number; rtp: number }>(
    `select g.id, g.provider_id, p.name as provider, g.product, g.category_id, g.code, g.title, g.logo, g.status, g.list_order, g.rtp
       from casino_games g join casino_providers p on p.id = g.provider_id where g.product = $1 order by g.list_order, g.id`, [product]);
  const categories = await q.query<{ id: number; title: string; list_order: number; games: number }>(
    `select c.id, c.title, c.list_order, (select count(*)::int from casino_games g where g.category_id = c.id) as games
       from casino_categories c where c.product = $1 order by c.list_order, c.id`, [product]);
  return {
    games: rows.map((r) => ({ id: r.id, providerId: r.provider_id, provider: r.provider, product: r.product, categoryId: r.category_id, code: r.code, title: r.title, logo: r.logo, status: r.status ? 1 : 0, listOrder: r.list_order, rtp: r.rtp })),
    categories: categories.map((c) => ({ id: c.id, title: c.title, listOrder: c.list_order, games: c.games })),
  };
}

export async function boSetProvider(ctx: BoContext, p: { providerId: number; status?: 0 | 1 | undefined; listOrder?: number | undefined }): Promise<void> {
  await ctx.db.tx(async (q) => {
    const [before] = await q.query<{ status: number; list_order: number }>('select status, list_order from casino_providers where id = $1 for update', [p.providerId]);
    if (!before) throw new CallError(404, 'notFound');
    const after = { status: p.status ?? before.status, list_order: p.listOrder ?? before.list_order };
    await q.query('update casino_providers set status = $2, list_order = $3 where id = $1', [p.providerId, after.status, after.list_order]);
    await ctx.audit(q, { action: 'casino.provider', objectType: 'casino_provider', objectId: p.providerId, before, after });
  });
}

export async function boSetGame(ctx: BoContext, p: { gameId: number; status?: 0 | 1 | undefined; listOrder?: number | undefined; categoryId?: number | null | undefined }): Promise<void> {
  await ctx.db.tx(async (q) => {
    const [before] = await q.query<{ status: number; list_order: number; category_id: number | null; product: number }>(
      'select status, list_order, category_id, product from casino_games where id = $1 for update', [p.gameId]);
    if (!before) throw new CallError(404, 'notFound');
    if (p.categoryId) {
      const [c] = await q.query<{ product: number }>('select product from casino_categories where id = $1', [p.categoryId]);
      if (c?.product !== before.product) throw new CallError(400, 'badRequest', { field: 'categoryId' }, { field: 'categoryId' });
    }
    const after = { status: p.status ?? before.status, list_order: p.listOrder ?? before.list_order, category_id: p.categoryId === undefined ? before.category_id : p.categoryId };
    await q.query('update casino_games set status = $2, list_order = $3, category_id = $4 where id = $1', [p.gameId, after.status, after.list_order, after.category_id]);
    await ctx.audit(q, { action: 'casino.game', objectType: 'casino_game', objectId: p.gameId, before: { status: before.status, list_order: before.list_order, category_id: before.category_id }, after });
  });
}

/** A new category of a product, or one renamed or reordered; a title already used in the product is refused. */
export async function boSaveCategory(ctx: BoContext, p: { id?: number | undefined; product: ProductId; title: string; listOrder?: number | undefined }): Promise<number> {
  return ctx.db.tx(async (q) => {
    const [clash] = await q.query<{ id: number }>('select id from casino_categories where product = $1 and lower(title) = lower($2)', [p.product, p.title]);
    if (clash && clash.id !== p.id) throw new CallError(409, 'badRequest', { field: 'title' }, { field: 'title' });
    if (p.id === undefined) {
      const [row] = await q.query<{ id: number }>(
        `insert into casino_categories (product, title, list_order) values ($1, $2, coalesce($3, (select coalesce(max(list_order), 0) + 1 from casino_categories where product = $1))) returning id`,
        [p.product, p.title, p.listOrder ?? null]);
      await ctx.audit(q, { action: 'casino.category', objectType: 'casino_category', objectId: row!.id, after: { product: p.product, title: p.title, list_order: p.listOrder ?? null } });
      return row!.id;
    }
    const [before] = await q.query<{ product: number; title: string; list_order: number }>('select product, title, list_order from casino_categories where id = $1 for update', [p.id]);
    if (!before || before.product !== p.product) throw new CallError(404, 'notFound');
    const after = { product: p.product, title: p.title, list_order: p.listOrder ?? before.list_order };
    await q.query('update casino_categories set title = $2, list_order = $3 where id = $1', [p.id, after.title, after.list_order]);
    await ctx.audit(q, { action: 'casino.category', objectType: 'casino_category', objectId: p.id, before, after });
    return p.id;
  });
}

/**
 * Dealers (and operators) with their casino limit and their subtree's casino stakes of the day
 * (the 'casino limits full' rule): those with a limit first, then by name; `search` by user name.
 */
export async function boCasinoLimits(q: Queryable, now: number, search?: string): Promise<BoCasinoLimit[]> {
  const rows = await q.query<{ user_id: number; username: string; casino_limit: number; staked: number | null; currency: string }>(
    `select d.user_id, u.username, d.casino_limit, c.staked, u.currency from dealers d join users u on u.id = d.user_id
       left join casino_dealer_days c on c.dealer_id = d.user_id and c.day = $1::date
      where ($2::text is null or u.username ilike '%' || $2 || '%') order by d.casino_limit = 0, u.username limit 200`,
    [new Date(now).toISOString().slice(0, 10), search ? search.replace(/[\\%_]/g, (c) => `\\${c}`) : null]);
  return rows.map((r) => ({ dealerId: r.user_id, userName: r.username, casinoLimit: Number(r.casino_limit), stakedToday: Number(r.staked ?? 0), currency: r.currency }));
}

/** Sets a dealer's casino limit (minor units a day, 0 none). */
export async function boSetCasinoLimit(ctx: BoContext, p: { dealerId: number; casinoLimit: number }): Promise<void> {
  await ctx.db.tx(async (q) => {
    const [before] = await q.query<{ casino_limit: number }>('select casino_limit from dealers where user_id = $1 for update', [p.dealerId]);
    if (!before) throw new CallError(404, 'notFound');
    await q.query('update dealers set casino_limit = $2 where user_id = $1', [p.dealerId, p.casinoLimit]);
    await ctx.audit(q, { action: 'casino.limit', objectType: 'user', objectId: p.dealerId, before: { casinoLimit: Number(before.casino_limit) }, after: { casinoLimit: p.casinoLimit } });
  });
}
