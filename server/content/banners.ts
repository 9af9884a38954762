/**
 * Banners of account-platform.md (entity Banner, call `banners`): the active banners of the asked
 * display states, grouped by state in the order asked. A banner in the player's language wins
 * nothing over a banner for every language ('' lang): both are shown, in list order.
 */
import type { Queryable } from '../db/client.ts';

/** The Banner entity as the call sends it (`url` is the image file under {site_api}/yib/). */
export interface BannerItem {
  id: number;
  name: string;
  filename: string;
  url: string;
  title: string;
  link: string;
  width: number;
  height: number;
  type: number;
}

/** One group of the reply: the banners of one display state. */
export interface BannerGroup {
  displayState: number;
  banners: BannerItem[];
}

interface Row extends BannerItem { display_state: number }

/** The banner groups of `states` (each state once, in the order asked) for a language, scheduled to show at `now`. */
export async function bannerGroups(db: Queryable, states: readonly number[], lang: string, now: number = Date.now()): Promise<BannerGroup[]> {
  const wanted = [...new Set(states)];
  const rows = await db.query<Row>(
    `select id, name, filename, url, title, link, width, height, type, display_state from banners
      where status = 1 and display_state = any($1::int[]) and (lang = '' or lang = $2)
        and (starts_at is null or starts_at <= $3) and (ends_at is null or ends_at > $3)
      order by list_order, id`, [wanted, lang, new Date(now)]);
  return wanted.map((displayState) => ({
    displayState,
    banners: rows.filter((r) => r.display_state === displayState).map(({ display_state: _s, ...b }) => b),
  }));
}
