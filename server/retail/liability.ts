/**
 * Ticket liability (issue 15, migration 192): a shop ticket is a bearer instrument, so its win is
 * owed to whoever holds it, never to the next customer at the kiosk. Settlement books a terminal
 * coupon's win on the terminal's ledger ('win', the payouts of the dealer's cut-off) and moves it
 * out of the till at once ('ticketHold') into the terminal's liability journal (retail_liability);
 * a correction gives the old win back first ('ticketRelease') and holds the new one. Paying the
 * ticket (a kiosk voucher or the shop counter) closes its liability with a 'pay' row under the
 * coupon's lock: the till is not touched, its whole balance is the kiosk customer's credit.
 */
import type { Queryable } from '../db/client.ts';
import { postLedger } from '../wallet/ledger.ts';

/** One row of a terminal's liability journal. */
const journal = (q: Queryable, terminalId: number, couponId: number, amount: number, kind: 'hold' | 'release' | 'pay', now: number) => q.query(
  'insert into retail_liability (terminal_id, coupon_id, amount, kind, created_at) values ($1, $2, $3, $4, $5)',
  [terminalId, couponId, amount, kind, new Date(now)]);

/** What a coupon's liability holds now (0: none, paid, or settled before migration 192), and its journal's terminal. */
async function owedOnCoupon(q: Queryable, couponId: number): Promise<{ owed: number; rows: number; terminalId: number }> {
  const [r] = await q.query<{ owed: string; n: string; terminal_id: number | null }>(
    'select coalesce(sum(amount), 0)::text as owed, count(*)::text as n, min(terminal_id) as terminal_id from retail_liability where coupon_id = $1', [couponId]);
  return { owed: Number(r?.owed ?? 0), rows: Number(r?.n ?? 0), terminalId: Number(r?.terminal_id ?? 0) };
}

/** The liability back into the till (before the win it holds is reversed). */
async function release(q: Queryable, terminalId: number, couponId: number, owed: number, now: number): Promise<void> {
  await postLedger(q, { userId: terminalId, amount: owed, kind: 'ticketRelease', refType: 'coupon', refId: couponId });
  await journal(q, terminalId, couponId, -owed, 'release', now);
}

/**
 * Settlement's money for a terminal's unpaid ticket, in settlement's transaction (the coupon and
 * the terminal's wallet locked): the new win is booked and held, the old liability released and
 * the old win reversed. The till ends where it started (less a win settled before migration 192
 * and reversed now, which the till had received).
 */
export async function settleTicketMoney(q: Queryable, e: { terminalId: number; couponId: number; target: number; before: number; owed: number; now: number }): Promise<void> {
  // New payout first, then the old one's reversal (settlement's order): the till never dips.
  if (e.target > 0) {
    await postLedger(q, { userId: e.terminalId, amount: e.target, kind: 'win', refType: 'coupon', refId: e.couponId });
    await postLedger(q, { userId: e.terminalId, amount: -e.target, kind: 'ticketHold', refType: 'coupon', refId: e.couponId });
    await journal(q, e.terminalId, e.couponId, e.target, 'hold', e.now);
  }
  if (e.owed > 0) await release(q, e.terminalId, e.couponId, e.owed, e.now);
  if (e.before > 0) await postLedger(q, { userId: e.terminalId, amount: -e.before, kind: 'reversal', refType: 'coupon', refId: e.couponId });
}

/**
 * Gives a coupon's liability back to its terminal's till before its win is reversed (the back
 * office sets a settled coupon back to waiting); nothing for a coupon without one.
 */
export async function releaseLiability(q: Queryable, couponId: number, now: number): Promise<void> {
  const { owed, terminalId } = await owedOnCoupon(q, couponId);
  if (owed > 0) await release(q, terminalId, couponId, owed, now);
}

/**
 * Pays a ticket's liability, under the coupon's lock (payCouponOnce): the 'pay' row closes it and
 * true is returned. False for a win settled before migration 192, still in the till.
 */
export async function payLiability(q: Queryable, couponId: number, now: number): Promise<boolean> {
  const { owed, rows, terminalId } = await owedOnCoupon(q, couponId);
  if (!rows) return false;
  if (owed > 0) await journal(q, terminalId, couponId, -owed, 'pay', now);
  return true;
}
