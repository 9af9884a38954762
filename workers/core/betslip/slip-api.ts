import type { OddsGroup } from '../../../domain/protocol/entities.ts';
import { SLIP_CONSTANTS } from '../../../domain/betslip/limits.ts';
import { marketOf, outcomeName } from '../../../domain/market/catalogue.ts';
import { minorToDecimal, parseAmount } from '../../../domain/money.ts';
import { formatOdds } from '../../../domain/odds/display.ts';
import type { Reply } from '../request.ts';
import type { CoreContext } from '../context.ts';
import type { SlipView } from '../events.ts';
import { isOutcomeOpen } from '../views.ts';
import { clearSlip, EMPTY_SLIP, entryKey, loadEntries, removeEntry, summaryOf, toggleEntry, type SlipEntry, type SlipState } from './slip-state.ts';

export type CreateResult = 'needLogin' | 'locked' | 'pending' | 'created' | 'failed';

/** The slip: its state in IndexedDB, its figures from domain/betslip, and the create flow of section 4. */
export function createSlipApi(ctx: CoreContext) {
  let slip: SlipState = EMPTY_SLIP;
  let pending = false;
  let lastTicketId: number | null = null;
  // One key per slip as it stands: a retry of the same slip never places it twice.
  let idempotencyKey: string | null = null;

  const slipView = (): SlipView => {
    const summary = summaryOf(slip, ctx.limits());
    return {
      ...slip,
      entries: slip.entries.map((e) => ({ ...e, oddText: formatOdds(e.selection.odd) })),
      stakeText: minorToDecimal(slip.stake),
      summary: { ...summary, totalOddsText: summary.totalOdds ? formatOdds(summary.totalOdds, { maxOdds: Number.MAX_SAFE_INTEGER }) : '-' },
      pending,
      lastTicketId,
    };
  };
  const push = () => ctx.emit({ type: 'slip-changed', payload: slipView() });
  ctx.hooks.pushSlip = push;

  async function setSlip(next: SlipState): Promise<void> {
    if (next.entries !== slip.entries || next.stake !== slip.stake || next.systemSizes !== slip.systemSizes) idempotencyKey = null;
    slip = next;
    push();
    await ctx.db.transaction('rw', ctx.db.slip, ctx.db.kv, async () => {
      await ctx.db.slip.clear();
      await ctx.db.slip.bulkPut(slip.entries);
      await ctx.db.kv.put({ key: 'slipSettings', value: { stake: slip.stake, systemSizes: slip.systemSizes, oddChangeOk: slip.oddChangeOk } });
    });
  }
  ctx.hooks.clearSlip = () => setSlip(clearSlip(slip));

  /** Reloads the odds of matches the server said changed and updates their selections. */
  async function applyChangedOdds(matchIds: number[]): Promise<void> {
    let entries = slip.entries;
    for (const mid of new Set(matchIds)) {
      const r = await ctx.call<{ results: OddsGroup[] }>('odds', { matchId: mid }).catch(() => null);
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

  return {
    /** Loads the slip kept in IndexedDB (entries older than 5 minutes are dropped). */
    async loadSlip(): Promise<void> {
      const [entries, settings, last] = await Promise.all([ctx.db.slip.toArray(), ctx.db.kv.get('slipSettings'), ctx.db.kv.get('lastCoupon')]);
      const saved = settings?.value as Partial<SlipState> | undefined;
      slip = { ...EMPTY_SLIP, ...saved, entries: loadEntries(entries, ctx.clock()) };
      lastTicketId = (last?.value as { ticketId?: number } | undefined)?.ticketId ?? null;
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
      };
      const entry: SlipEntry = {
        key: entryKey(selection),
        selection,
        view: {
          home: match.homeTeam, away: match.awayTeam, matchDate: match.matchDate, sportId: match.sportId,
          market: marketOf(group.oddstype)?.name ?? group.typeName, pick: outcomeName(group.oddstype, outcome.outcomeid) || outcome.outcome,
        },
      };
      const r = toggleEntry(slip, entry, ctx.limits(), isOutcomeOpen(match, group, outcome));
      if (r.refused) {
        ctx.notice({ status: 3, key: r.refused, args: { max: SLIP_CONSTANTS.maxSelections } });
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
      if (!ctx.session()) return 'needLogin';
      if (pending) return 'pending';
      const summary = summaryOf(slip, ctx.limits());
      const locked = slip.entries.filter((e) => e.selection.locked);
      if (locked.length) {
        ctx.notice({ status: 3, key: 'thereAreLockedMatches', lines: locked.map((e) => e.selection.matchName) });
        return 'locked';
      }
      if (!summary.creatable || summary.couponType === 'none') return 'failed';
      pending = true;
      idempotencyKey ??= ctx.uuid();
      push();
      ctx.notice({ status: 5, key: 'pleaseWaitCouponCreation' });
      try {
        const r: Reply<{ ticketId?: number; changed?: number[]; couponErrors?: Array<{ mid: number; msg: string }> }> = await ctx.call('createCoupon', {
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
          await ctx.db.kv.put({ key: 'lastCoupon', value: { ticketId: r.ticketId, entries: slip.entries, stake: slip.stake, at: ctx.clock() } });
          ctx.notice({ status: 1, key: '', text: r.msg ?? '' });
          pending = false;
          await setSlip(clearSlip(slip));
          void ctx.hooks.refreshSession();
          return 'created';
        }
        if (r.login === false) {
          ctx.setSession(null);
          ctx.emit({ type: 'session', payload: null });
          return 'needLogin';
        }
        if (r.changed?.length) await applyChangedOdds(r.changed);
        ctx.notice({ status: r.changed?.length ? 4 : 2, key: '', text: r.msg ?? '', lines: r.couponErrors?.map((c) => c.msg) });
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
