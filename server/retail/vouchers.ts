/**
 * Kiosk cash: bank notes from the bill acceptor, cash out as a voucher, and vouchers
 * redeemed once at the shop's counter or at any kiosk of the same shop. Every movement of a
 * terminal's till is a ledger row of the terminal's wallet in the same transaction.
 */
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { retail } from './settings.ts';
import { balanceOf, postLedger } from '../wallet/ledger.ts';

import { newBearerCode, owedInTill, paidTime } from './tickets.ts';

const DAY_MS = 86_400_000;

export interface Voucher { code: string; amount: number; expiresAt: string }

/** Issues a voucher for cash owed to its bearer (the amount has already left the till). */
export async function issueVoucher(q: Queryable, terminalId: number, amount: number, source: 'cashOut' | 'ticket', couponId: number | null, now: number): Promise<Voucher> {
  const expires = new Date(now + retail().voucherExpiryDays * DAY_MS);
  const code = newBearerCode();
  await q.query(
    `insert into retail_vouchers (code, shop_id, terminal_id, amount, source, coupon_id, created_at, expires_at)
     select $1, parent_id, $2, $3, $4, $5, $6, $7 from users where id = $2`,
    [code, terminalId, amount, source, couponId, new Date(now), expires]);
  return { code, amount, expiresAt: expires.toISOString() };
}

/** The shop of a user: a terminal's parent (null for anyone else). */
export async function shopOf(q: Queryable, terminalId: number): Promise<number | null> {
  const [u] = await q.query<{ parent_id: number | null }>('select parent_id from users where id = $1', [terminalId]);
  return u?.parent_id ?? null;
}

/**
 * Redeems a voucher once (one conditional update, so concurrent redemptions pay once). A kiosk
 * (terminal) takes it as credit into its till and only for its own shop; the counter pays cash.
 */
export async function redeemVoucher(q: Queryable, code: string, by: { userId: number; terminal: boolean }, now: number): Promise<number | null> {
  const [v] = await q.query<{ id: number; shop_id: number | null; terminal_id: number; amount: number; expires_at: Date; redeemed_at: Date | null; redeemed_by: number | null }>(
    'select id, shop_id, terminal_id, amount, expires_at, redeemed_at, redeemed_by from retail_vouchers where code = $1 for update', [code]);
  if (!v) return null;
  if (by.terminal && v.shop_id !== (await shopOf(q, by.userId))) throw new CallError(409, 'otherShop', {}, { error: 'otherShop' });
  if (v.redeemed_at) {
    const [u] = await q.query<{ username: string; terminal_no: string }>('select username, terminal_no from users where id = $1', [v.redeemed_by]);
    throw new CallError(409, 'ticketAlreadyPaid', { at: paidTime(new Date(v.redeemed_at)), where: u?.terminal_no || u?.username || '?' },
      { error: 'alreadyPaid', paidAt: new Date(v.redeemed_at).toISOString() });
  }
  if (now > new Date(v.expires_at).getTime()) throw new CallError(409, 'ticketExpired', {}, { error: 'ticketExpired' });
  await q.query('update retail_vouchers set redeemed_at = $2, redeemed_by = $3 where id = $1', [v.id, new Date(now), by.userId]);
  const amount = Number(v.amount);
  if (by.terminal) await postLedger(q, { userId: by.userId, amount, kind: 'deposit', refType: 'voucher', refId: Number(v.id) });
  return amount;
}

/** A note from the bill acceptor, counted once per note id; returns the kiosk's credit after it. */
export async function cashIn(q: Queryable, terminalId: number, amount: number, noteId: string, now: number): Promise<{ credited: boolean; credit: number }> {
  const [row] = await q.query<{ id: number }>(
    `insert into retail_cash_in (terminal_id, note_id, amount, created_at) values ($1, $2, $3, $4)
     on conflict (terminal_id, note_id) do nothing returning id`, [terminalId, noteId, amount, new Date(now)]);
  if (row) await postLedger(q, { userId: terminalId, amount, kind: 'deposit', refType: 'cashIn', refId: Number(row.id) });
  return { credited: !!row, credit: await kioskCredit(q, terminalId, now) };
}

/** The credit a customer at the kiosk may bet or cash out: the till (wins owed are in the ticket liability; see owedInTill). */
export async function kioskCredit(q: Queryable, terminalId: number, now: number): Promise<number> {
  return Math.max(0, (await balanceOf(q, terminalId)) - (await owedInTill(q, terminalId, now)));
}

/** Cash out: the kiosk's whole credit leaves the till as a printed voucher. */
export async function cashOut(q: Queryable, terminalId: number, now: number): Promise<Voucher> {
  await q.query('select 1 from wallets where user_id = $1 for update', [terminalId]);
  const credit = await kioskCredit(q, terminalId, now);
  if (credit <= 0) throw new CallError(409, 'nothingToCashOut', {}, { error: 'nothingToCashOut' });
  const v = await issueVoucher(q, terminalId, credit, 'cashOut', null, now);
  const [row] = await q.query<{ id: number }>('select id from retail_vouchers where code = $1', [v.code]);
  await postLedger(q, { userId: terminalId, amount: -credit, kind: 'withdraw', refType: 'voucher', refId: Number(row!.id) });
  return v;
}

/** A voucher issued by a terminal, for its print page (null: not this terminal's). */
export async function voucherOf(q: Queryable, terminalId: number, code: string): Promise<{ code: string; amount: number; created_at: Date; expires_at: Date } | null> {
  const [v] = await q.query<{ code: string; amount: number; created_at: Date; expires_at: Date }>(
    'select code, amount, created_at, expires_at from retail_vouchers where code = $1 and terminal_id = $2', [code, terminalId]);
  return v ?? null;
}
