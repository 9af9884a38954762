/**
 * Terminal pairing: a dealer asks the back office for a pairing code of one of its
 * terminals; the kiosk enters it once on its on-screen keys and gets the terminal's session. A code
 * is short (the booking-code alphabet and check symbol), valid for PAIRING_MINUTES and used once;
 * a new code voids the terminal's older ones.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { BOOKING_CODE_RANDOM, newCode, normalizeCode } from '../../domain/retail/codes.ts';
import { TERMINAL_USER_TYPE } from '../../domain/coupon/print-cancel.ts';
import { requireScope, type BoContext } from '../backoffice/guard.ts';

/** How long a pairing code can be entered. */
export const PAIRING_MINUTES = 10;

/** A new pairing code for a terminal of the dealer's subtree (audited). */
export async function newPairingCode(q: Queryable, ctx: BoContext, terminalId: number): Promise<{ code: string; expiresAt: string }> {
  await requireScope(q, ctx.actor, terminalId);
  const [u] = await q.query<{ user_type: string }>('select user_type from users where id = $1', [terminalId]);
  if (u?.user_type !== TERMINAL_USER_TYPE) throw new CallError(404, 'notYourDealer', {}, { error: 'notYourDealer' });
  await q.query('update terminal_pairings set used_at = $2 where terminal_id = $1 and used_at is null', [terminalId, new Date(ctx.now)]);
  const code = newCode(randomBytes(BOOKING_CODE_RANDOM), BOOKING_CODE_RANDOM);
  const expires = new Date(ctx.now + PAIRING_MINUTES * 60_000);
  await q.query('insert into terminal_pairings (code, terminal_id, created_by, created_at, expires_at) values ($1, $2, $3, $4, $5)',
    [code, terminalId, ctx.actor.userId, new Date(ctx.now), expires]);
  await ctx.audit(q, { action: 'terminalPairingCode', objectType: 'user', objectId: terminalId, after: { expiresAt: expires.toISOString() } });
  return { code, expiresAt: expires.toISOString() };
}

/** Uses a pairing code once: the terminal whose session the kiosk gets (refused when unknown, used or expired). */
export async function usePairingCode(q: Queryable, input: string, now: number): Promise<number> {
  const code = normalizeCode(input, BOOKING_CODE_RANDOM);
  const [p] = code ? await q.query<{ terminal_id: number }>(
    `update terminal_pairings set used_at = $2 where code = $1 and used_at is null and expires_at >= $2 returning terminal_id`, [code, new Date(now)]) : [];
  if (!p) throw new CallError(404, 'pairingNotFound', {}, { error: 'pairingNotFound' });
  const [u] = await q.query<{ status: number }>('select status from users where id = $1', [p.terminal_id]);
  if (u?.status !== 1) throw new CallError(403, 'accountPassive', {}, { error: 'accountPassive' });
  return p.terminal_id;
}
