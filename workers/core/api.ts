import type { CoreEvent } from './events.ts';
import { createContext, type CoreDeps } from './context.ts';
import { isOddsStyle } from '../../domain/odds/display.ts';
import { createAccountApi } from './account/account-api.ts';
import { createMoneyApi } from './money/money-api.ts';
import { createContentApi } from './content/content-api.ts';
import { createHomeApi } from './content/home-api.ts';
import { createDataSaverApi } from './content/data-saver.ts';
import { createLanguagesApi } from './content/languages-api.ts';
import { createSlipApi } from './betslip/slip-api.ts';
import { createSportsApi } from './sports/sports-api.ts';
import { createCouponsApi } from './coupons/coupons-api.ts';
import { createLiveApi } from './live/live-api.ts';
import type { CoreTimers } from './timers.ts';
import { createProtectionApi } from './protection/protection-api.ts';
import { createRetailApi } from './retail/retail-api.ts';
import { createBackOfficeApi } from './backoffice/bo-api.ts';
import { createCasinoApi } from './casino/casino-api.ts';

export type { CoreDeps } from './context.ts';
export type { HomeView } from './sports/sports-api.ts';
export type { AllSportsView, ListQuery, MatchDetailView, ResultRowView, ResultsView, RowsView, SearchView, SportTabView, Freshness, Source } from './sports/sports-api.ts';
export type { CountryView, LeagueView, BestLeagueView, OddsTypeOption } from './sports/list-views.ts';
export type { MarketGroupView, MarketLineView, MatchDetailData } from './sports/match-detail.ts';
export type { ActionResult, CouponDetailView, CouponFilter, CouponLineView, CouponListView, CouponRowView, SharedCouponView } from './coupons/coupons-api.ts';
export type { CreateResult } from './betslip/slip-api.ts';
export type { FormResult } from './account/account-api.ts';
export type { AffiliateBannerView, AffiliateCouponRow, AffiliateMoveRow, AffiliatePageView, AffiliatePeriodView, AffiliateStateView, AffiliateSummaryView, AffiliateUserRow } from './account/affiliate-api.ts';
export type { RegisterInit, LiveCheck, LiveField, RegisterResult } from './account/register-api.ts';
export type { PayCategoryView, PayMethodView, BankView, TransferResult, HistoryPage, HistoryRow } from './money/money-api.ts';
export type { BonusView, PromotionView, NotificationView, PopupView } from './content/content-api.ts';
export type { BannerView, HomeBannersView, HomeLiveGroup, HomeLiveMatch, JackpotTierView } from './content/home-api.ts';
export type { LiveListView, LiveMatchInfo, LiveTvView } from './live/live-api.ts';
export type { FeedStatusView } from './live/feed-socket.ts';
export type { LimitView, PendingView, ProtectionResult, ProtectionView, RealityCheckView } from './protection/protection-api.ts';
export type { BoReply } from './backoffice/bo-api.ts';
export type { BookingLoaded, BookingSaved, RedeemView, RetailFailure, TicketView } from './retail/retail-api.ts';
export type { CasinoLiveView, CasinoLobbyView, CasinoProduct, GameTile, GamesView, HomeCasinoView, JackpotTileView, OpenOutcome, WinnerView } from './casino/casino-api.ts';
export type { MatchPatch, MatchView, GroupView, OutcomeView } from './feed/diff.ts';

/** Timers that never fire: without a live socket (Node tests of other areas) the live module is inert. */
const INERT_TIMERS: CoreTimers = { setTimeout: () => 0, clearTimeout: () => undefined, every: () => () => undefined, frame: () => undefined };

/** The worker core: composes the area modules; owns the calls, the cache, the session and the slip. */
export function createCoreApi(deps: CoreDeps) {
  const ctx = createContext(deps);
  const account = createAccountApi(ctx);
  const { loadSlip, slipView, ...slip } = createSlipApi(ctx);
  const live = createLiveApi(ctx, {
    ...(deps.live ? { socket: deps.live.socket } : {}), ...(deps.live?.network ? { network: deps.live.network } : {}),
    timers: deps.live?.timers ?? INERT_TIMERS, slip,
  });
  const dataSaver = createDataSaverApi(ctx);
  let ready: Promise<void> | null = null;

  return {
    /** Subscribes to the worker's pushes (comlink proxies the callback). */
    subscribe(listener: (e: CoreEvent) => void): void {
      ctx.listeners.add(listener);
      listener({ type: 'session', payload: ctx.session() });
      listener({ type: 'slip-changed', payload: slipView() });
    },

    /** Loads the persisted slip and the session; safe to call more than once. */
    init(language: string): Promise<void> {
      ctx.setLang(language);
      // the live module learns the loaded slip (its live picks open the feed) from this push
      ready ??= loadSlip().then(() => ctx.emit({ type: 'slip-changed', payload: slipView() })).then(() => account.refreshSession()).then(() => undefined);
      return ready;
    },

    setLang(language: string): void { ctx.setLang(language); },
    /** The player's odds format (Settings): later views, the live rows and the slip show odds in it. */
    setOddsStyle(style: string): void {
      if (!isOddsStyle(style) || style === ctx.oddsStyle()) return;
      ctx.setOddsStyle(style);
      ctx.hooks.restyleOdds();
      ctx.hooks.pushSlip();
    },
    session: () => (ready ?? Promise.resolve()).then(() => ctx.session()),

    ...account,
    ...slip,
    ...createSportsApi(ctx, { dataSaverOn: dataSaver.dataSaverOn }),
    ...createCouponsApi(ctx, { toggleOdd: slip.toggleOdd, slipView }),
    ...createMoneyApi(ctx),
    ...createBackOfficeApi(ctx),
    ...createContentApi(ctx),
    ...createLanguagesApi(ctx),
    ...createHomeApi(ctx),
    ...dataSaver,
    ...createProtectionApi(ctx),
    ...createRetailApi(ctx, { loadSlip, push: () => ctx.emit({ type: 'slip-changed', payload: slipView() }) }),
    // the jackpot socket exists only where the worker file gives one (the browser), on the live feed's timers;
    // the lobby answers once the session is restored (its jackpots flag is the player's)
    ...createCasinoApi(ctx, {
      ...(deps.live?.jackpotSocket ? { socket: deps.live.jackpotSocket, timers: deps.live.timers } : {}),
      ...(deps.live?.network ? { network: deps.live.network } : {}),
      sessionKnown: () => ready ?? Promise.resolve(),
    }),
    ...live,
  };
}

export type CoreApi = ReturnType<typeof createCoreApi>;
