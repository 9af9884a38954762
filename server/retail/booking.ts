/**
 * Booking codes: a slip saved on the phone under a short code, loaded at a kiosk or the
 * counter until it expires, re-priced at the current odds with the changes listed. Loading never
 * places anything: the customer confirms and pays through createCoupon like any slip.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { retail } from './settings.ts';
import type { LiveOdds } from '../betting/create-coupon.ts';
import type { CreateCouponPayload, CouponTip } from '../../domain/protocol/calls.ts';
import { BOOKING_CODE_RANDOM, newCode, normalizeCode } from '../../domain/retail/codes.ts';
import { type LoadBookingReply, type SaveBookingReply } from '../../domain/retail/calls.ts';

type Slip = Pick<CreateCouponPayload, 'ticketType' | 'totalStake' | 'ticketStake' | 'systemTickets' | 'tips'>;

/** Saves a slip under a new booking code (a collision, one in 34 billion, draws again). */
export async function saveBooking(q: Queryable, userId: number | null, p: CreateCouponPayload, now: number): Promise<SaveBookingReply> {
  const slip: Slip = { ticketType: p.ticketType, totalStake: p.totalStake, ticketStake: p.ticketStake, systemTickets: p.systemTickets ?? [], tips: p.tips };
  const expires = new Date(now + retail().bookingValidHours * 3_600_000);
  for (;;) {
    const code = newCode(randomBytes(BOOKING_CODE_RANDOM), BOOKING_CODE_RANDOM);
    const rows = await q.query(
      'insert into booking_codes (code, slip, created_by, created_at, expires_at) values ($1, $2::jsonb, $3, $4, $5) on conflict do nothing returning code',
      [code, JSON.stringify(slip), userId, new Date(now), expires]);
    if (rows.length) return { status: true, code, expiresAt: expires.toISOString() };
  }
}

/** The odd a pre-match tip would take now (null: closed, started or gone). */
async function preMatchOdd(q: Queryable, t: CouponTip, now: number): Promise<number | null> {
  const [o] = await q.query<{ odd: number; oa: number; ga: number; ma: number; status: string; match_date: Date }>(
    `select o.odd, o.active as oa, g.active as ga, m.active as ma, m.status, m.match_date
       from odds_groups g join outcomes o on o.group_id = g.id join matches m on m.id = g.match_id
      where g.match_id = $1 and g.odds_type = $2 and g.special = $3 and o.outcome_id = $4`,
    [t.mid, t.oddTypeId, t.ktip.special, t.ktip.outcomeid]);
  if (!o || !o.oa || !o.ga || !o.ma || o.status !== 'not_started' || new Date(o.match_date).getTime() <= now) return null;
  return o.odd;
}

/** Loads a booking code's slip at current odds: moved odds are updated, closed tips dropped, both listed. */
export async function loadBooking(q: Queryable, input: string, now: number, live: LiveOdds | undefined): Promise<LoadBookingReply> {
  const code = normalizeCode(input, BOOKING_CODE_RANDOM);
  const [b] = code ? await q.query<{ slip: Slip; expires_at: Date }>('select slip, expires_at from booking_codes where code = $1', [code]) : [];
  if (!b) throw new CallError(404, 'bookingNotFound', {}, { error: 'bookingNotFound' });
  if (now > new Date(b.expires_at).getTime()) throw new CallError(410, 'bookingExpired', {}, { error: 'bookingExpired' });
  const slip = typeof b.slip === 'string' ? JSON.parse(b.slip) as Slip : b.slip;
  const tips: CouponTip[] = [];
  const changed: LoadBookingReply['changed'] = [];
  for (const t of slip.tips) {
    const cur = t.ttype === 'L'
      ? (() => { const c = live?.currentOdd(t.mid, t.oddTypeId, t.ktip.outcomeid, t.ktip.special); return c?.open && c.betstatus === 'started' ? c.odd : null; })()
      : await preMatchOdd(q, t, now);
    if (cur !== t.odd) changed.push({ mid: t.mid, oddTypeId: t.oddTypeId, was: t.odd, now: cur });
    if (cur !== null) tips.push({ ...t, odd: cur });
  }
  return { status: true, tips, ticketType: slip.ticketType, totalStake: slip.totalStake, changed };
}
