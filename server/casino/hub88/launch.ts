/**
 * Opening a game of Hub88: the launch token minted by launchGame goes to Hub88's game/url with
 * the player's id, language, currency, country, address and platform, the lobby and deposit pages
 * of the site; a visitor gets Hub88's demo mode (currency XXX, no user or token). Hub88's answer is
 * the URL the app frames. A game Hub88 stopped offering, a blocked country, a disabled aggregator
 * or a Hub88 that does not answer: the game is unavailable.
 */
import type { Queryable } from '../../db/client.ts';
import { CallError } from '../../core/call.ts';
import type { ProtocolLauncher } from '../launch.ts';
import { countryOf } from '../catalogue.ts';
import { HUB88_DEMO_CURRENCY, hub88Lang, hub88Platform, hub88User, PRODUCT_LOBBY } from '../../../domain/casino/hub88.ts';
import type { ProductId } from '../../../domain/casino/calls.ts';
import { hub88Outbound, type Hub88Config } from './config.ts';
import type { Hub88Client } from './client.ts';

export function hub88Launcher(db: Queryable, cfg: Hub88Config, client: Hub88Client, log: (msg: string) => void = () => undefined): ProtocolLauncher {
  return async ({ game, token, fun, userId, currency, lang, client: from }) => {
    if (!hub88Outbound(cfg)) throw new CallError(503, 'gameUnavailable');
    const [g] = await db.query<{ available: boolean; blocked: string[]; parent_status: number | null }>(
      `select h.available, h.blocked_countries as blocked, pa.status as parent_status
         from hub88_games h join casino_games cg on cg.id = h.game_id join casino_providers p on p.id = cg.provider_id
         left join casino_providers pa on pa.id = p.parent_id
        where h.game_id = $1`, [game.id]);
    if (!g || !g.available || g.parent_status === 0) throw new CallError(503, 'gameUnavailable');
    const country = await countryOf(db, userId);
    if (country && g.blocked.includes(country)) throw new CallError(403, 'gameUnavailable');
    const site = `${from.origin}/${lang}`;
    try {
      return await client.gameUrl({
        ...(fun || userId === null ? {} : { user: hub88User(userId), token }),
        ...(cfg.subPartnerId ? { sub_partner_id: cfg.subPartnerId } : {}),
        platform: hub88Platform(from.userAgent), meta: {}, lobby_url: `${site}/${PRODUCT_LOBBY[game.product as ProductId]}`, deposit_url: `${site}/deposit`,
        lang: hub88Lang(lang), ip: from.ip, game_code: game.code, currency: fun ? HUB88_DEMO_CURRENCY : currency, ...(country ? { country } : {}),
      });
    } catch (err) {
      log(`hub88 game/url of ${game.code} failed: ${(err as Error).message}`);
      throw new CallError(503, 'gameUnavailable');
    }
  };
}
