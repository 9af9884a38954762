/** Winners of the carousel and top winners (section 3 Winner: player, amount, game, date, img), from real wins. */
import type { Queryable } from '../db/client.ts';
import type { CasinoWinner, ProductId } from '../../domain/casino/calls.ts';
import { maskPlayer, SHOW_WIN_MULTIPLE } from './events.ts';

export async function winnersOf(q: Queryable, f: { product?: ProductId | undefined; limit: number; top: boolean; now: number }): Promise<CasinoWinner[]> {
  const args: unknown[] = [f.limit, new Date(f.now - 7 * 86_400_000), f.product ?? null];
  const rows = await q.query<{ username: string; amount: number; currency: string; title: string; logo: string; at: Date; game_id: number; product: number }>(
    `select * from (
       select u.username, r.win_total as amount, u.currency, g.title, g.logo, r.closed_at as at, g.id as game_id, g.product
         from casino_rounds r join users u on u.id = r.user_id join casino_games g on g.id = r.game_id
        where r.status = 1 and r.win_total >= ${SHOW_WIN_MULTIPLE} * greatest(r.bet_total, 1) and r.closed_at > $2
          and ($3::smallint is null or r.product = $3)
       union all
       select u.username, w.paid, u.currency, g.title, g.logo, w.created_at, g.id, g.product
         from jackpot_wins w join users u on u.id = w.user_id join casino_games g on g.id = w.game_id
        where w.created_at > $2 and ($3::smallint is null or g.product = $3)
     ) x order by ${f.top ? 'amount desc, at desc' : 'at desc'} limit $1`, args);
  return rows.map((r) => ({
    player: maskPlayer(r.username), amount: Number(r.amount), currency: r.currency, game: r.title, date: new Date(r.at).toISOString(),
    img: r.logo, serviceId: r.game_id, masterServiceId: r.product,
  }));
}
