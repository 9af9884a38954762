/**
 * The live part of the worker core: the one feed socket, the odds store it fills, the sweeps,
 * the diffs pushed to the views the UI watches ('match-patch', once per animation frame), the
 * LiveBets list, favourites (IndexedDB), live MatchDetail and the slip following live changes.
 * Everything timed goes through injected timers so it runs in virtual time in tests.
 */
import { LIVE_REFILL_MS } from '../../../domain/match/live-timings.ts';
import { isOddOpen, isSelectionLocked } from '../../../domain/odds/validity.ts';
import type { BetStatus, MatchListItem, MatchStatus, OddsGroup } from '../../../domain/protocol/entities.ts';
import type { ClientMessage, FeedChange, LiveMatch } from '../../../domain/protocol/feed.ts';
import type { CoreContext } from '../context.ts';
import type { NetworkStatus } from '../net/reconnecting-socket.ts';
import type { CoreTimers } from '../timers.ts';
import type { SlipView } from '../events.ts';
import { decodeFeedMessage, encodeFeedRequest } from '../feed/decode.ts';
import { createDiffState, createPatchBatcher, diffStore, setFormat, setViews } from '../feed/diff.ts';
import type { MatchPatch } from '../feed/diff.ts';
import { applyFrame, createOddsStore, createTouched } from '../feed/odds-store.ts';
import type { Touched } from '../feed/odds-store.ts';
import { createOffscreenThrottle } from '../feed/offscreen-throttle.ts';
import { startSweeps } from '../feed/sweeps.ts';
import { emptyNames, mergeNames, namesWanted, renameStore, type NamesWanted } from '../feed/live-names.ts';
import type { LiveNamesReply } from '../../../domain/protocol/calls.ts';
import { createFeedSocket } from './feed-socket.ts';
import { createDetailFilterState, withDetailFilters } from './detail-filters.ts';
import type { FeedState, FeedStatusView, SocketLike } from './feed-socket.ts';
import { LIVE_ODDS_TYPES, liveList } from './live-list.ts';
import { refreshMarketSettings } from '../sports/market-settings.ts';
import type { LiveListQuery, LiveListResult, LiveOddsTypeOption } from './live-list.ts';

/** Pages on which the feed is open (section 4), whatever the slip holds. */
export const FEED_PAGES: ReadonlySet<string> = new Set(['livebets', 'favoriteslive', 'coupons', 'CouponDetail', 'matchdetail', 'betslip', 'cashout']);
/** The coupon pages: their live lines follow the feed (section 4, 'live match in a coupon'). */
const COUPON_PAGES: ReadonlySet<string> = new Set(['coupons', 'CouponDetail']);

export interface LiveDeps {
  /** Opens /ws/feed; absent (Node tests of other areas): the live module stays idle. */
  socket?: () => SocketLike;
  timers: CoreTimers;
  /** The device's network: no reconnect attempts are spent offline. */
  network?: NetworkStatus;
  slip: {
    toggleOdd(matchId: number, oddsid: number, oddid: number): Promise<void>;
    applyOddUpdates(updates: Array<{ key: string; odd: number; locked: boolean }>): Promise<unknown>;
    removeSelection(key: string): Promise<void>;
  };
}

/** What a live MatchDetail shows before and besides its patches. */
export type LiveMatchInfo =
  | { state: 'live'; id: number; home: string; away: string }
  | { state: 'closed'; id: number; home: string; away: string }
  | { state: 'notfound'; id: number };

export interface LiveListView extends LiveListResult {
  feed: FeedStatusView;
  oddsTypes: LiveOddsTypeOption[];
  /** The list-view toggle is offered (site setting second_live_view = 1). */
  listViewToggle: boolean;
  /** Rows in the second (stacked) view: the player's remembered choice, only while the toggle is offered. */
  compact: boolean;
}

/**
 * The TV part of a live MatchDetail (section 2): no stream for this match (nothing shown), a login
 * prompt for a visitor, the server's refusal (no tv_access, not in the TV list), or the stream.
 */
export type LiveTvView =
  | { state: 'none' }
  | { state: 'login' }
  | { state: 'refused'; msg: string }
  | { state: 'ok'; videoId: string; url: string };

interface SlipPick { key: string; matchId: number; oddsType: number; outcomeId: number; special: string; odd: number; locked: boolean; name: string }

const FAVORITES_KEY = 'liveFavorites';
/** The LiveBets list view the player chose (IndexedDB, like the favourites). */
const LIST_VIEW_KEY = 'liveListView';
/** Most patch entries in one 'match-patch' delivery (see createPatchBatcher). */
export const PATCH_MAX_COST = 60;
const ALL_SUB = JSON.stringify({ op: 'sub' });
/** How often the live odd types per sport are asked again while the feed is open (ms). */
const LIVE_TYPES_MS = 60_000;
/** How long after a failed liveNames call the worker asks again. */
const NAMES_RETRY_MS = 30_000;

export function createLiveApi(ctx: CoreContext, deps: LiveDeps) {
  const { timers } = deps;
  const store = createOddsStore();
  const ds = createDiffState({ style: ctx.oddsStyle() });
  // An odds format change (Settings) re-texts every odd already sent.
  ctx.hooks.restyleOdds = () => gate.push(setFormat(ds, store, { ...ds.format, style: ctx.oddsStyle() }, ctx.clock()));
  // about 60 entries (~100 B each) per delivery keeps a patch under 8 KiB (section: worker pushes)
  const detailFilters = createDetailFilterState();
  const batcher = createPatchBatcher(timers.frame, (patches: MatchPatch[]) =>
    ctx.emit({ type: 'match-patch', payload: withDetailFilters(detailFilters, store, detailId, patches) }), PATCH_MAX_COST);
  // data saver: list rows off screen get their patches at most once a second; a match with a pick
  // on the slip or open in MatchDetail never waits (the player sees the price they bet)
  const gate = createOffscreenThrottle({
    deliver: (patches) => batcher.push(patches),
    live: (id) => !rowIds.includes(id) || id === detailId || slipPicks.some((p) => p.matchId === id),
    clock: ctx.clock,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
  });

  let page: string | null = null;
  let feedState: FeedState = 'idle';
  let attempt = 0;
  let listVersion = 0;
  let httpCount = 0;
  let favorites = new Set<number>();
  let favoritesLoaded: Promise<void> | null = null;
  const sportNames = new Map<number, string>();
  let secondLiveView: Promise<boolean> | null = null;
  const loadSecondLiveView = () => {
    secondLiveView ??= ctx.fetch('/api/settings').then((r) => r.json() as Promise<{ settings?: Record<string, unknown> }>)
      .then((b) => Number(b.settings?.second_live_view) === 1).catch(() => false);
    return secondLiveView;
  };
  // what the views want
  let listQuery: LiveListQuery | null = null;
  let rowIds: number[] = [];
  let detailId: number | null = null;
  let oddsTypeKey = 'main';
  // the live matches of the open coupon: score, minute and status only
  let couponIds: number[] = [];
  // live picks on the slip, from the slip's own pushes
  let slipPicks: SlipPick[] = [];
  // pre-match picks on the slip: the back office's price changes and suspensions reach them on the feed
  let preMatchPicks: SlipPick[] = [];
  // the pre-match MatchDetail on screen: told when trading changes its markets, so it asks again
  let preMatchView: number | null = null;
  let preMatchRev = 0;
  // the odd types each sport shows live (back office), asked at most once a minute while the feed is wanted
  let liveTypesAt = -Infinity;
  let liveTypesKey = '{}';
  let slipCount = 0;
  let subKey = '';

  // the store holds every live match only under the all-sports subscription; else the live call's count
  const liveCount = () => (feedState === 'open' && store.synced && subKey === ALL_SUB ? store.matches.size : httpCount);
  const status = (): FeedStatusView => ({ state: feedState, attempt, liveCount: liveCount(), listVersion });
  const pushStatus = () => ctx.emit({ type: 'feed-status', payload: status() });

  // ------------------------------------------------------------------ subscription

  /** The subscription the views need: all live matches on LiveBets' all tab, else by sport and match. */
  const wantedSub = (): ClientMessage => {
    const matches = new Set<number>([...slipPicks.map((p) => p.matchId), ...preMatchPicks.map((p) => p.matchId), ...couponIds]);
    if (detailId !== null) matches.add(detailId);
    if (preMatchView !== null) matches.add(preMatchView);
    const onList = page === 'livebets' || page === 'favoriteslive';
    // before the list asks, LiveBets shows every sport and FavoritesLive the favourites
    const q = listQuery ?? { sid: 0, favorites: page === 'favoriteslive' };
    if (onList && q.favorites) for (const id of favorites) matches.add(id);
    if (onList && !q.favorites && !q.sid) return { op: 'sub' };
    const sports = onList && !q.favorites && q.sid ? [q.sid] : [];
    return { op: 'sub', sports, matches: [...matches].sort((a, b) => a - b) };
  };

  const resubscribe = (force = false) => {
    const sub = wantedSub();
    const key = JSON.stringify(sub);
    if (!force && key === subKey) return;
    if (socket.send(encodeFeedRequest(sub))) subKey = key;
  };

  const loadLiveTypes = () => {
    const now = ctx.clock();
    if (now - liveTypesAt < LIVE_TYPES_MS) return;
    liveTypesAt = now;
    void ctx.call<{ sports?: Record<string, number[]> }>('liveOddTypes', {}).then((r) => {
      if (!r?.status) return;
      const key = JSON.stringify(r.sports ?? {});
      if (key === liveTypesKey) return;
      liveTypesKey = key;
      store.liveTypes = new Map(Object.entries(r.sports ?? {}).map(([sid, types]) => [Number(sid), new Set(types)]));
      // groups held under the old list: a fresh snapshot rebuilds every match with the new one
      if (socket.state === 'open') socket.send(encodeFeedRequest({ op: 'resync' }));
    }, () => undefined);
  };

  const updateWanted = () => {
    const want = !!deps.socket && ((page !== null && FEED_PAGES.has(page)) || slipCount > 0);
    if (want) loadLiveTypes();
    socket.want(want);
    if (socket.state === 'open') resubscribe();
  };

  // ------------------------------------------------------------------ frames

  const afterChange = (t: Touched, listChanged: boolean) => {
    const now = ctx.clock();
    const patches = diffStore(ds, store, t, now);
    if (patches.length) gate.push(patches);
    followSlip(t);
    if (listChanged) {
      listVersion++;
      pushStatus();
    }
  };

  // ------------------------------------------------------------------ names in the player's language

  const noneAsked = (): Record<keyof NamesWanted, Set<number>> => ({ teams: new Set(), categories: new Set(), tournaments: new Set(), types: new Set() });
  let namesAsked = noneAsked();
  let namesBusy = false;
  let namesFailedAt = -Infinity;
  /** Asks the names of what the store shows and was never asked in the player's language; renames the store when they come. */
  const askNames = () => {
    const lang = ctx.lang();
    if (store.names?.lang !== lang) {
      // a new language: everything is asked again (the labels held stay until the answer)
      store.names = emptyNames(lang);
      namesAsked = noneAsked();
    }
    if (namesBusy || ctx.clock() - namesFailedAt < NAMES_RETRY_MS) return;
    const asked = namesAsked;
    const want = namesWanted(store, asked);
    if (!want) return;
    namesBusy = true;
    const forget = () => {
      for (const k of Object.keys(want) as Array<keyof NamesWanted>) for (const id of want[k]) asked[k].delete(id);
      namesFailedAt = ctx.clock();
    };
    void ctx.call<LiveNamesReply>('liveNames', { ...want }).then((r) => {
      if (!r.status) return forget();
      if (store.names?.lang !== lang) return;
      mergeNames(store.names, r);
      const t = createTouched();
      renameStore(store, t);
      afterChange(t, true);
    }, forget).finally(() => {
      namesBusy = false;
      askNames();
    });
  };

  const onMessage = (data: unknown) => {
    if (!(data instanceof ArrayBuffer) && !(data instanceof Uint8Array)) return;
    let frame;
    try {
      frame = decodeFeedMessage(data);
    } catch {
      return;
    }
    const before = store.matches.size;
    const t = createTouched();
    const r = applyFrame(store, frame, ctx.clock(), t);
    if (r === 'gap') {
      // a lost frame: ask for a fresh snapshot, drop deltas until it comes
      socket.send(encodeFeedRequest({ op: 'resync' }));
      return;
    }
    if (r !== 'applied') return;
    if (frame.kind === 'delta') followPreMatch(frame.changes);
    const listChanged = frame.kind === 'snapshot' || t.removed.size > 0 || store.matches.size !== before
      || frame.changes.some((c) => c.k === 'a' || c.k === 'r');
    if (frame.kind === 'snapshot') {
      // the rows the UI shows get a full picture again
      gate.push(setViews(ds, store, ds.views, ctx.clock()));
    }
    afterChange(t, listChanged);
    if (listChanged || t.all.size) askNames();
  };

  const socket = createFeedSocket({
    create: () => deps.socket!(),
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    now: ctx.clock,
    ...(deps.network ? { network: deps.network } : {}),
    onOpen: () => {
      // a new connection starts from a snapshot: resubscribe (which sends one)
      store.synced = false;
      resubscribe(true);
    },
    onMessage,
    onState: (s, a) => {
      feedState = s;
      attempt = a;
      pushStatus();
    },
  });

  startSweeps(store, timers.every, ctx.clock, (t) => afterChange(t, t.removed.size > 0));

  // live refill (section 4): a fresh snapshot and fresh counts every 300 s
  timers.every(LIVE_REFILL_MS, () => {
    if (socket.state === 'open') socket.send(encodeFeedRequest({ op: 'resync' }));
    if (page !== null) void refreshCounts();
  });

  // ------------------------------------------------------------------ the slip follows live changes

  ctx.listeners.add((e) => {
    if (e.type !== 'slip-changed') return;
    const view: SlipView = e.payload;
    // any pick keeps the feed open (section 4), not only live ones
    const countChanged = view.entries.length !== slipCount;
    slipCount = view.entries.length;
    const all = view.entries.map((x) => ({
      key: x.key, live: x.selection.live, matchId: x.selection.matchId, oddsType: x.selection.oddsType, outcomeId: x.selection.outcomeId,
      special: x.selection.special, odd: x.selection.odd, locked: x.selection.locked, name: x.selection.matchName,
    }));
    const picks = all.filter((x) => x.live);
    const pre = all.filter((x) => !x.live);
    const changedMatches = picks.map((p) => p.matchId).join() !== slipPicks.map((p) => p.matchId).join()
      || pre.map((p) => p.matchId).join() !== preMatchPicks.map((p) => p.matchId).join();
    slipPicks = picks;
    preMatchPicks = pre;
    if (changedMatches) gate.refresh();
    if (changedMatches || countChanged) updateWanted();
  });

  /** Odd moved, locked or match gone: the slip's public functions apply it (with its notices). */
  function followSlip(t: Touched): void {
    if (!slipPicks.length || !store.synced) return;
    const updates: Array<{ key: string; odd: number; locked: boolean }> = [];
    for (const p of slipPicks) {
      const m = store.matches.get(p.matchId);
      if (!m) {
        if (t.removed.has(p.matchId)) {
          void deps.slip.removeSelection(p.key);
          // Translated by the UI (notice-text.ts): no server message table in the worker.
          ctx.notice({ status: 3, key: 'liveMatchRemoved', args: { match: p.name } });
        }
        continue;
      }
      let found = false;
      for (const gid of m.groupIds) {
        const g = store.groups.get(gid);
        if (!g || g.oddstype !== p.oddsType || g.special !== p.special) continue;
        for (const oid of g.outcomeIds) {
          const o = store.outcomes.get(oid);
          if (!o || o.outcomeid !== p.outcomeId) continue;
          found = true;
          const locked = isSelectionLocked(m, g, o) || !isOddOpen(m, g, o);
          if (o.odd !== p.odd || locked !== p.locked) updates.push({ key: p.key, odd: o.odd, locked });
        }
      }
      // the market left the match: the pick cannot be bet any more
      if (!found && !p.locked) updates.push({ key: p.key, odd: p.odd, locked: true });
    }
    if (updates.length) void deps.slip.applyOddUpdates(updates);
  }

  /**
   * A pre-match pick follows the markets the back office's trading publishes on the feed (whole
   * groups, 'gs', each outcome active only when the match, its market and the outcome take bets):
   * a new price or a suspension reaches the slip as a live one would.
   */
  function followPreMatch(changes: readonly FeedChange[]): void {
    const view = preMatchView;
    if (view !== null && !store.matches.has(view) && changes.some((c) => (c.k === 'gs' || c.k === 's') && c.m === view)) {
      ctx.emit({ type: 'prematch-changed', payload: { id: view, rev: ++preMatchRev } });
    }
    if (!preMatchPicks.length) return;
    const updates: Array<{ key: string; odd: number; locked: boolean }> = [];
    for (const c of changes) {
      if (c.k !== 'gs' || store.matches.has(c.m)) continue;
      for (const p of preMatchPicks) {
        if (p.matchId !== c.m) continue;
        const g = c.odds.find((x) => x.oddstype === p.oddsType && x.special === p.special);
        const o = g?.outcomes.find((x) => x.outcomeid === p.outcomeId);
        if (!g || !o) continue;
        const locked = !(g.active && o.active && o.odd > 1000);
        if (o.odd !== p.odd || locked !== p.locked) updates.push({ key: p.key, odd: o.odd, locked });
      }
    }
    if (updates.length) void deps.slip.applyOddUpdates(updates);
  }

  // ------------------------------------------------------------------ HTTP side

  async function refreshCounts(): Promise<void> {
    const r = await ctx.call<{ data: { sports: Array<{ sportId: number; sportName: string; liveCount: number }>; totalRows: number } }>(
      'liveMatches', { limit: 1, odds: [1] },
    ).catch(() => null);
    if (!r?.status) return;
    for (const s of r.data.sports) sportNames.set(s.sportId, s.sportName);
    const n = r.data.sports.reduce((a, s) => a + s.liveCount, 0);
    if (n !== httpCount) {
      httpCount = n;
      pushStatus();
    }
  }

  let listView: Promise<boolean> | null = null;
  const loadListView = () => {
    listView ??= ctx.db.kv.get(LIST_VIEW_KEY).then((row) => row?.value === true).catch(() => false);
    return listView;
  };

  const loadFavorites = () => {
    favoritesLoaded ??= ctx.db.kv.get(FAVORITES_KEY).then((row) => {
      favorites = new Set((row?.value as number[] | undefined) ?? []);
    }).catch(() => undefined);
    return favoritesLoaded;
  };

  /** A store match as the slip's match shape, so a tap goes through the slip's own rules. */
  const asListItem = (id: number): MatchListItem | null => {
    const m = store.matches.get(id);
    if (!m) return null;
    const odds: OddsGroup[] = m.groupIds.flatMap((gid) => {
      const g = store.groups.get(gid);
      if (!g) return [];
      return [{
        oddsid: g.oddsid, oddstype: g.oddstype, typeName: g.typeName, nicename: g.nicename, special: g.special,
        active: g.active, iss: g.iss, isv: g.isv,
        outcomes: g.outcomeIds.flatMap((oid) => {
          const o = store.outcomes.get(oid);
          return o ? [{ oddid: o.oddid, outcomeid: o.outcomeid, outcome: o.outcome, odd: o.odd, special: o.special, active: o.active, iss: o.iss, isv: o.isv }] : [];
        }),
      }];
    });
    return {
      id: m.id, matchDate: new Date(m.d).toISOString(), homeTeam: m.h, awayTeam: m.a, homeTeamId: m.hid, awayTeamId: m.aid,
      oddCount: odds.reduce((n, g) => n + g.outcomes.length, 0), categoryId: m.cid, categoryName: m.cn, categoryFlag: '',
      sportId: m.sid, sportName: sportNames.get(m.sid) ?? '', tournamentId: m.tid, tournamentName: m.tn, liveActive: 1, minTip: 1,
      iss: m.ac === 1 && m.iss === 0 ? 0 : 1, isv: m.isv, matchstatus: m.ms as MatchStatus, betstatus: m.bs as BetStatus, odds,
    };
  };

  const watch = () => {
    const ids = new Set([...rowIds, ...couponIds]);
    if (detailId !== null) ids.add(detailId);
    const opt = LIVE_ODDS_TYPES.find((o) => o.key === oddsTypeKey) ?? LIVE_ODDS_TYPES[0]!;
    // a coupon line shows no odds: its matches' patches carry the match fields only
    const types = page !== null && COUPON_PAGES.has(page) ? [] : opt.types;
    gate.push(setViews(ds, store, ids, ctx.clock(), { types, detail: detailId === null ? [] : [detailId] }));
    gate.keepOnly(ids);
  };

  return {
    /** The UI's current page (route name); opens or closes the feed. */
    setLivePage(name: string | null): void {
      const first = page === null && name !== null && httpCount === 0;
      page = name;
      if (name !== 'livebets' && name !== 'favoriteslive') {
        listQuery = null;
        rowIds = [];
      }
      if (name !== 'matchdetail') { detailId = null; preMatchView = null; }
      if (name === null || !COUPON_PAGES.has(name)) couponIds = [];
      if (first) void refreshCounts();
      updateWanted();
      watch();
    },

    /** The feed's state now (the 'feed-status' event repeats it on every change). */
    feedStatus: (): FeedStatusView => status(),

    /** The manual retry after the feed went offline. */
    retryFeed(): void {
      socket.retry();
    },

    /** LiveBets / FavoritesLive rows for a query; also makes the feed subscription follow it. */
    async liveList(q: LiveListQuery & { oddsType?: string }): Promise<LiveListView> {
      // The operator's football league order (and tabs): loaded in the background, the next list follows it.
      void refreshMarketSettings(ctx.call, ctx.clock());
      await loadFavorites();
      if (!sportNames.size) await refreshCounts();
      listQuery = { ...q };
      if (q.oddsType && q.oddsType !== oddsTypeKey) {
        oddsTypeKey = q.oddsType;
        watch();
      }
      if (socket.state === 'open') resubscribe();
      const toggle = await loadSecondLiveView();
      return {
        ...liveList(store, listQuery, favorites, sportNames), feed: status(), oddsTypes: [...LIVE_ODDS_TYPES],
        listViewToggle: toggle, compact: toggle && (await loadListView()),
      };
    },

    /** Remembers the LiveBets list view (second view on or off). */
    async setLiveListView(compact: boolean): Promise<void> {
      listView = Promise.resolve(compact);
      await ctx.db.kv.put({ key: LIST_VIEW_KEY, value: compact }).catch(() => undefined);
    },

    /** The TV section of a live MatchDetail: whether this match streams, and for whom. */
    async liveTv(matchId: number): Promise<LiveTvView> {
      const list = await ctx.call<{ data?: { matchIds?: number[] } }>('tvList', {}).catch(() => null);
      if (!list?.status || !list.data?.matchIds?.includes(matchId)) return { state: 'none' };
      if (!ctx.session()) return { state: 'login' };
      const r = await ctx.call<{ videoId?: string; url?: string }>('tv', { matchId }).catch(() => null);
      if (!r) return { state: 'refused', msg: '' };
      if (r.login === false) return { state: 'login' };
      if (!r.status) return { state: 'refused', msg: r.msg ?? '' };
      return { state: 'ok', videoId: r.videoId ?? '', url: r.url ?? '' };
    },

    /** The rows the list renders now (virtualised): only these get patches. */
    watchLive(ids: number[]): void {
      rowIds = ids.slice(0, 200);
      watch();
    },

    /**
     * The rows of the live list on screen now (the UI's IntersectionObserver) and whether data saver
     * is on (the UI knows the browser's Save-Data): under data saver the drawn rows off screen are
     * patched at most once a second.
     */
    showLive(visible: number[], dataSaver: boolean): void {
      gate.setEnabled(dataSaver);
      gate.setVisible(visible.slice(0, 200));
    },

    /**
     * The live matches of the coupon on screen: subscribed on the feed and patched ('match-patch',
     * match fields only) so its lines follow score, minute and status. [] when it closes.
     */
    watchCouponMatches(ids: number[]): void {
      couponIds = [...new Set(ids)].slice(0, 50);
      if (socket.state === 'open') resubscribe();
      watch();
    },

    /**
     * The pre-match MatchDetail on screen (null: none): its match is subscribed on the feed, and a
     * trading change of its markets pushes 'prematch-changed' so the page asks the server again.
     */
    watchPreMatch(id: number | null): void {
      preMatchView = id;
      if (socket.state === 'open') resubscribe();
    },

    /** Opens a live MatchDetail: every group of the match is patched while it is shown. */
    async watchLiveMatch(id: number | null): Promise<LiveMatchInfo | null> {
      detailId = id;
      if (socket.state === 'open') resubscribe();
      watch();
      if (id === null) return null;
      const m = store.matches.get(id);
      if (m) return { state: 'live', id, home: m.h, away: m.a };
      const r = await ctx.call<{ match?: Pick<LiveMatch, 'h' | 'a'> }>('liveoddsnew', { matchid: id }).catch(() => null);
      if (r?.status && r.match) return { state: 'live', id, home: r.match.h, away: r.match.a };
      if (r?.match) return { state: 'closed', id, home: r.match.h, away: r.match.a };
      return { state: 'notfound', id };
    },

    /** A tap on a live odd: resolved against the live store, then the slip's toggle rules. */
    async toggleLiveOdd(matchId: number, oddsid: number, oddid: number): Promise<void> {
      const item = asListItem(matchId);
      if (!item) return;
      ctx.shown.set(matchId, item);
      await deps.slip.toggleOdd(matchId, oddsid, oddid);
    },

    /** Favourite live matches (IndexedDB). */
    async liveFavorites(): Promise<number[]> {
      await loadFavorites();
      return [...favorites];
    },
    async toggleLiveFavorite(id: number): Promise<boolean> {
      await loadFavorites();
      const next = new Set(favorites);
      const on = !next.has(id);
      if (on) next.add(id);
      else next.delete(id);
      favorites = next;
      await ctx.db.kv.put({ key: FAVORITES_KEY, value: [...next] });
      listVersion++;
      if (socket.state === 'open') resubscribe();
      pushStatus();
      return on;
    },
  };
}
