import type { MatchListItem, OddsGroup, Sport, UserLimits } from '../../domain/protocol/entities.ts';
import { DEFAULT_USER_LIMITS, SLIP_CONSTANTS } from '../../domain/betslip/limits.ts';
import { marketOf, outcomeName } from '../../domain/market/catalogue.ts';
import { currencySymbol, minorToDecimal, parseAmount } from '../../domain/money.ts';
import { formatOdds } from '../../domain/odds/display.ts';
import { couponKindShown, lineColor, type CouponKindShown, type LineColor } from '../../domain/coupon/display.ts';
import type { CouponItem } from '../../domain/protocol/coupons.ts';
import type { CoreDb } from './cache/db.ts';
import { isOutcomeOpen, matchRowView, type MatchRowView } from './views.ts';
import { createRequest, NetworkError, type CallFn, type Reply } from './request.ts';
import { cachedCall } from './cache/replies.ts';
import { clearSlip, EMPTY_SLIP, entryKey, loadEntries, removeEntry, summaryOf, toggleEntry, type SlipEntry, type SlipState } from './betslip/slip-state.ts';
import type { CoreEvent, Notice, SessionView, SlipView } from './events.ts';

export interface CoreDeps {
  fetch: typeof fetch;
  db: CoreDb;
  clock: () => number;
  uuid: () => string;
}

/** Home: sports with at most 5 upcoming matches each (section 2). */
export interface HomeView {
  sports: Array<Sport & { matches: MatchRowView[] }>;
  offline: boolean;
}

/** A history row with what the list shows already decided: status tone, kind and odds text. */
export type CouponRowView = CouponItem & { tone: LineColor; kindShown: CouponKindShown; totalOddsText: string };

export interface CouponListView {
  results: CouponRowView[];
  totalCount: number;
  offline: boolean;
}

export type CreateResult = 'needLogin' | 'locked' | 'pending' | 'created' | 'failed';

const HOME_PER_SPORT = 5;
/** Odds types of a list row: the match result of the sport (3-way or 2-way). */
const LIST_ODDS = [1, 186];

/** The worker core: owns the calls, the cache, the session and the slip; pushes events to the UI. */
export function createCoreApi(deps: CoreDeps) {
  let lang = 'tr';
  const call: CallFn = createRequest({ fetch: deps.fetch, lang: () => lang });
  const listeners = new Set<(e: CoreEvent) => void>();
  let session: SessionView | null = null;
  let slip: SlipState = EMPTY_SLIP;
  let pending = false;
  let lastTicketId: number | null = null;
  let idempotencyKey: string | null = null;
  let ready: Promise<void> | null = null;
  // The matches the UI was last shown, so a tap on an odd is resolved against what the player saw.
  const shown = new Map<number, MatchListItem>();

  const emit = (e: CoreEvent) => { for (const l of listeners) l(e); };
  const notice = (n: Notice) => emit({ type: 'notice', payload: n });
  const limits = (): UserLimits => session?.limits ?? DEFAULT_USER_LIMITS;
  const slipView = (): SlipView => {
    const summary = summaryOf(slip, limits());
    return {
      ...slip,
      entries: slip.entries.map((e) => ({ ...e, oddText: formatOdds(e.selection.odd) })),
      stakeText: minorToDecimal(slip.stake),
      summary: { ...summary, totalOddsText: summary.totalOdds ? formatOdds(summary.totalOdds, { maxOdds: Number.MAX_SAFE_INTEGER }) : '-' },
      pending,
      lastTicketId,
    };
  };

  async function setSlip(next: SlipState): Promise<void> {
    if (next.entries !== slip.entries || next.stake !== slip.stake || next.systemSizes !== slip.systemSizes) idempotencyKey = null;
    slip = next;
    emit({ type: 'slip-changed', payload: slipView() });
    await deps.db.transaction('rw', deps.db.slip, deps.db.kv, async () => {
      await deps.db.slip.clear();
      await deps.db.slip.bulkPut(slip.entries);
      await deps.db.kv.put({ key: 'slipSettings', value: { stake: slip.stake, systemSizes: slip.systemSizes, oddChangeOk: slip.oddChangeOk } });
    });
  }

  async function refreshSession(): Promise<SessionView | null> {
    try {
      const r = await call<{ userId: number; userName: string; userCredit: number; currency: string; loginTime: string | null; limits: UserLimits }>('userdata');
      session = r.status ? { userId: r.userId, userName: r.userName, credit: r.userCredit, currency: r.currency, currencySymbol: currencySymbol(r.currency), lastLogin: r.loginTime, limits: r.limits } : null;
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      // Offline: keep what we knew.
    }
    emit({ type: 'session', payload: session });
    emit({ type: 'slip-changed', payload: slipView() });
    return session;
  }

  const api = {
    /** Subscribes to the worker's pushes; returns nothing (comlink proxies the callback). */
    subscribe(listener: (e: CoreEvent) => void): void {
      listeners.add(listener);
      listener({ type: 'session', payload: session });
      listener({ type: 'slip-changed', payload: slipView() });
    },

    /** Loads the persisted slip and the session; safe to call more than once. */
    init(language: string): Promise<void> {
      lang = language;
      ready ??= (async () => {
        const [entries, settings] = await Promise.all([deps.db.slip.toArray(), deps.db.kv.get('slipSettings')]);
        const saved = settings?.value as Partial<SlipState> | undefined;
        slip = { ...EMPTY_SLIP, ...saved, entries: loadEntries(entries, deps.clock()) };
        const last = await deps.db.kv.get('lastCoupon');
        lastTicketId = (last?.value as { ticketId?: number } | undefined)?.ticketId ?? null;
        await refreshSession();
      })();
      return ready;
    },

    setLang(language: string): void { lang = language; },

    session: (): Promise<SessionView | null> => (ready ?? Promise.resolve()).then(() => session),
    refreshSession,

    async login(userName: string, password: string): Promise<{ ok: boolean; msg?: string }> {
      try {
        const r = await call('login', { userName, password });
        if (!r.status) return { ok: false, msg: r.msg ?? '' };
        await refreshSession();
        return { ok: true };
      } catch (err) {
        if (err instanceof NetworkError) return { ok: false, msg: '' };
        throw err;
      }
    },

    async logout(clearTheSlip = false): Promise<void> {
      await call('logout').catch(() => undefined);
      session = null;
      if (clearTheSlip) await setSlip(clearSlip(slip));
      emit({ type: 'session', payload: null });
    },

    async home(): Promise<HomeView> {
      const now = deps.clock();
      const [sports, matches] = await Promise.all([
        cachedCall<{ results: Sport[] }>(deps.db, call, 'sports', {}, now),
        cachedCall<{ data: { results: MatchListItem[] } }>(deps.db, call, 'matches', { odds: LIST_ODDS, limit: 300 }, now),
      ]);
      const bySport = new Map<number, MatchRowView[]>();
      for (const m of matches.reply.data?.results ?? []) {
        const list = bySport.get(m.sportId) ?? [];
        if (list.length >= HOME_PER_SPORT) continue;
        shown.set(m.id, m);
        list.push(matchRowView(m));
        bySport.set(m.sportId, list);
      }
      return {
        sports: (sports.reply.results ?? []).filter((s) => bySport.has(s.id)).map((s) => ({ ...s, matches: bySport.get(s.id)! })),
        offline: sports.offline || matches.offline,
      };
    },

    /** A tap on an odd button of a match row or market. */
    async toggleOdd(matchId: number, oddsid: number, oddid: number): Promise<void> {
      const match = shown.get(matchId);
      const group = match?.odds.find((g) => g.oddsid === oddsid);
      const outcome = group?.outcomes.find((o) => o.oddid === oddid);
      if (!match || !group || !outcome) return;
      const selection = {
        matchId: match.id, oddsType: group.oddstype, outcomeId: outcome.outcomeid, special: group.special, odd: outcome.odd,
        banko: false, live: match.matchstatus !== 'not_started', locked: false, matchName: `${match.homeTeam} - ${match.awayTeam}`,
        addedAt: deps.clock(),
      };
      const entry: SlipEntry = {
        key: entryKey(selection),
        selection,
        view: {
          home: match.homeTeam, away: match.awayTeam, matchDate: match.matchDate, sportId: match.sportId,
          market: marketOf(group.oddstype)?.name ?? group.typeName, pick: outcomeName(group.oddstype, outcome.outcomeid) || outcome.outcome,
        },
      };
      const r = toggleEntry(slip, entry, limits(), isOutcomeOpen(match, group, outcome));
      if (r.refused) {
        notice({ status: 3, key: r.refused, args: { max: SLIP_CONSTANTS.maxSelections } });
        return;
      }
      await setSlip(r.state);
    },

    async removeSelection(key: string): Promise<void> { await setSlip(removeEntry(slip, key)); },
    async clearSlip(): Promise<void> { await setSlip(clearSlip(slip)); },
    /** The stake as typed ('12.50'); an unreadable amount is ignored. */
    async setStakeText(text: string): Promise<void> {
      const stake = parseAmount(text);
      if (stake !== null) await setSlip({ ...slip, stake });
    },
    async setOddChangeOk(ok: boolean): Promise<void> { await setSlip({ ...slip, oddChangeOk: ok }); },

    /** The create flow of section 4. */
    async createCoupon(): Promise<CreateResult> {
      if (!session) return 'needLogin';
      if (pending) return 'pending';
      const summary = summaryOf(slip, limits());
      const locked = slip.entries.filter((e) => e.selection.locked);
      if (locked.length) {
        notice({ status: 3, key: 'thereAreLockedMatches', lines: locked.map((e) => e.selection.matchName) });
        return 'locked';
      }
      if (!summary.creatable || summary.couponType === 'none') return 'failed';
      pending = true;
      idempotencyKey ??= deps.uuid();
      emit({ type: 'slip-changed', payload: slipView() });
      notice({ status: 5, key: 'pleaseWaitCouponCreation' });
      try {
        const r: Reply<{ ticketId?: number; changed?: number[]; couponErrors?: Array<{ mid: number; msg: string }> }> = await call('createCoupon', {
          ticketType: summary.couponType,
          couponType: summary.isLive ? 4 : undefined,
          oddChangeOk: slip.oddChangeOk,
          systemTickets: slip.systemSizes,
          totalStake: summary.totalAmount,
          ticketStake: summary.baseAmount,
          tips: slip.entries.map((e) => ({
            mid: e.selection.matchId, oddTypeId: e.selection.oddsType, banko: e.selection.banko, ttype: e.selection.live ? 'L' : 'N',
            odd: e.selection.odd, team1: e.view.home, team2: e.view.away, mDate: e.view.matchDate, sid: e.view.sportId,
            ktip: { outcomeid: e.selection.outcomeId, special: e.selection.special },
          })),
        }, { idempotencyKey });
        if (r.status && r.ticketId) {
          lastTicketId = r.ticketId;
          await deps.db.kv.put({ key: 'lastCoupon', value: { ticketId: r.ticketId, entries: slip.entries, stake: slip.stake, at: deps.clock() } });
          notice({ status: 1, key: '', text: r.msg ?? '' });
          pending = false;
          await setSlip(clearSlip(slip));
          void refreshSession();
          return 'created';
        }
        if (r.login === false) {
          session = null;
          emit({ type: 'session', payload: null });
          pending = false;
          emit({ type: 'slip-changed', payload: slipView() });
          return 'needLogin';
        }
        if (r.changed?.length) await applyChangedOdds(r.changed);
        notice({ status: r.changed?.length ? 4 : 2, key: '', text: r.msg ?? '', lines: r.couponErrors?.map((c) => c.msg) });
        return 'failed';
      } catch (err) {
        notice({ status: 2, key: 'networkError', text: err instanceof Error ? err.message : '' });
        return 'failed';
      } finally {
        pending = false;
        emit({ type: 'slip-changed', payload: slipView() });
      }
    },

    async couponList(filter: { status?: number | ''; couponType?: number | ''; order?: number; startDate?: string; endDate?: string } = {}): Promise<CouponListView> {
      const r = await cachedCall<{ results: CouponItem[]; totalCount: number }>(deps.db, call, 'couponList', { limit: 25, ...filter }, deps.clock());
      const results = (r.reply.results ?? []).map((c) => ({
        ...c, tone: lineColor(c.status), kindShown: couponKindShown(c), totalOddsText: formatOdds(c.totalOdds, { maxOdds: Number.MAX_SAFE_INTEGER }),
      }));
      return { results, totalCount: r.reply.totalCount ?? 0, offline: r.offline };
    },
  };

  /** Reloads the odds of matches the server said changed and updates their selections. */
  async function applyChangedOdds(matchIds: number[]): Promise<void> {
    let entries = slip.entries;
    for (const mid of new Set(matchIds)) {
      const r = await call<{ results: OddsGroup[] }>('odds', { matchId: mid }).catch(() => null);
      if (!r?.status) continue;
      entries = entries.map((e) => {
        if (e.selection.matchId !== mid) return e;
        const group = r.results.find((g) => g.oddstype === e.selection.oddsType && g.special === e.selection.special);
        const out = group?.outcomes.find((o) => o.outcomeid === e.selection.outcomeId);
        return { ...e, selection: { ...e.selection, odd: out?.odd ?? e.selection.odd, locked: !out || out.active !== 1 || group?.active !== 1 } };
      });
    }
    await setSlip({ ...slip, entries });
  }

  return api;
}

export type CoreApi = ReturnType<typeof createCoreApi>;
