/**
 * Back office of the casino (issue 14): providers and games enabled, ordered and categorised per
 * product, and the dealers' casino limits with today's use. Every change is audited in its transaction.
 */
import type { Queryable } from '../db/client.ts';
import { CallError } from '../http/call.ts';
import type { BoContext } from './guard.ts';
import type { BoCasinoGame, BoCasinoLimit, BoCasinoProvider, ProductId } from '../../domain/casino/calls.ts';

export async function boProviders(q: Queryable): Promise<BoCasinoProvider[]> {
  const rows = await q.query<{ id: number; code: string; name: string; logo: string; status: number; list_order: number; games: number }>(
    `select p.id, p.code, p.name, p.logo, p.status, p.list_order, (select count(*)::int from casino_games g where g.provider_id = p.id) as games
       from casino_providers p order by p.list_order, p.id`);
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, logo: r.logo, status: r.status ? 1 : 0, listOrder: r.list_order, games: r.games }));
}

export async function boGames(q: Queryable, product: ProductId): Promise<{ games: BoCasinoGame[]; categories: Array<{ id: number; title: string }> }> {
  const rows = await q.query<{ id: number; provider_id: number; provider: string; product: ProductId; category_id: number | null; code: string; title: string; logo: string; status: number; list_order: number; rtp: number }>(
    `select g.id, g.provider_id, p.name as provider, g.product, g.category_id, g.code, g.title, g.logo, g.status, g.list_order, g.rtp
       from casino_games g join casino_providers p on p.id = g.provider_id where g.product = $1 order by g.list_order, g.id`, [product]);
  const categories = await q.query<{ id: number; title: string }>('select id, title from casino_categories where product = $1 order by list_order, id', [product]);
  return {
    games: rows.map((r) => ({ id: r.id, providerId: r.provider_id, provider: r.provider, product: r.product, categoryId: r.category_id, code: r.code, title: r.title, logo: r.logo, status: r.status ? 1 : 0, listOrder: r.list_order, rtp: r.rtp })),
    categories,
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

/** Dealers with a casino limit and their subtree's casino stakes of the day (the 'casino limits full' rule). */
export async function boCasinoLimits(q: Queryable, now: number): Promise<BoCasinoLimit[]> {
  const rows = await q.query<{ user_id: number; username: string; casino_limit: number; staked: number | null }>(
    `select d.user_id, u.username, d.casino_limit, c.staked from dealers d join users u on u.id = d.user_id
       left join casino_dealer_days c on c.dealer_id = d.user_id and c.day = $1::date
      where d.casino_limit > 0 order by u.username`, [new Date(now).toISOString().slice(0, 10)]);
  return rows.map((r) => ({ dealerId: r.user_id, userName: r.username, casinoLimit: Number(r.casino_limit), stakedToday: Number(r.staked ?? 0) }));
}
