/**
 * The casino catalogue read by the lobby calls: providers, categories and games of a product in
 * the operator's order, only what is enabled and offered in the player's country (an aggregator's
 * game blocked there is neither listed nor launched: hub88_games.blocked_countries).
 */
import type { Queryable } from '../db/client.ts';
import type { CasinoCategory, CasinoGame, CasinoLimitTable, CasinoProvider, HomeCasinoLists, ProductId } from '../../domain/casino/calls.ts';

export interface GameRow {
  id: number; product: ProductId; provider_id: number; category_id: number | null; code: string; title: string; logo: string;
  extras: string; limits: CasinoLimitTable[] | string; open_lobby: number; fun: number; rtp: number; status: number;
  provider_status: number; provider_code: string; launch_url: string; frameable: number; protocol: string; secret_env: string;
}

export const GAME_COLUMNS = `g.id, g.product, g.provider_id, g.category_id, g.code, g.title, g.logo, g.extras, g.limits, g.open_lobby, g.fun, g.rtp, g.status,
  p.status as provider_status, p.code as provider_code, p.launch_url, p.frameable, p.protocol, p.secret_env`;

export const toGame = (r: GameRow): CasinoGame => ({
  serviceId: r.id, masterServiceId: r.product, topServiceId: r.provider_id, topServiceId2: r.category_id ?? 0,
  title: r.title, logo: r.logo, extras: r.extras, openLobby: r.open_lobby ? 1 : 0, fun: r.fun ? 1 : 0, rtp: r.rtp,
  limits: typeof r.limits === 'string' ? (JSON.parse(r.limits) as CasinoLimitTable[]) : r.limits,
});

/** A visitor's country: the site's default country of registration (account-platform.md section 9: id 218). */
const DEFAULT_COUNTRY_ID = 218;

/** The country (ISO code, upper case, '' when unknown) a player's lists and launches are for: the player's, a visitor's the site's default. */
export async function countryOf(q: Queryable, userId: number | null): Promise<string> {
  const [r] = await q.query<{ iso: string | null }>(
    `select coalesce((select c.iso from users u join countries c on c.id = u.country_id where u.id = $1), (select iso from countries where id = $2)) as iso`,
    [userId, DEFAULT_COUNTRY_ID]);
  return (r?.iso ?? '').toUpperCase();
}

/**
 * SQL: game `g` is offered in the country of parameter `param` (not blocked there by its aggregator), and its
 * provider `p`'s aggregator (parent) is not disabled.
 */
const offered = (param: string) => `not exists (select 1 from hub88_games hb where hb.game_id = g.id and ${param}::text = any(hb.blocked_countries))
  and not exists (select 1 from casino_providers pa where pa.id = p.parent_id and pa.status = 0)`;

export async function providersOf(q: Queryable, product: ProductId, country = ''): Promise<{ results: CasinoProvider[]; categories: CasinoCategory[] }> {
  const results = await q.query<{ id: number; logo: string; name: string }>(
    `select p.id, p.logo, p.name from casino_providers p
      where p.status = 1 and exists (select 1 from casino_games g where g.provider_id = p.id and g.product = $1 and g.status = 1 and ${offered('$2')})
      order by p.list_order, p.id`, [product, country]);
  const categories = await q.query<{ id: number; title: string }>(
    `select c.id, c.title from casino_categories c
      where c.product = $1 and exists (select 1 from casino_games g join casino_providers p on p.id = g.provider_id
                                        where g.category_id = c.id and g.status = 1 and p.status = 1 and ${offered('$2')})
      order by c.list_order, c.id`, [product, country]);
  return { results: results.map((r) => ({ serviceId: r.id, logo: r.logo, title: r.name })), categories };
}

/** The enabled games of a product; a search of fewer than 3 characters is ignored (section 5). */
export async function gamesOf(q: Queryable, f: { product: ProductId; search?: string | undefined; provider?: number | undefined; category?: number | undefined;
  country?: string | undefined }): Promise<CasinoGame[]> {
  const where = ['g.product = $1', 'g.status = 1', 'p.status = 1', offered('$2')];
  const args: unknown[] = [f.product, f.country ?? ''];
  const search = f.search?.trim() ?? '';
  if (search.length >= 3) { args.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`); where.push(`g.title ilike $${args.length}`); }
  if (f.provider) { args.push(f.provider); where.push(`g.provider_id = $${args.length}`); }
  if (f.category) { args.push(f.category); where.push(`g.category_id = $${args.length}`); }
  const rows = await q.query<GameRow>(
    `select ${GAME_COLUMNS} from casino_games g join casino_providers p on p.id = g.provider_id where ${where.join(' and ')} order by g.list_order, g.id limit 2000`, args);
  return rows.map(toGame);
}

/** Enabled games by id, in the order asked. */
export async function gamesById(q: Queryable, ids: readonly number[], country = ''): Promise<CasinoGame[]> {
  if (!ids.length) return [];
  const rows = await q.query<GameRow>(
    `select ${GAME_COLUMNS} from casino_games g join casino_providers p on p.id = g.provider_id
      where g.id = any($1::int[]) and g.status = 1 and p.status = 1 and ${offered('$2')}`, [ids, country]);
  const byId = new Map(rows.map((r) => [r.id, toGame(r)]));
  return ids.flatMap((i) => byId.get(i) ?? []);
}

/** One game with its provider, enabled or not (the launch tells which failure it is). */
export async function gameRow(q: Queryable, id: number): Promise<GameRow | undefined> {
  const [r] = await q.query<GameRow>(`select ${GAME_COLUMNS} from casino_games g join casino_providers p on p.id = g.provider_id where g.id = $1`, [id]);
  return r;
}

/** Home's configured lists (section 9: top and new casino and slots): the first games of each product by order. */
export async function homeLists(q: Queryable, country = ''): Promise<HomeCasinoLists> {
  const rows = await q.query<{ id: number; product: number }>(
    `select g.id, g.product from casino_games g join casino_providers p on p.id = g.provider_id
      where g.status = 1 and p.status = 1 and g.product in (4, 5) and ${offered('$1')} order by g.list_order, g.id`, [country]);
  const live = rows.filter((r) => r.product === 4).map((r) => r.id);
  const slots = rows.filter((r) => r.product === 5).map((r) => r.id);
  return { casinoTop: live.slice(0, 12), casinoNew: [...live].reverse().slice(0, 12), slotsTop: slots.slice(0, 12), slotsNew: [...slots].reverse().slice(0, 12) };
}

/** The player's last games of a product, newest first. */
export async function lastPlayedOf(q: Queryable, userId: number, product: ProductId, limit: number, country = ''): Promise<CasinoGame[]> {
  const rows = await q.query<GameRow>(
    `select ${GAME_COLUMNS} from casino_last_played l join casino_games g on g.id = l.game_id join casino_providers p on p.id = g.provider_id
      where l.user_id = $1 and g.product = $2 and g.status = 1 and p.status = 1 and ${offered('$4')} order by l.played_at desc limit $3`,
    [userId, product, limit, country]);
  return rows.map(toGame);
}
