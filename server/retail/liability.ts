/**
 * Ticket liability (migration 192): a shop ticket is a bearer instrument, so its win is
 * owed to whoever holds it, never to the next customer at the kiosk. Settlement books a terminal
 * coupon's win on the terminal's ledger ('win', the payouts of the dealer's cut-off) and moves it
 * out of the till at once ('ticketHold') into the terminal's liability journal (retail_liability);
 * a correction gives the old win back first ('ticketRelease') and holds the new one. Paying the
 * ticket (a kiosk voucher or the shop counter) closes its liability with a 'pay' row under the
 * coupon's lock: the till is not touched, its whole balance is the kiosk customer's credit.
 */
import type { Db, Queryable } from '../db/client.ts';
import { postLedger } from '../wallet/ledger.ts';
import { writeAudit } from '../backoffice/audit.ts';

/** One row of a terminal's liability journal. */
const journal = (q: Queryable, terminalId: number, couponId: number, amount: number, kind: 'hold' | 'release' | 'pay' | 'expire', now: number) => q.query(
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
 * Undoes a write-off before a correction of the coupon (settlement or set back to waiting): the
 * unclaimed win goes back from whoever received it (the shop, or the till) into the liability (an
 * 'expire' row of the opposite sign), so the correction releases it to the till and reverses it
 * there, instead of charging the till a win it gave to the liability and the shop kept. Takes at
 * most what the receiver holds now (never below zero; the till covers the rest, as settlement
 * planned). Returns the amount put back into the liability.
 */
async function reopenWriteOff(q: Queryable, couponId: number, now: number): Promise<number> {
  const got = await q.query<{ user_id: number; n: string; terminal_id: number }>(
    `select l.user_id, sum(l.amount)::text as n, (select min(r.terminal_id) from retail_liability r where r.coupon_id = $1) as terminal_id
       from ledger l where l.kind = 'ticketUnclaimed' and l.ref_type = 'coupon' and l.ref_id = $1 group by l.user_id having sum(l.amount) > 0`, [couponId]);
  let back = 0;
  for (const g of got) {
    const [w] = await q.query<{ balance: string }>('select balance::text as balance from wallets where user_id = $1 for update', [g.user_id]);
    const take = Math.min(Number(g.n), Number(w?.balance ?? 0));
    if (take <= 0) continue;
    await postLedger(q, { userId: g.user_id, amount: -take, kind: 'ticketUnclaimed', refType: 'coupon', refId: couponId });
    await journal(q, Number(g.terminal_id), couponId, take, 'expire', now);
    back += take;
  }
  return back;
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
  const owed = e.owed + await reopenWriteOff(q, e.couponId, e.now);
  if (owed > 0) await release(q, e.terminalId, e.couponId, owed, e.now);
  if (e.before > 0) await postLedger(q, { userId: e.terminalId, amount: -e.before, kind: 'reversal', refType: 'coupon', refId: e.couponId });
}

/**
 * Gives a coupon's liability back to its terminal's till before its win is reversed (the back
 * office sets a settled coupon back to waiting); nothing for a coupon without one.
 */
export async function releaseLiability(q: Queryable, couponId: number, now: number): Promise<void> {
  await reopenWriteOff(q, couponId, now);
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

/**
 * Writes off one expired unpaid winning ticket (migration 193), under the coupon's row lock (the
 * lock payCouponOnce takes): its liability is closed with an 'expire' row and goes to the shop (the
 * terminal's dealer; the till when the shop has no wallet) as 'ticketUnclaimed', audited. False when
 * there is nothing to write off (paid, not won, not expired, or written off already).
 */
async function writeOff(q: Queryable, couponId: number, now: number): Promise<boolean> {
  const [c] = await q.query<{ status: number; shop_paid_at: Date | null; expires_at: Date; shop_id: number | null; code: string }>(
    `select c.status, c.shop_paid_at, t.expires_at, t.shop_id, t.code from coupons c join retail_tickets t on t.coupon_id = c.id
      where c.id = $1 for update of c`, [couponId]);
  if (!c || c.status !== 1 || c.shop_paid_at || now <= new Date(c.expires_at).getTime()) return false;
  const { owed, terminalId } = await owedOnCoupon(q, couponId);
  if (owed <= 0) return false;
  const [w] = c.shop_id ? await q.query('select 1 from wallets where user_id = $1', [c.shop_id]) : [];
  const to = w ? Number(c.shop_id) : terminalId;
  await journal(q, terminalId, couponId, -owed, 'expire', now);
  await postLedger(q, { userId: to, amount: owed, kind: 'ticketUnclaimed', refType: 'coupon', refId: couponId });
  await writeAudit(q, {
    actorId: null, role: 'system', action: 'ticketUnclaimed', objectType: 'coupon', objectId: couponId,
    before: { owed, expiresAt: new Date(c.expires_at).toISOString() }, after: { owed: 0, unclaimed: owed, terminalId, to }, address: '', at: now,
  });
  return true;
}

/**
 * The leader's hourly job (server/main.ts): expired unpaid winning tickets whose liability still
 * holds money are written off once each (the coupon's row lock: two processes write one off once).
 */
export async function writeOffExpired(db: Db, now: number, limit = 500): Promise<number> {
  const due = await db.query<{ coupon_id: number }>(
    `select t.coupon_id from retail_tickets t join coupons c on c.id = t.coupon_id
      where t.expires_at < $1 and c.status = 1 and c.shop_paid_at is null
        and (select coalesce(sum(l.amount), 0) from retail_liability l where l.coupon_id = t.coupon_id) > 0
      order by t.coupon_id limit $2`, [new Date(now), limit]);
  let n = 0;
  for (const { coupon_id } of due) if (await db.tx((q) => writeOff(q, Number(coupon_id), now))) n++;
  return n;
}
