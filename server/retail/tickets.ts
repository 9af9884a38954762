/**
 * Retail tickets: a shop terminal's coupon as a bearer ticket with an unguessable code,
 * its check, and its payout, once. The one rule of "paid once" is payCouponOnce: the kiosk's
 * redemption and the back office's bo/markCouponPaid (server/backoffice/coupons.ts) both use it, on
 * the same columns (coupons.shop_paid_at, shop_paid_by) under the coupon's row lock.
 *
 * Money: a terminal coupon's win is owed to the ticket's bearer: settlement books it and moves it
 * out of the terminal's till into the ticket liability (server/retail/liability.ts); paying the
 * ticket (the counter's cash, or the voucher the kiosk prints) closes the liability. The till's
 * balance is the kiosk customer's credit, none of it owed to ticket holders.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { retail } from './settings.ts';
import { postLedger } from '../wallet/ledger.ts';
import { payLiability } from './liability.ts';
import { couponDetail } from '../betting-lifecycle/coupon-queries.ts';
import { lineIn } from './market-names.ts';
import { marketSettings } from '../catalogue/markets.ts';
import { TICKET_CODE_RANDOM, newCode, normalizeCode } from '../../domain/retail/codes.ts';
import { type TicketCheckReply, type TicketStatus } from '../../domain/retail/calls.ts';

const DAY_MS = 86_400_000;

/** A new ticket or voucher code (65 random bits and a check symbol). */
export const newBearerCode = (): string => newCode(randomBytes(TICKET_CODE_RANDOM), TICKET_CODE_RANDOM);

/** A typed code in canonical form, or the refusal of a code that cannot exist (wrong check symbol). */
export function bearerCode(input: string): string {
  const code = normalizeCode(input, TICKET_CODE_RANDOM);
  if (!code) throw new CallError(404, 'ticketNotFound', {}, { error: 'ticketNotFound' });
  return code;
}

export interface TicketRow {
  coupon_id: number; code: string; terminal_id: number; shop_id: number | null; expires_at: Date; prints: number; created_at: Date;
}

/**
 * The ticket of a terminal's coupon, issued on its first receipt (get or create): a win can be paid
 * until the ticket expiry setting after the coupon's last event.
 */
export async function ticketOf(q: Queryable, couponId: number, terminalId: number, now: number): Promise<TicketRow> {
  const [seen] = await q.query<TicketRow>('select * from retail_tickets where coupon_id = $1', [couponId]);
  if (seen) return seen;
  const [last] = await q.query<{ d: Date | null }>(
    'select max(m.match_date) as d from coupon_tips t join matches m on m.id = t.match_id where t.coupon_id = $1', [couponId]);
  const lastEvent = last?.d ? Math.max(new Date(last.d).getTime(), now) : now;
  const [row] = await q.query<TicketRow>(
    `insert into retail_tickets (coupon_id, code, terminal_id, shop_id, expires_at, created_at)
     select $1, $2, $3, parent_id, $4, $5 from users where id = $3
     on conflict (coupon_id) do update set coupon_id = excluded.coupon_id returning *`,
    [couponId, newBearerCode(), terminalId, new Date(lastEvent + retail().ticketExpiryDays * DAY_MS), new Date(now)]);
  return row!;
}

/**
 * Counts one printed receipt of a ticket and says whether it is a duplicate. Only the terminal's
 * last ticket may be printed again ('reprint last'): a reprint of an older one is refused.
 */
export async function countPrint(q: Queryable, t: TicketRow): Promise<{ duplicate: boolean; prints: number } | null> {
  if (t.prints > 0) {
    const [last] = await q.query<{ coupon_id: number }>(
      'select coupon_id from retail_tickets where terminal_id = $1 order by created_at desc, coupon_id desc limit 1', [t.terminal_id]);
    if (Number(last?.coupon_id) !== Number(t.coupon_id)) return null;
  }
  const [r] = await q.query<{ prints: number }>('update retail_tickets set prints = prints + 1 where coupon_id = $1 returning prints', [t.coupon_id]);
  return { duplicate: (r?.prints ?? 1) > 1, prints: r?.prints ?? 1 };
}

/** The ticket of a code (null when no ticket has it). */
export async function ticketByCode(q: Queryable, code: string): Promise<TicketRow | null> {
  const [t] = await q.query<TicketRow>('select * from retail_tickets where code = $1', [code]);
  return t ?? null;
}

/** A coupon's state as a ticket shows it. */
function ticketStatus(c: { status: number; paid_at: Date | null }, expiresAt: Date, now: number): TicketStatus {
  if (c.paid_at) return 'paid';
  if (c.status === 1) return now > expiresAt.getTime() ? 'expired' : 'won';
  return ({ 0: 'waiting', [-1]: 'lost', [-2]: 'cancelled', 2: 'sold' } as Record<number, TicketStatus>)[c.status] ?? 'waiting';
}

/** ticketCheck: a ticket's status, selections (named in the request's language) and payout (no login; the code is the bearer's proof). */
export async function checkTicket(q: Queryable, input: string, now: number, lang: string): Promise<TicketCheckReply> {
  const t = await ticketByCode(q, bearerCode(input));
  if (!t) throw new CallError(404, 'ticketNotFound', {}, { error: 'ticketNotFound' });
  const d = await couponDetail(q, t.terminal_id, Number(t.coupon_id), now);
  if (!d) throw new CallError(404, 'ticketNotFound', {}, { error: 'ticketNotFound' });
  const [c] = await q.query<{ status: number; income: number; total_stake: number; paid_at: Date | null }>(
    'select status, income, total_stake, shop_paid_at as paid_at from coupons where id = $1', [t.coupon_id]);
  const expiresAt = new Date(t.expires_at);
  await marketSettings(q); // the catalogue's names as last saved
  return {
    status: true,
    ticket: {
      ticketId: Number(t.coupon_id), code: t.code, status: ticketStatus(c!, expiresAt, now),
      lines: d.lines.map((line) => lineIn(line, lang)).map((l) => ({ matchName: `${l.home} - ${l.away}`, matchDate: l.matchDate, pick: `${l.typeName}: ${l.outComeName}${l.special ? ` (${l.special})` : ''}`, odds: l.odds, status: l.status })),
      stake: Number(c!.total_stake), payout: c!.status === 1 ? Number(c!.income) : 0,
      paid: c!.paid_at ? 1 : 0, paidAt: c!.paid_at ? new Date(c!.paid_at).toISOString() : null, expiresAt: expiresAt.toISOString(),
    },
  };
}

/** Where a payer is, as a refusal names it: a terminal's number or the dealer's name. */
async function placeOf(q: Queryable, userId: number | null): Promise<string> {
  if (!userId) return '?';
  const [u] = await q.query<{ username: string; terminal_no: string }>('select username, terminal_no from users where id = $1', [userId]);
  return u?.terminal_no || u?.username || '?';
}

/** A paid time as a refusal prints it (UTC, to the minute). */
export const paidTime = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Pays a winning coupon once (the counter or a kiosk), in the caller's transaction: locks the
 * coupon, refuses one that is not a shop's ticket, not won, already paid (naming when and where)
 * or expired; marks it paid by `payerId`; a retail ticket's win leaves its terminal's till.
 */
export async function payCouponOnce(q: Queryable, couponId: number, payerId: number, now: number): Promise<number> {
  const [c] = await q.query<{ status: number; income: number; shop_paid_at: Date | null; shop_paid_by: number | null }>(
    'select status, income, shop_paid_at, shop_paid_by from coupons where id = $1 for update', [couponId]);
  if (!c) throw new CallError(404, 'ticketNotFound', {}, { error: 'ticketNotFound' });
  if (c.shop_paid_at) {
    const at = new Date(c.shop_paid_at);
    throw new CallError(409, 'ticketAlreadyPaid', { at: paidTime(at), where: await placeOf(q, c.shop_paid_by) },
      { error: 'alreadyPaid', paidAt: at.toISOString() });
  }
  if (c.status !== 1) throw new CallError(409, 'couponNotWon', {}, { error: 'couponNotWon' });
  const [t] = await q.query<TicketRow>('select * from retail_tickets where coupon_id = $1', [couponId]);
  // Only a shop's bearer ticket is paid in cash: an online coupon's win is already in its wallet.
  if (!t) throw new CallError(404, 'ticketNotFound', {}, { error: 'notRetailTicket' });
  if (t && now > new Date(t.expires_at).getTime()) throw new CallError(409, 'ticketExpired', {}, { error: 'ticketExpired' });
  await q.query('update coupons set shop_paid_at = $2, shop_paid_by = $3 where id = $1', [couponId, new Date(now), payerId]);
  const amount = Number(c.income);
  // The win is paid from the ticket's liability; one settled before it existed is still in the till.
  if (amount > 0 && !(await payLiability(q, couponId, now))) {
    await postLedger(q, { userId: t.terminal_id, amount: -amount, kind: 'withdraw', refType: 'ticket', refId: couponId });
  }
  return amount;
}

/** Wins still in a terminal's till: settled before the ticket liability existed (migration 192), not yet paid or expired. */
export async function owedInTill(q: Queryable, terminalId: number, now: number): Promise<number> {
  const [r] = await q.query<{ n: string | null }>(
    `select coalesce(sum(c.income), 0)::text as n from retail_tickets t join coupons c on c.id = t.coupon_id
      where t.terminal_id = $1 and c.status = 1 and c.shop_paid_at is null and t.expires_at >= $2
        and not exists (select 1 from retail_liability l where l.coupon_id = c.id)`, [terminalId, new Date(now)]);
  return Number(r?.n ?? 0);
}
