/**
 * Retail calls: payload schemas and reply shapes of ticketCheck, redeemTicket,
 * saveBooking, loadBooking and the kiosk's cash calls, shared by the worker and the server
 * (server/http/routes/retail.ts), and the retail settings.
 */
import { z } from 'zod';
import { common, createCouponPayload, type CouponTip } from '../protocol/calls.ts';
import { int4Id, int8 } from '../protocol/input-guard.ts';
import { SITE_SETTING_DEFAULTS, type SiteSettings } from '../settings/site-settings.ts';

/** Retail settings, edited in the back office (site settings, screen 'retail'). */
export interface RetailSettings {
  /** A winning ticket can be paid for this many days after its last event. */
  ticketExpiryDays: number;
  /** A booking code loads its slip for this many hours. */
  bookingValidHours: number;
  /** A voucher can be redeemed for this many days. */
  voucherExpiryDays: number;
  /** Seconds without a touch before the kiosk warns, and before it clears the slip and goes home. */
  kioskIdleWarnSec: number;
  kioskIdleResetSec: number;
}

/** The retail settings of a site's settings (the reset never comes before the warning). */
export function retailSettings(s: SiteSettings): RetailSettings {
  return {
    ticketExpiryDays: s.ticket_expiry_days, bookingValidHours: s.booking_valid_hours, voucherExpiryDays: s.voucher_expiry_days,
    kioskIdleWarnSec: s.kiosk_idle_warn_sec, kioskIdleResetSec: Math.max(s.kiosk_idle_reset_sec, s.kiosk_idle_warn_sec + 10),
  };
}

/** The defaults (a site that never changed them). */
export const RETAIL_SETTINGS: RetailSettings = retailSettings(SITE_SETTING_DEFAULTS);

/** A typed or scanned code: letters, digits and separators only, bounded. */
const codeField = z.string().min(4).max(40).regex(/^[0-9A-Za-z\s\-_.]+$/);

export const ticketCheckPayload = z.object({ ...common, code: codeField });
export const redeemTicketPayload = z.object({ ...common, code: codeField });
/** saveBooking takes the slip as createCoupon does (the stake is a suggestion the kiosk may change). */
export const saveBookingPayload = createCouponPayload;
export const loadBookingPayload = z.object({ ...common, code: codeField });
/** The bill acceptor's bridge reports a note: once per note id (its own idempotency). */
export const cashInPayload = z.object({ ...common, amount: int8().positive().max(10_000_000), noteId: z.string().min(1).max(64) });
export const cashOutPayload = z.object({ ...common });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** bo/terminalPairingCode: a code for one terminal; pairTerminal: the kiosk enters it (no login). */
export const terminalPairingPayload = z.object({ ...common, terminalId: int4Id() });
export const pairTerminalPayload = z.object({ ...common, code: codeField });
/** bo/terminalPairingCode's reply: the 8-character code and when it expires. */
export interface TerminalPairingReply { status: true; code: string; expiresAt: string }
/** bo/shopReport: the terminals of the subtree (or one) over whole days; bo/zReport is one terminal's day. */
export const shopReportPayload = z.object({ ...common, from: day, to: day, terminalId: int4Id().optional() });

/** A ticket's status as the check shows it. */
export type TicketStatus = 'waiting' | 'won' | 'lost' | 'cancelled' | 'sold' | 'paid' | 'expired';

/** One selection of a checked ticket. */
export interface TicketLine {
  matchName: string;
  matchDate: string;
  pick: string;
  odds: number;
  status: number;
}

/** ticketCheck's reply: status and payout (the public page shows only these). */
export interface TicketCheckReply {
  status: true;
  ticket: {
    ticketId: number;
    code: string;
    status: TicketStatus;
    lines: TicketLine[];
    stake: number;
    payout: number;
    paid: 0 | 1;
    paidAt: string | null;
    expiresAt: string;
  };
}

/** redeemTicket's reply: the voucher printed at a kiosk (null when paid at the counter). */
export interface RedeemReply {
  status: true;
  msg: string;
  kind: 'ticket' | 'voucher';
  amount: number;
  voucher: { code: string; amount: number; expiresAt: string } | null;
}

export interface SaveBookingReply { status: true; code: string; expiresAt: string }
/** loadBooking: the slip at current odds; `changed` lists the tips whose odds moved or closed. */
export interface LoadBookingReply {
  status: true;
  tips: CouponTip[];
  ticketType: string;
  totalStake: number;
  changed: { mid: number; oddTypeId: number; was: number; now: number | null }[];
}

/**
 * One terminal's row of bo/shopReport (money in minor units; overShort = ledger - expected).
 * voided: cancelled by the back office; cancelled: by the customer or a failed print. winsHeld:
 * wins moved from the till to the ticket liability (net of corrections); liabilityIn / liabilityPaid:
 * the liability journal's movements in the period; unclaimed: expired tickets' wins written off to the
 * shop in the period ("unclaimed (expired)"); shortfall: wins of tickets settled before migration 192
 * that the till no longer held when migration 193 moved them (the shop owes them; at the period's end);
 * liability: what is owed to ticket holders at its end.
 */
export interface ShopReportRow {
  terminalId: number; terminalNo: string; userName: string; shopId: number | null; shopName: string;
  ticketsSold: number; stakes: number; voided: number; cancelled: number; refunds: number; wins: number;
  ticketsPaid: number; paidAmount: number; reprints: number; cashIn: number;
  vouchersIssued: number; vouchersIssuedAmount: number; cashOut: number; vouchersRedeemed: number; vouchersRedeemedAmount: number;
  transfers: number; winsHeld: number; liabilityIn: number; liabilityPaid: number; unclaimed: number; shortfall: number; liability: number;
  expected: number; ledger: number; overShort: number;
  /** From the one set of figures (domain/backoffice/figures.ts): GGR on settled tickets, open ones beside it, wins still to pay at the counter. */
  settledStakes: number; ggr: number; openStakes: number; openLiability: number; toPayCount: number; toPayAmount: number;
}
/** bo/shopReport's reply. */
export interface ShopReportReply { status: true; results: ShopReportRow[] }

/** The figures of a report summed (a shop's total of its terminals' rows). */
export function reportTotal(rows: readonly ShopReportRow[], head: Pick<ShopReportRow, 'terminalId' | 'terminalNo' | 'userName' | 'shopId' | 'shopName'>): ShopReportRow {
  const total = { ...head } as ShopReportRow;
  const keys = (Object.keys(rows[0] ?? {}) as (keyof ShopReportRow)[]).filter((k) => !(k in head));
  for (const k of keys) (total as unknown as Record<string, number>)[k] = rows.reduce((s, r) => s + (r[k] as number), 0);
  return total;
}

/** The kiosk's day-close (Z) report: one day of its own figures. */
export const zReportPayload = z.object({ ...common, day: day.optional() });
