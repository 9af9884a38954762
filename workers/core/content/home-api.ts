/**
 * Home content of the worker core: the banners of Home's display states (kept for offline reading,
 * stale-while-revalidate), the prematch and live jackpots (only for a player whose livejackpotUser
 * status is 1, as the spec's permission says; a visitor has none) and the "live now" groups from
 * the `liveMatches` call (Home does not open the feed socket; the UI asks again every 30 s).
 */
import { hasPermission } from '../../../domain/account/permissions.ts';
import { currencySymbol } from '../../../domain/money.ts';
import { intlLocales, ltrFigure } from '../../../domain/languages.ts';
import { shownStatus } from '../../../domain/match/status.ts';
import type { LiveMatch } from '../../../domain/protocol/feed.ts';
import type { CoreContext } from '../context.ts';
import type { MatchView } from '../feed/diff.ts';
import { swrCall, type Freshness, type Source } from '../sports/swr.ts';
import { logoHostOf, teamLogoUrl } from '../views.ts';
import { bannerImageUrl, HOME_TOP_BANNER_STATE } from '../../../domain/content/banner.ts';

/** Home's banner display states (account-platform.md section 7): 12 the top carousel, 1 the second strip. */
export const HOME_BANNER_STATES = [HOME_TOP_BANNER_STATE, 1] as const;
/** Live matches shown per sport on Home (betting-core.md section 9). */
export const HOME_LIVE_PER_SPORT = 5;
/** Jackpot amounts arrive in ten-thousandths of the currency unit and are shown with 4 decimals. */
export const JACKPOT_DECIMALS = 4;
const SETTINGS_TTL_MS = 300_000;

/** A banner as the carousel draws it: the image address and where a tap goes, decided here. */
export interface BannerView {
  id: number;
  image: string;
  title: string;
  width: number;
  height: number;
  /** An app page without the language ('livebets'), an https address, or null (no link). */
  link: { kind: 'page'; to: string } | { kind: 'external'; href: string } | null;
}

export interface HomeBannersView {
  /** Display state 12: the carousel under the sport header. */
  top: BannerView[];
  /** Display state 1: the strip further down. */
  strip: BannerView[];
  fresh: Freshness;
}

export interface JackpotTierView {
  key: 'prematch' | 'live';
  /** The amount with 4 decimals and the currency ('1.234,5678 TL'). */
  amount: string;
  /** The tier is highlighted (the spec's light flag). */
  light: boolean;
}

/** One live match of Home's "live now" groups; the fields ClockText and a row need. */
export type HomeLiveMatch = Pick<MatchView, 'id' | 'home' | 'away' | 'cn' | 'tn' | 'ms' | 'status' | 'ti' | 'scr'> & {
  homeLogo: string | null;
  awayLogo: string | null;
};

export interface HomeLiveGroup { sportId: number; name: string; count: number; matches: HomeLiveMatch[] }

interface BannerItem { id: number; url: string; title: string; link: string; width: number; height: number }
interface JackpotTier { balance: number; light: number }
interface JackpotReply { data: { sports?: Partial<Record<'prematch' | 'live', JackpotTier>>; currency?: string } }
interface LiveReply { data: { matches: LiveMatch[]; sports: Array<{ sportId: number; sportName: string; liveCount: number }> } }
interface Settings { site_api?: string; team_logos?: number; logo_host?: string; serverId?: number; currencyMode?: number }

export { bannerImageUrl };

/** Where a banner's tap goes: an app page, an https address, or nowhere (anything else is dropped). */
export function bannerLink(link: string): BannerView['link'] {
  const l = link.trim();
  if (!l) return null;
  if (/^https:\/\//i.test(l)) return { kind: 'external', href: l };
  return /^[a-zA-Z][\w-]*(\?[\w=&-]*)?$/.test(l) ? { kind: 'page', to: l } : null;
}

/**
 * A jackpot amount in ten-thousandths as text with 4 decimals in the language's number format and
 * the currency symbol; split as integers, never through a float.
 */
export function jackpotText(balance: number, currency: string, lang: string, settings: { serverId?: number; currencyMode?: number } = {}): string {
  let f: Intl.NumberFormat;
  try { f = new Intl.NumberFormat(intlLocales(lang), { maximumFractionDigits: 0 }); } catch { f = new Intl.NumberFormat('en', { maximumFractionDigits: 0 }); }
  const scale = 10 ** JACKPOT_DECIMALS;
  const whole = Math.floor(Math.max(0, balance) / scale);
  const frac = String(Math.max(0, balance) % scale).padStart(JACKPOT_DECIMALS, '0');
  const point = new Intl.NumberFormat(f.resolvedOptions().locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const sym = currencySymbol(currency, settings);
  const text = `${f.format(whole)}${point}${frac}`;
  return ltrFigure(sym ? `${text} ${sym}` : text, lang);
}

/** Live matches grouped by sport in the call's sport order: the live count and the first 5 of each. */
export function liveGroups(reply: LiveReply['data'], logoHost: string | undefined): HomeLiveGroup[] {
  const bySport = new Map<number, LiveMatch[]>();
  for (const m of reply.matches) {
    const list = bySport.get(m.sid) ?? [];
    if (list.length < HOME_LIVE_PER_SPORT) list.push(m);
    bySport.set(m.sid, list);
  }
  return reply.sports.filter((s) => bySport.has(s.sportId) && s.liveCount > 0).map((s) => ({
    sportId: s.sportId,
    name: s.sportName,
    count: s.liveCount,
    matches: bySport.get(s.sportId)!.map((m) => ({
      id: m.id, home: m.h, away: m.a, cn: m.cn, tn: m.tn, ms: m.ms, status: shownStatus(m.ms), ti: m.ti, scr: m.scr,
      homeLogo: teamLogoUrl(logoHost, m.hid), awayLogo: teamLogoUrl(logoHost, m.aid),
    })),
  }));
}

export function createHomeApi(ctx: CoreContext) {
  let settings: { at: number; value: Settings } | null = null;

  /** The settings Home needs (banner and logo hosts, currency rules); the last known ones when offline. */
  async function siteSettings(): Promise<Settings> {
    if (settings && ctx.clock() - settings.at < SETTINGS_TTL_MS) return settings.value;
    try {
      const body = (await (await ctx.fetch('/api/settings')).json()) as { settings?: Settings };
      settings = { at: ctx.clock(), value: body.settings ?? {} };
    } catch { /* offline: keep what we had */ }
    return settings?.value ?? {};
  }

  return {
    /** Home's banners: `source` 'cache' answers from IndexedDB at once, 'network' asks the server. */
    async homeBanners(source: Source): Promise<HomeBannersView | null> {
      const got = await swrCall<{ results: Array<{ displayState: number; banners: BannerItem[] }> }>(
        { db: ctx.db, call: ctx.call, clock: ctx.clock }, source, 'banners', { displayState: [...HOME_BANNER_STATES] }, `home:${ctx.lang()}`);
      if (!got) return null;
      const { site_api: siteApi } = await siteSettings();
      const groups = got.reply.status ? got.reply.results ?? [] : [];
      const of = (state: number): BannerView[] => (groups.find((g) => g.displayState === state)?.banners ?? []).map((b) => ({
        id: b.id, image: bannerImageUrl(siteApi, b.url), title: b.title, width: b.width, height: b.height, link: bannerLink(b.link),
      }));
      return { top: of(12), strip: of(1), fresh: got.fresh };
    },

    /**
     * The sports jackpots (prematch and live) for Home; null when the player may not see them
     * (visitor, or livejackpotUser not 1), or when there are none or they cannot be had now.
     */
    async homeJackpots(): Promise<JackpotTierView[] | null> {
      const s = ctx.session();
      const user = s ? { products: s.products ?? {}, onlineUser: s.onlineUser ?? 0 } : null;
      if (!hasPermission(user, 'livejackpotUser')) return null;
      const r = await ctx.call<JackpotReply>('jackpots').catch(() => null);
      if (!r?.status) return null;
      const set = await siteSettings();
      const currency = r.data.currency ?? s!.currency;
      const tiers = (['prematch', 'live'] as const).flatMap((key) => {
        const t = r.data.sports?.[key];
        return t ? [{ key, amount: jackpotText(t.balance, currency, ctx.lang(), set), light: t.light === 1 }] : [];
      });
      return tiers.length ? tiers : null;
    },

    /** Live matches by sport for Home (at most 5 each, with the sport's live count); null when unreachable. */
    async homeLive(): Promise<HomeLiveGroup[] | null> {
      // Only the main market is asked for: Home's rows show no odds, so the reply stays small.
      const r = await ctx.call<LiveReply>('liveMatches', { limit: 1000, odds: [1, 186] }).catch(() => null);
      if (!r?.status) return null;
      return liveGroups(r.data, logoHostOf(await siteSettings()));
    },
  };
}
