/**
 * Retail in the worker: the ticket check (public page and kiosk), redemption, booking
 * codes (saved from the slip kept in IndexedDB, loaded back into it re-priced) and the kiosk's
 * credit, cash in and cash out. The rules are the server's (server/retail/); this turns replies
 * into what the screens show.
 */
import { marketOf, outcomeName } from '../../../domain/market/catalogue.ts';
import { formatOdds } from '../../../domain/odds/display.ts';
import { formatCode } from '../../../domain/retail/codes.ts';
import type { LoadBookingReply, RedeemReply, SaveBookingReply, TicketCheckReply, TicketStatus } from '../../../domain/retail/calls.ts';
import type { CouponTip } from '../../../domain/protocol/calls.ts';
import type { CoreContext } from '../context.ts';
import { dateTimeText, moneyText } from '../account/format.ts';
import { timeZone } from '../account/zone.ts';
import { EMPTY_SLIP, entryKey, savedOddsChange, summaryOf, type SlipEntry, type SlipState } from '../betslip/slip-state.ts';

export interface TicketView {
  ok: true;
  ticketId: number;
  code: string;
  status: TicketStatus;
  stakeText: string;
  payoutText: string;
  paidAtText: string;
  expiresText: string;
  lines: { matchName: string; dateText: string; pick: string; oddsText: string; status: number }[];
}
export interface RetailFailure { ok: false; text: string; key: string }
export interface RedeemView { ok: true; text: string; amountText: string; voucher: { code: string; codeText: string; amountText: string; expiresText: string } | null }
export interface BookingSaved { ok: true; code: string; codeText: string; expiresText: string }
export interface BookingLoaded { ok: true; selections: number; changed: { matchName: string; text: string }[] }

/** The tips a booking code keeps carry what the slip shows (the slip sends them with createCoupon too). */
type ShownTip = CouponTip & { team1?: string; team2?: string; mDate?: string; sid?: number };

export function createRetailApi(ctx: CoreContext, slip: { loadSlip(): Promise<void>; push(): void }) {
  const money = (minor: number) => moneyText(minor, ctx.session()?.currency ?? 'TRY', ctx.lang());
  const when = (iso: string | null) => dateTimeText(iso, timeZone());
  const fail = (r: { msg?: string; error?: string }): RetailFailure => ({ ok: false, text: r.msg ?? '', key: r.error ?? '' });

  return {
    /** ticketCheck: status, lines and payout of a typed or scanned code. */
    async ticketCheck(code: string): Promise<TicketView | RetailFailure> {
      const r = await ctx.call<TicketCheckReply>('ticketCheck', { code });
      if (!r.status) return fail(r);
      const t = (r as TicketCheckReply).ticket;
      return {
        ok: true, ticketId: t.ticketId, code: formatCode(t.code), status: t.status, stakeText: money(t.stake), payoutText: money(t.payout),
        paidAtText: when(t.paidAt), expiresText: when(t.expiresAt),
        lines: t.lines.map((l) => ({ matchName: l.matchName, dateText: when(l.matchDate), pick: l.pick, oddsText: formatOdds(l.odds, { maxOdds: Number.MAX_SAFE_INTEGER }), status: l.status })),
      };
    },

    /** Pays a ticket or a voucher (a kiosk prints the voucher it gets; the counter pays cash). */
    async redeemTicket(code: string): Promise<RedeemView | RetailFailure> {
      const r = await ctx.call<RedeemReply>('redeemTicket', { code });
      if (!r.status) return fail(r);
      const v = r as RedeemReply;
      void ctx.hooks.refreshSession();
      return {
        ok: true, text: v.msg, amountText: money(v.amount),
        voucher: v.voucher && { code: v.voucher.code, codeText: formatCode(v.voucher.code), amountText: money(v.voucher.amount), expiresText: when(v.voucher.expiresAt) },
      };
    },

    /** Saves the slip as it stands under a booking code. */
    async saveBooking(): Promise<BookingSaved | RetailFailure> {
      const [entries, settings] = await Promise.all([ctx.db.slip.toArray(), ctx.db.kv.get('slipSettings')]);
      const state: SlipState = { ...EMPTY_SLIP, ...(settings?.value as Partial<SlipState> | undefined), entries };
      const s = summaryOf(state, ctx.limits());
      if (!entries.length || s.couponType === 'none') return { ok: false, text: '', key: 'emptySlip' };
      const r = await ctx.call<SaveBookingReply>('saveBooking', {
        ticketType: s.couponType, oddChangeOk: true, systemTickets: s.couponType === 'SK' ? state.systemSizes : [],
        totalStake: s.totalAmount, ticketStake: s.baseAmount,
        tips: entries.map((e) => ({
          mid: e.selection.matchId, oddTypeId: e.selection.oddsType, banko: e.selection.banko, ttype: e.selection.live ? 'L' : 'N', odd: e.selection.odd,
          team1: e.view.home, team2: e.view.away, mDate: e.view.matchDate, sid: e.view.sportId, ktip: { outcomeid: e.selection.outcomeId, special: e.selection.special },
        })),
      });
      if (!r.status) return fail(r);
      const b = r as SaveBookingReply;
      return { ok: true, code: b.code, codeText: formatCode(b.code), expiresText: when(b.expiresAt) };
    },

    /** Loads a booking code into the slip at current odds (replacing it) and lists what changed. */
    async loadBooking(code: string): Promise<BookingLoaded | RetailFailure> {
      const r = await ctx.call<LoadBookingReply>('loadBooking', { code });
      if (!r.status) return fail(r);
      const b = r as LoadBookingReply;
      const now = ctx.clock();
      const entries: SlipEntry[] = (b.tips as ShownTip[]).map((t) => {
        const selection = {
          matchId: t.mid, oddsType: t.oddTypeId, outcomeId: t.ktip.outcomeid, special: t.ktip.special, odd: t.odd, banko: t.banko === true || t.banko === 1,
          live: t.ttype === 'L', locked: false, matchName: `${t.team1 ?? ''} - ${t.team2 ?? ''}`, addedAt: now,
        };
        return {
          key: entryKey(selection), selection,
          view: { home: t.team1 ?? '', away: t.team2 ?? '', matchDate: t.mDate ?? '', sportId: t.sid ?? 0, market: marketOf(t.oddTypeId)?.name ?? '', pick: outcomeName(t.oddTypeId, t.ktip.outcomeid) },
        };
      });
      const saved = (b.tips as ShownTip[]).concat();
      const name = (mid: number) => { const t = saved.find((x) => x.mid === mid); return t ? `${t.team1 ?? ''} - ${t.team2 ?? ''}` : String(mid); };
      await ctx.db.transaction('rw', ctx.db.slip, ctx.db.kv, async () => {
        // The device's odds-change choice stays: a booking carries picks and a stake, not the player's choice.
        const prev = (await ctx.db.kv.get('slipSettings'))?.value as { oddsChange?: unknown; oddChangeOk?: unknown } | undefined;
        await ctx.db.slip.clear();
        await ctx.db.slip.bulkPut(entries);
        await ctx.db.kv.put({ key: 'slipSettings', value: { stake: b.totalStake, systemSizes: [], oddsChange: savedOddsChange(prev) } });
      });
      await slip.loadSlip();
      slip.push();
      return {
        ok: true, selections: entries.length,
        changed: b.changed.map((c) => ({ matchName: name(c.mid), text: c.now === null ? '-' : `${formatOdds(c.was)} → ${formatOdds(c.now)}` })),
      };
    },

    /** Pairs this kiosk with the code the back office shows: the terminal's session starts. */
    async pairTerminal(code: string): Promise<{ ok: true } | RetailFailure> {
      const r = await ctx.call('pairTerminal', { code });
      if (!r.status) return fail(r);
      await ctx.hooks.refreshSession();
      return { ok: true };
    },

    /** The kiosk's credit (its till: wins owed on tickets are held apart), whether the demo cash button shows, and the idle timer's settings. */
    async kioskCredit(): Promise<{ credit: number; creditText: string; demo: boolean; idleWarnSec: number; idleResetSec: number } | RetailFailure> {
      const r = await ctx.call<{ credit: number; demo: boolean }>('kioskCredit', {});
      if (!r.status) return fail(r);
      const c = r as unknown as { credit: number; demo: boolean; idleWarnSec: number; idleResetSec: number };
      return { credit: c.credit, creditText: money(c.credit), demo: c.demo, idleWarnSec: c.idleWarnSec, idleResetSec: c.idleResetSec };
    },

    /** A bank note from the bill acceptor (the demo button sends one with a fresh note id). */
    async cashIn(amount: number): Promise<{ ok: boolean; text: string }> {
      const r = await ctx.call('cashIn', { amount, noteId: ctx.uuid() });
      void ctx.hooks.refreshSession();
      return { ok: !!r.status, text: r.msg ?? '' };
    },

    /** Cash out: the credit as a voucher to print. */
    async cashOut(): Promise<RedeemView | RetailFailure> {
      const r = await ctx.call<{ voucher: { code: string; amount: number; expiresAt: string } }>('cashOut', {});
      if (!r.status) return fail(r);
      const v = (r as unknown as { voucher: { code: string; amount: number; expiresAt: string }; msg: string });
      void ctx.hooks.refreshSession();
      return { ok: true, text: v.msg, amountText: money(v.voucher.amount), voucher: { code: v.voucher.code, codeText: formatCode(v.voucher.code), amountText: money(v.voucher.amount), expiresText: when(v.voucher.expiresAt) } };
    },
  };
}
