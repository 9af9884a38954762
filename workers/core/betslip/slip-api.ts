import type { OddsGroup } from '../../../domain/protocol/entities.ts';
import type { AddRefusal } from '../../../domain/betslip/add.ts';
import { SLIP_CONSTANTS, isPickLocked } from '../../../domain/betslip/limits.ts';
import { marketOf, outcomeName } from '../../../domain/market/catalogue.ts';
import { minorToDecimal, parseAmount } from '../../../domain/money.ts';
import { formatOdds } from '../../../domain/odds/display.ts';
import type { Reply } from '../request.ts';
import type { CoreContext } from '../context.ts';
import type { LimitErrorView, Notice, SlipView } from '../events.ts';
import type { LimitError } from '../../../domain/betslip/types.ts';
import { isOutcomeOpen } from '../views.ts';
import {
  applyOddUpdates, bankoAllowed, clearSlip, EMPTY_SLIP, enforceOddsLimits, entryKey, loadEntries, removeEntry, restoreEntries, savedOddsChange,
  setSystemSizes, summaryOf, toggleBankoOf, toggleEntry, type OddMove, type OddUpdate, type SlipEntry, type SlipState,
} from './slip-state.ts';
import { pressKey, quickStakes, type KeypadKey } from './keypad.ts';
import { isOddsChange, SLIP_ODDS_CHANGE_DEFAULT, type OddsChange } from '../../../domain/betslip/odds-change.ts';

/** The value a limit error is about (a minimum, a maximum or an amount), and odds as shown. */
function limitErrorView(e: LimitError): LimitErrorView {
  const value = (e.code === 'minStake' || e.code === 'minOdds' ? e.min ?? e.amount : e.code === 'maxStake' || e.code === 'maxOdds' ? e.max ?? e.amount : e.amount ?? e.max) ?? 0;
  return { ...e, value, ...(e.code === 'minOdds' || e.code === 'maxOdds' ? { oddsText: formatOdds(value) } : {}) };
}

export type CreateResult = 'needLogin' | 'locked' | 'pending' | 'created' | 'failed';

/** The coupon placed last, kept in IndexedDB for re-create and share. */
interface LastCoupon {
  ticketId: number;
  entries: SlipEntry[];
  stake: number;
  systemSizes: number[];
  couponType: string;
  totalStake: number;
  maxPayout: number;
  at: number;
}

/** How long an odd's move arrow shows (section 4 'Odd movement': 3 s). */
const MOVE_MS = 3000;

/** The notice of a refused add (section 4): choosetypesError with the count, noSelectSoTips, limits. */
export function refusalNotice(reason: AddRefusal, ctx: { selections: number; odd: number; minOdds: number; maxOdds: number }): Notice {
  switch (reason) {
    case 'wrongCouponType': return { status: 3, key: 'choosetypesError', args: { count: ctx.selections } };
    case 'notSelectable': return { status: 3, key: 'noSelectSoTips' };
    case 'minOdds': return { status: 3, key: 'minOdds', args: { amount: formatOdds(ctx.minOdds, { maxOdds: Number.MAX_SAFE_INTEGER }) } };
    case 'maxOdds': return { status: 3, key: 'maxOdds', args: { amount: formatOdds(ctx.maxOdds, { maxOdds: Number.MAX_SAFE_INTEGER }) } };
    case 'maxSelections': return { status: 3, key: 'maxSelections', args: { max: SLIP_CONSTANTS.maxSelections } };
    default: return { status: 3, key: reason };
  }
}

/** The slip: its state in IndexedDB, its figures from domain/betslip, and the create flow of section 4. */
export function createSlipApi(ctx: CoreContext) {
  let slip: SlipState = EMPTY_SLIP;
  let pending = false;
  let lastTicketId: number | null = null;
  let lastCoupon: LastCoupon | null = null;
  let stakeGroup: string[] = quickStakes(0);
  // The site's odds-change choice (odds_change_default) for a device whose player has not chosen.
  let oddsChangeDefault: OddsChange = SLIP_ODDS_CHANGE_DEFAULT;
  // One key per slip as it stands: a retry of the same slip never places it twice.
  let idempotencyKey: string | null = null;
  // Transient display state: move arrows, the announcement of moves, per-match server errors.
  const moves = new Map<string, { dir: -1 | 1; at: number }>();
  let news: SlipView['oddsNews'] = { seq: 0, moves: [] };
  let matchErrors = new Map<number, string>();

  const oddText = (odd: number) => formatOdds(odd, { maxOdds: ctx.limits().maxOddsCoupon, style: ctx.oddsStyle() });

  const slipView = (): SlipView => {
    const limits = ctx.limits();
    const summary = summaryOf(slip, limits);
    const now = ctx.clock();
    const free = slip.entries.length - slip.entries.filter((e) => e.selection.banko).length;
    return {
      ...slip,
      oddsChange: slip.oddsChange ?? oddsChangeDefault,
      oddsChangeDefault,
      entries: slip.entries.map((e, i) => {
        const m = moves.get(e.key);
        const error = matchErrors.get(e.selection.matchId);
        return {
          ...e, oddText: oddText(e.selection.odd), move: m && now - m.at < MOVE_MS ? m.dir : 0,
          bankoAllowed: bankoAllowed(slip, i, limits), ...(error ? { error } : {}),
        };
      }),
      stakeText: minorToDecimal(slip.stake),
      summary: {
        ...summary,
        totalOddsText: summary.totalOdds ? formatOdds(summary.totalOdds, { maxOdds: Number.MAX_SAFE_INTEGER, style: ctx.oddsStyle() }) : '-',
        limitErrors: summary.limitErrors.map(limitErrorView),
      },
      systemOptions: summary.systemList.map((o) => ({ ...o, label: `${o.size}/${free}` })),
      quickStakes: stakeGroup,
      oddsNews: news,
      pending,
      lastTicketId,
      lastCoupon: lastCoupon && {
        ticketId: lastCoupon.ticketId, couponType: lastCoupon.couponType, totalStake: lastCoupon.totalStake,
        maxPayout: lastCoupon.maxPayout, selections: lastCoupon.entries.length,
      },
    };
  };
  const push = () => ctx.emit({ type: 'slip-changed', payload: slipView() });

  async function setSlip(next: SlipState): Promise<void> {
    if (next.entries !== slip.entries || next.stake !== slip.stake || next.systemSizes !== slip.systemSizes) idempotencyKey = null;
    if (next.entries !== slip.entries && matchErrors.size) matchErrors = new Map();
    slip = next;
    push();
    await ctx.db.transaction('rw', ctx.db.slip, ctx.db.kv, async () => {
      await ctx.db.slip.clear();
      await ctx.db.slip.bulkPut(slip.entries);
      await ctx.db.kv.put({ key: 'slipSettings', value: { stake: slip.stake, systemSizes: slip.systemSizes, oddsChange: slip.oddsChange } });
    });
  }

  /** Removes picks outside the user's odds limits with a 'min limit' / 'max limit' notice (section 4). */
  async function enforceLimits(): Promise<void> {
    const r = enforceOddsLimits(slip, ctx.limits());
    if (r.removed.length === 0) return;
    const first = r.removed[0]!;
    ctx.notice({
      status: 3, key: first.reason, args: { amount: formatOdds(first.limit, { maxOdds: Number.MAX_SAFE_INTEGER }) },
      lines: r.removed.map((x) => `${x.entry.selection.matchName}: ${x.entry.view.pick} ${oddText(x.entry.selection.odd)}`),
    });
    await setSlip(r.state);
  }

  // The figures depend on the session's limits: re-check the odds limits whenever they change.
  ctx.hooks.pushSlip = () => { push(); void enforceLimits(); };
  ctx.hooks.clearSlip = () => setSlip(clearSlip(slip));

  /** New odds for picks on the slip (server reply or feed): arrows, announcement, limits. */
  async function applyUpdates(updates: OddUpdate[]): Promise<OddMove[]> {
    const r = applyOddUpdates(slip, updates);
    if (r.moves.length) {
      const now = ctx.clock();
      for (const m of r.moves) moves.set(m.key, { dir: m.to > m.from ? 1 : -1, at: now });
      news = { seq: news.seq + 1, moves: r.moves.map((m) => ({ matchName: m.matchName, from: oddText(m.from), to: oddText(m.to), up: m.to > m.from })) };
      // The arrows go after 3 s: push once more then.
      setTimeout(push, MOVE_MS + 50);
    }
    await setSlip(r.state);
    await enforceLimits();
    return r.moves;
  }

  /** Reloads the odds of matches the server said changed and updates their selections. */
  async function applyChangedOdds(matchIds: number[]): Promise<void> {
    const updates: OddUpdate[] = [];
    for (const mid of new Set(matchIds)) {
      const r = await ctx.call<{ results: OddsGroup[] }>('odds', { matchId: mid }).catch(() => null);
      if (!r?.status) continue;
      for (const e of slip.entries) {
        if (e.selection.matchId !== mid) continue;
        const group = r.results.find((g) => g.oddstype === e.selection.oddsType && g.special === e.selection.special);
        const out = group?.outcomes.find((o) => o.outcomeid === e.selection.outcomeId);
        updates.push({ key: e.key, odd: out?.odd ?? e.selection.odd, locked: !out || out.active !== 1 || group?.active !== 1 });
      }
    }
    await applyUpdates(updates);
  }

  const takeDefault = (v: unknown) => {
    if (isOddsChange(v) && v !== oddsChangeDefault) { oddsChangeDefault = v; push(); }
  };
  // A settings change reaches an open app through the site module: follow its default at once.
  ctx.listeners.add((e) => { if (e.type === 'site') takeDefault(e.payload.oddsChangeDefault); });

  /** The site setting coupon_amount_group picks the quick-stake group (GET /api/settings). */
  async function loadSettings(): Promise<void> {
    try {
      const res = await ctx.fetch('/api/settings');
      const body = (await res.json()) as { settings?: Record<string, unknown> };
      const group = quickStakes(body.settings?.coupon_amount_group);
      if (group.join() !== stakeGroup.join()) { stakeGroup = group; push(); }
      takeDefault(body.settings?.odds_change_default);
    } catch {
      // Offline or no setting: the default group stays.
    }
  }

  return {
    /** Loads the slip kept in IndexedDB (entries older than 5 minutes are dropped). */
    async loadSlip(): Promise<void> {
      const [entries, settings, last] = await Promise.all([ctx.db.slip.toArray(), ctx.db.kv.get('slipSettings'), ctx.db.kv.get('lastCoupon')]);
      const saved = settings?.value as (Partial<SlipState> & { oddChangeOk?: unknown }) | undefined;
      slip = {
        ...EMPTY_SLIP, ...(saved?.stake ? { stake: saved.stake } : {}), ...(saved?.systemSizes ? { systemSizes: saved.systemSizes } : {}),
        oddsChange: savedOddsChange(saved), entries: loadEntries(entries, ctx.clock()),
      };
      if (!slip.entries.length) slip = { ...slip, systemSizes: [] };
      // A coupon saved by an older version lacks the figures: show zeros rather than NaN.
      const savedCoupon = last?.value as Partial<LastCoupon> | undefined;
      lastCoupon = savedCoupon?.ticketId && savedCoupon.entries
        ? { systemSizes: [], couponType: '', totalStake: 0, maxPayout: 0, stake: EMPTY_SLIP.stake, at: 0, ...savedCoupon, ticketId: savedCoupon.ticketId, entries: savedCoupon.entries }
        : null;
      lastTicketId = lastCoupon?.ticketId ?? null;
      void loadSettings();
    },

    slipView,

    /** A tap on an odd button of a match row or market. */
    async toggleOdd(matchId: number, oddsid: number, oddid: number): Promise<void> {
      const match = ctx.shown.get(matchId);
      const group = match?.odds.find((g) => g.oddsid === oddsid);
      const outcome = group?.outcomes.find((o) => o.oddid === oddid);
      if (!match || !group || !outcome) return;
      const selection = {
        matchId: match.id, oddsType: group.oddstype, outcomeId: outcome.outcomeid, special: group.special, odd: outcome.odd,
        banko: false, live: match.matchstatus !== 'not_started', locked: false, matchName: `${match.homeTeam} - ${match.awayTeam}`,
        addedAt: ctx.clock(),
        // The match's minimum tip count (odds data minTip): the summary asks for that many matches.
        ...(match.minTip > 1 ? { minTip: match.minTip } : {}),
      };
      const entry: SlipEntry = {
        key: entryKey(selection),
        selection,
        view: {
          home: match.homeTeam, away: match.awayTeam, matchDate: match.matchDate, sportId: match.sportId,
          market: marketOf(group.oddstype)?.name ?? group.typeName, pick: outcomeName(group.oddstype, outcome.outcomeid) || outcome.outcome,
        },
      };
      const limits = ctx.limits();
      const r = toggleEntry(slip, entry, limits, isOutcomeOpen(match, group, outcome));
      if (r.refused) {
        ctx.notice(refusalNotice(r.refused, { selections: slip.entries.length, odd: outcome.odd, minOdds: limits.minOddsCoupon, maxOdds: limits.maxOddsCoupon }));
        return;
      }
      await setSlip(r.state);
    },

    async removeSelection(key: string): Promise<void> { await setSlip(removeEntry(slip, key, ctx.limits())); },
    async clearSlip(): Promise<void> { await setSlip(clearSlip(slip)); },
    /** The stake as typed ('12.50'); an unreadable amount is ignored. */
    async setStakeText(text: string): Promise<void> {
      const stake = parseAmount(text);
      if (stake !== null) await setSlip({ ...slip, stake });
    },
    /** The keypad text after a key press (section 5); the UI keeps the text until OK. */
    keypadPress(text: string, key: KeypadKey, fresh: boolean): string { return pressKey(text, key, fresh); },
    /** 'Stake limited to': takes the largest stake whose payout fits the user's maximum payout. */
    async takeLimitedStake(): Promise<void> {
      const limited = summaryOf(slip, ctx.limits()).stakeLimitedTo;
      if (limited !== undefined && limited > 0) await setSlip({ ...slip, stake: limited });
    },
    /** The player's odds-change choice, remembered on this device. */
    async setOddsChange(choice: OddsChange): Promise<void> { if (isOddsChange(choice)) await setSlip({ ...slip, oddsChange: choice }); },
    /** The chosen system sizes; an empty list leaves the system and clears the bankers. */
    async setSystemSizes(sizes: number[]): Promise<void> { await setSlip(setSystemSizes(slip, sizes, ctx.limits())); },
    /** Flips a banker; refused (no change) when the banko rule does not allow it. */
    async toggleBanko(key: string): Promise<boolean> {
      const next = toggleBankoOf(slip, key, ctx.limits());
      if (!next) return false;
      await setSlip(next);
      return true;
    },
    /** New odds from the live feed for picks on the slip (the feed module calls this). */
    applyOddUpdates: applyUpdates,

    /** Re-create after success: the selections of the last coupon back on the slip. */
    async recreateLastCoupon(): Promise<void> {
      if (!lastCoupon) return;
      await setSlip(restoreEntries(lastCoupon, slip.oddsChange, ctx.clock(), ctx.limits()));
      await enforceLimits();
    },
    /** Quit after success: forget the saved coupon. */
    async clearLastCoupon(): Promise<void> {
      lastCoupon = null;
      lastTicketId = null;
      await ctx.db.kv.delete('lastCoupon');
      push();
    },

    /** The create flow of section 4. */
    async createCoupon(): Promise<CreateResult> {
      if (!ctx.session()) return 'needLogin';
      const locked = slip.entries.filter((e) => isPickLocked(e.selection));
      if (locked.length) {
        ctx.notice({ status: 3, key: 'thereAreLockedMatches', lines: locked.map((e) => e.selection.matchName) });
        return 'locked';
      }
      if (pending) {
        ctx.notice({ status: 6, key: 'pleaseWait' });
        return 'pending';
      }
      const summary = summaryOf(slip, ctx.limits());
      if (!summary.creatable || summary.couponType === 'none') return 'failed';
      pending = true;
      idempotencyKey ??= ctx.uuid();
      const placed = slip;
      push();
      ctx.notice({ status: 5, key: 'pleaseWaitCouponCreation' });
      try {
        const r: Reply<{ ticketId?: number; changed?: number[]; couponErrors?: Array<{ mid: number; msg: string }>; totalStake?: number; maxPayout?: number }> = await ctx.call('createCoupon', {
          ticketType: summary.couponType,
          couponType: summary.isLive ? 4 : undefined,
          oddsChange: placed.oddsChange ?? oddsChangeDefault,
          systemTickets: summary.couponType === 'SK' ? placed.systemSizes : [],
          totalStake: summary.totalAmount,
          ticketStake: summary.baseAmount,
          tips: placed.entries.map((e) => ({
            mid: e.selection.matchId, oddTypeId: e.selection.oddsType, banko: e.selection.banko, ttype: e.selection.live ? 'L' : 'N',
            odd: e.selection.odd, team1: e.view.home, team2: e.view.away, mDate: e.view.matchDate, sid: e.view.sportId,
            ktip: { outcomeid: e.selection.outcomeId, special: e.selection.special },
          })),
        }, { idempotencyKey });
        if (r.status && r.ticketId) {
          lastTicketId = r.ticketId;
          lastCoupon = {
            ticketId: r.ticketId, entries: placed.entries, stake: placed.stake, systemSizes: placed.systemSizes, couponType: summary.couponType,
            totalStake: r.totalStake ?? summary.totalAmount, maxPayout: r.maxPayout ?? summary.maxPayout, at: ctx.clock(),
          };
          await ctx.db.kv.put({ key: 'lastCoupon', value: lastCoupon });
          ctx.notice({ status: 1, key: '', text: r.msg ?? '' });
          pending = false;
          await setSlip(clearSlip(slip));
          void ctx.hooks.refreshSession();
          return 'created';
        }
        if (r.login === false) {
          // The session is gone on the server: log out here too; the UI opens the login popup.
          ctx.setSession(null);
          ctx.emit({ type: 'session', payload: null });
          ctx.notice({ status: 2, key: '', text: r.msg ?? '' });
          return 'needLogin';
        }
        if (r.changed?.length) await applyChangedOdds(r.changed);
        const errors = r.couponErrors ?? [];
        matchErrors = new Map(errors.map((c) => [c.mid, c.msg]));
        const name = (mid: number) => slip.entries.find((e) => e.selection.matchId === mid)?.selection.matchName;
        ctx.notice({
          status: r.changed?.length ? 4 : 2, key: '', text: r.msg ?? '',
          ...(errors.length ? { lines: errors.map((c) => (name(c.mid) ? `${name(c.mid)}: ${c.msg}` : c.msg)) } : {}),
        });
        return 'failed';
      } catch (err) {
        ctx.notice({ status: 2, key: 'networkError', text: err instanceof Error ? err.message : '' });
        return 'failed';
      } finally {
        pending = false;
        push();
      }
    },
  };
}
