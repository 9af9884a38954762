/**
 * The casino in the worker core: the tab bar's products, each product's lobby (providers,
 * categories, banners by display state), its games with the search rules of section 5, the last five
 * played, the winners, Home's casino and slot lists, opening a game (the reply turned into a frame, a
 * redirect, a new tab or a notice), and the jackpot socket that feeds the jackpot tiles and the
 * winners carousel while a casino screen watches.
 */
import { bannerImageUrl } from '../../../domain/content/banner.ts';
import { currencySymbol } from '../../../domain/money.ts';
import { intlLocale } from '../../../domain/languages.ts';
import type {
  CasinoCategory, CasinoGame, CasinoProvider, CasinoWinner, GetAllCasinosReply, HomeCasinoReply, JackpotDataWire,
  LastPlayedReply, OpenGameReply, WinnersReply, CasinoListReply,
} from '../../../domain/casino/calls.ts';
import type { CoreContext } from '../context.ts';
import { NetworkError } from '../request.ts';
import { dateTimeText, moneyText } from '../account/format.ts';
import { timeZone } from '../account/zone.ts';
import { createSite } from '../account/site.ts';
import { bannerLink, type BannerView } from '../content/home-api.ts';
import { CASINO_BANNER_STATE } from '../../../domain/content/banner.ts';
import { swrCall, type Freshness, type Source } from '../sports/swr.ts';
import { createJackpotSocket, type JackpotFrame, type JackpotSocketLike } from './jackpot-socket.ts';
import type { NetworkStatus } from '../net/reconnecting-socket.ts';
import {
  CASINO_PRODUCTS, enabledProducts, jackpotsShown, filterByTitle, openOutcome, parseExtras, productId, productRoute, serverSearch,
  type CasinoProduct, type OpenOutcome,
} from './casino-views.ts';

export type { CasinoProduct, OpenOutcome } from './casino-views.ts';

/** Winners kept for the carousel (the newest first). */
const WINNERS_KEPT = 20;

/** A game tile as the grid draws it. */
export interface GameTile {
  /** Unique in a list: product and game. */
  key: string;
  serviceId: number;
  masterServiceId: number;
  product: CasinoProduct;
  provider: number;
  category: number;
  title: string;
  logo: string;
  /** A visitor may open it in fun mode. */
  fun: boolean;
  /** The first limit table of a live table (opencas limitId). */
  limitId?: number;
  /** The live table's limits as text ('1,00 TL - 500,00 TL'). */
  limitText?: string;
}

export interface CasinoLobbyView {
  product: CasinoProduct;
  providers: CasinoProvider[];
  categories: CasinoCategory[];
  banners: BannerView[];
  /** Jackpot tiles are shown (the player's livejackpotUser status is 1, section 6). */
  jackpots: boolean;
  fresh: Freshness;
}

export interface GamesView { games: GameTile[]; fresh: Freshness }

export interface WinnerView { key: string; player: string; amountText: string; game: string; dateText: string; img: string; masterServiceId: number }

/** A jackpot tier as the tiles draw and count it up: the balance in ten-thousandths. */
export interface JackpotTileView { key: 'mega' | 'daily' | 'weekly'; balance: number; light: boolean }

/** What a watching casino screen is pushed: the tiers, how to write them, the winners. */
export interface CasinoLiveView {
  casino: JackpotTileView[];
  livecasino: JackpotTileView[];
  /** Number format locale and currency symbol of the amounts. */
  locale: string;
  symbol: string;
  scale: number;
  winners: WinnerView[];
}

export interface HomeCasinoView { casino: GameTile[]; slots: GameTile[] }

export interface CasinoDeps {
  /** The jackpot socket; absent (Node tests of other areas) = jackpots read once by call. */
  socket?: () => JackpotSocketLike;
  timers?: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(h: unknown): void };
  /** The device's network: no reconnect attempts are spent offline. */
  network?: NetworkStatus;
  /** Resolves once the session is restored at start (the lobby's jackpots flag waits for it). */
  sessionKnown?: () => Promise<unknown>;
}

// The Intl locale of a language's numbers (domain/languages.ts), resolved to one tag the UI can pass on.
const numberLocale = (lang: string) => intlLocale(lang);

export function createCasinoApi(ctx: CoreContext, deps: CasinoDeps = {}) {
  const site = createSite(ctx);
  const watchers = new Map<number, { listener: (v: CasinoLiveView) => void; product: CasinoProduct }>();
  let watchSeq = 0;
  let jackpots: { data: JackpotDataWire; scale: number } | null = null;
  let winners: WinnerView[] = [];
  /** The products whose latest winners were asked since a screen began watching. */
  const winnersLoaded = new Set<CasinoProduct>();

  const money = (minor: number, currency: string) => moneyText(minor, currency, ctx.lang(), site.get());

  const tile = (g: CasinoGame): GameTile => {
    const ex = parseExtras(g.extras);
    const limit = g.limits?.find((l) => l.limitId === ex.limitId) ?? g.limits?.[0];
    return {
      key: `${g.masterServiceId}-${g.serviceId}`,
      serviceId: g.serviceId,
      masterServiceId: g.masterServiceId,
      product: productRoute(g.masterServiceId),
      provider: g.topServiceId,
      category: g.topServiceId2,
      title: g.title,
      logo: g.logo,
      fun: g.fun === 1,
      ...(limit ? { limitId: limit.limitId, limitText: `${money(limit.min, limit.currency)} - ${money(limit.max, limit.currency)}` } : {}),
    };
  };

  const winnerView = (w: CasinoWinner, i: number): WinnerView => ({
    key: `${w.date}-${w.serviceId}-${w.player}-${i}`,
    player: w.player,
    amountText: money(w.amount, w.currency),
    game: w.game,
    dateText: dateTimeText(w.date, timeZone()),
    img: w.img,
    masterServiceId: w.masterServiceId,
  });

  /** The view of one screen: the socket's winners of its own product only. */
  const liveView = (product: CasinoProduct): CasinoLiveView => {
    const d = jackpots?.data;
    const tiers = (group: Partial<Record<string, { balance: number; light: 0 | 1 }>> | undefined, keys: readonly JackpotTileView['key'][]) =>
      keys.flatMap((key) => (group?.[key] ? [{ key, balance: group[key]!.balance, light: group[key]!.light === 1 }] : []));
    return {
      casino: tiers(d?.casino, ['mega', 'daily', 'weekly']),
      livecasino: tiers(d?.livecasino, ['daily']),
      locale: numberLocale(ctx.lang()),
      symbol: currencySymbol(d?.currency ?? ctx.session()?.currency ?? 'TRY', site.get()),
      scale: jackpots?.scale ?? 10_000,
      winners: winners.filter((w) => w.masterServiceId === productId(product)),
    };
  };
  const push = () => {
    for (const w of watchers.values()) w.listener(liveView(w.product));
  };

  const onFrame = (f: JackpotFrame) => {
    if (f.event === 'data') jackpots = { data: f.data, scale: f.scale };
    else winners = [winnerView(f.data, ctx.clock()), ...winners].slice(0, WINNERS_KEPT * CASINO_PRODUCTS.length);
    push();
  };
  const socket = deps.socket && deps.timers
    ? createJackpotSocket({
      create: deps.socket, setTimeout: deps.timers.setTimeout, clearTimeout: deps.timers.clearTimeout, now: ctx.clock,
      ...(deps.network ? { network: deps.network } : {}), onFrame,
    })
    : null;

  /** One call; null when the server cannot be reached. */
  async function ask<T>(key: string, payload: Record<string, unknown> = {}): Promise<(T & { status: boolean; msg?: string; login?: boolean }) | null> {
    try {
      return (await ctx.call<T>(key, payload)) as T & { status: boolean; msg?: string; login?: boolean };
    } catch (err) {
      if (err instanceof NetworkError) return null;
      throw err;
    }
  }

  return {
    /** The casino tab bar: the products the player has with status 1 (a visitor has none). */
    casinoTabs(): CasinoProduct[] {
      return enabledProducts(ctx.session()?.products);
    },

    /** The lobby route of a masterServiceId (the /opencasino query's mid; slots when unknown). */
    casinoProductOf(masterServiceId: number): CasinoProduct {
      return productRoute(masterServiceId);
    },

    /** A product's lobby: providers and categories, its banners, whether jackpots show; null when unreachable with nothing kept. */
    async casinoLobby(product: CasinoProduct, source: Source): Promise<CasinoLobbyView | null> {
      const [settings] = await Promise.all([site.load(), deps.sessionKnown?.()]);
      const state = CASINO_BANNER_STATE[product];
      const cacheKey = `${product}:${ctx.lang()}`;
      const [list, banners] = await Promise.all([
        product === 'bingo' ? null : swrCall<CasinoListReply>({ db: ctx.db, call: ctx.call, clock: ctx.clock }, source, 'casinoList', { serviceId: productId(product) }, cacheKey).catch(() => null),
        state === undefined ? null : swrCall<{ results: Array<{ displayState: number; banners: Array<{ id: number; url: string; title: string; link: string; width: number; height: number }> }> }>(
          { db: ctx.db, call: ctx.call, clock: ctx.clock }, source, 'banners', { displayState: [state] }, `casino:${state}:${ctx.lang()}`).catch(() => null),
      ]);
      if (!list && product !== 'bingo') return null;
      const siteApi = typeof settings.site_api === 'string' ? settings.site_api : undefined;
      const group = banners?.reply.status ? banners.reply.results?.find((g) => g.displayState === state) : undefined;
      return {
        product,
        providers: list?.reply.status ? list.reply.results ?? [] : [],
        categories: list?.reply.status ? list.reply.categories ?? [] : [],
        banners: (group?.banners ?? []).map((b) => ({ id: b.id, image: bannerImageUrl(siteApi, b.url), title: b.title, width: b.width, height: b.height, link: bannerLink(b.link) })),
        jackpots: jackpotsShown(product, ctx.session()),
        fresh: list?.fresh ?? banners?.fresh ?? { stale: false, offline: false, updatedAt: ctx.clock() },
      };
    },

    /**
     * A product's games, narrowed to a provider and a category, searched by the rules of section 5:
     * the server from 3 characters (for the products that search there), and always the title filter here.
     * null when the server cannot be reached and nothing is kept.
     */
    async casinoGames(product: CasinoProduct, q: { provider?: number | null; category?: number | null; search?: string }, source: Source): Promise<GamesView | null> {
      const search = serverSearch(product, q.search ?? '');
      const payload: Record<string, unknown> = { masterServiceId: productId(product) };
      if (search) payload.search = search;
      if (q.provider) payload.serviceId = q.provider;
      if (q.category) payload.category = q.category;
      // searches are not kept: only the plain lists are worth reading offline
      const got = await swrCall<GetAllCasinosReply>({ db: ctx.db, call: ctx.call, clock: ctx.clock }, search ? 'network' : source, 'getAllCasinos', payload,
        `${product}:${q.provider ?? 0}:${q.category ?? 0}:${search}`).catch(() => null);
      if (!got) return null;
      const games = got.reply.status ? (got.reply.items ?? []).map(tile) : [];
      return { games: filterByTitle(games, q.search ?? ''), fresh: got.fresh };
    },

    /** The player's last five games of a product (empty for a visitor or when unreachable). */
    async casinoLastPlayed(product: CasinoProduct): Promise<GameTile[]> {
      if (!ctx.session()) return [];
      const r = await ask<LastPlayedReply>('lastPlayed', { masterServiceId: productId(product) });
      return r?.status ? (r.items ?? []).map(tile) : [];
    },

    /** The biggest real wins of the last 7 days in a product (topWinners), biggest first; [] when unreachable. */
    async casinoTopWinners(product: CasinoProduct, limit = 10): Promise<WinnerView[]> {
      await site.load();
      const r = await ask<WinnersReply>('topWinners', { masterServiceId: productId(product), limit });
      return r?.status ? (r.results ?? []).map(winnerView) : [];
    },

    /** Home's casino and slot lists (the site's configured top lists, then the new ones); null when unreachable. */
    async homeCasino(): Promise<HomeCasinoView | null> {
      const r = await ask<HomeCasinoReply>('homeCasino');
      if (!r?.status) return null;
      const byId = new Map((r.results ?? []).map((g) => [g.serviceId, g]));
      const pick = (...lists: number[][]) => [...new Set(lists.flat())].flatMap((id) => (byId.has(id) ? [tile(byId.get(id)!)] : []));
      const l = r.lists ?? { casinoTop: [], casinoNew: [], slotsTop: [], slotsNew: [] };
      // a visitor sees both (a tap asks for the login); a player only the products he has
      const has = (p: CasinoProduct) => !ctx.session() || enabledProducts(ctx.session()!.products).includes(p);
      return { casino: has('livecasino') ? pick(l.casinoTop, l.casinoNew) : [], slots: has('casino') ? pick(l.slotsTop, l.slotsNew) : [] };
    },

    /**
     * Opens a game (section 4): a visitor gets the login popup (or fun mode when asked and offered),
     * slots go through openslot, bingo through bingo, the rest through opencas. `ios` lets a game
     * whose provider refuses frames open in a new tab.
     */
    async openGame(req: { product: CasinoProduct; serviceId?: number; gameId?: number; limitId?: number; title: string; ios: boolean; fun?: boolean }): Promise<OpenOutcome> {
      if (!ctx.session() && !req.fun) return { kind: 'login' };
      const fun = !ctx.session() && req.fun ? { fun: true } : {};
      const master = productId(req.product);
      let r: (OpenGameReply & { status: boolean; msg?: string; login?: boolean }) | null;
      if (req.product === 'bingo') r = await ask<OpenGameReply>('bingo', fun);
      else if (req.product === 'casino') {
        r = await ask<OpenGameReply>('openslot', {
          masterServiceId: master, ...(req.serviceId ? { serviceId: req.serviceId } : {}), ...(req.gameId ? { gameId: req.gameId } : {}),
          ...(req.limitId ? { limitId: req.limitId } : {}), ...fun,
        });
      } else {
        r = await ask<OpenGameReply>('opencas', { serviceId: req.serviceId, masterServiceId: master, ...(req.limitId ? { limitId: req.limitId } : {}), ...fun });
      }
      if (!r) return { kind: 'network' };
      return openOutcome(r, {
        bingo: req.product === 'bingo',
        required: req.product === 'casino' ? ['gameurl', 'iframe', 'gameName'] : ['gameurl'],
        ios: req.ios,
        title: req.title,
      });
    },

    /**
     * Watches the jackpots and winners of the casino screens: the listener gets the current view at
     * once and on every socket event. Returns the id to stop with casinoUnwatch.
     */
    async casinoWatch(listener: (v: CasinoLiveView) => void, product: CasinoProduct): Promise<number> {
      const id = ++watchSeq;
      watchers.set(id, { listener, product });
      await site.load();
      if (!winnersLoaded.has(product)) {
        const r = await ask<WinnersReply>('winners', { masterServiceId: productId(product), limit: WINNERS_KEPT });
        if (r?.status) {
          winners = [...(r.results ?? []).map(winnerView), ...winners.filter((w) => w.masterServiceId !== productId(product))];
          winnersLoaded.add(product);
        }
      }
      if (socket) socket.want(true);
      else if (!jackpots) {
        const r = await ask<{ data: JackpotDataWire; scale?: number }>('jackpots');
        if (r?.status) jackpots = { data: r.data, scale: r.scale ?? 10_000 };
      }
      if (watchers.has(id)) listener(liveView(product));
      return id;
    },

    /** Stops a watch; the socket closes when no casino screen watches. */
    casinoUnwatch(id: number): void {
      watchers.delete(id);
      if (!watchers.size) { socket?.want(false); winnersLoaded.clear(); }
    },
  };
}
