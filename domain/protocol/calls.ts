/**
 * Payload schemas of the calls (betting-core.md and account-platform.md section 7), shared by the
 * worker (to build requests) and the server (to validate them). Money is integer minor units and
 * odds integer thousandths on the wire. Unknown fields are stripped; the session decides the user,
 * so a payload's userId is accepted and ignored.
 */
import { z } from 'zod';

const int = z.number().int();
const id = int.positive();
const isoDate = z.iso.datetime({ offset: true });

/** Fields the shared request helper adds to every call. */
export const common = {
  lang: z.string().regex(/^[a-z]{2}$/).optional(),
  serverId: z.union([z.number(), z.string()]).optional(),
  operatorId: z.union([z.number(), z.string()]).optional(),
  userId: z.unknown().optional(),
  reqId: z.string().max(64).optional(),
};

export const loginPayload = z.object({
  ...common,
  userName: z.string().min(4).max(20).regex(/^[\p{L}\p{N}._\- ]+$/u),
  password: z.string().min(4).max(20),
  passwordType: z.unknown().optional(),
  machineId: z.string().max(100).optional(),
});
export type LoginPayload = z.infer<typeof loginPayload>;

export const emptyPayload = z.object({ ...common });

export const sportsPayload = z.object({
  ...common,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});

export const matchesPayload = z.object({
  ...common,
  sportId: int.nonnegative().optional(),
  categoryId: id.optional(),
  tournamentId: id.optional(),
  keyWord: z.string().max(50).optional(),
  odds: z.array(id).max(20).optional(),
  limit: int.min(1).max(1000).optional(),
  order: int.nonnegative().optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  highList: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type MatchesPayload = z.infer<typeof matchesPayload>;

export const oddsPayload = z.object({ ...common, matchId: id });

/** One tip of a createCoupon payload; the server reads only what it needs and recomputes the rest. */
export const couponTip = z.object({
  mid: id,
  oddTypeId: id,
  banko: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  ttype: z.enum(['N', 'L']),
  /** The odd the player saw (thousandths); compared with the current one. */
  odd: int.min(1001),
  ktip: z.object({
    outcomeid: id,
    special: z.string().max(20),
    oddid: id.optional(),
  }).loose(),
}).loose();
export type CouponTip = z.infer<typeof couponTip>;

export const createCouponPayload = z.object({
  ...common,
  ticketType: z.enum(['TK', 'KK', 'CK', 'SK']),
  couponType: int.optional(),
  oddChangeOk: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  systemTickets: z.array(int.min(1).max(20)).max(20).optional(),
  /** Integer minor units: a fraction of a minor unit (sub-cent) is refused. */
  totalStake: id,
  ticketStake: id,
  tips: z.array(couponTip).min(1).max(20),
});
export type CreateCouponPayload = z.infer<typeof createCouponPayload>;

export const couponListPayload = z.object({
  ...common,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  status: z.union([z.literal(''), z.literal(0), z.literal(1), z.literal(-1), z.literal(-2), z.literal(2)]).optional(),
  couponType: z.union([z.literal(''), int.min(0).max(4)]).optional(),
  order: int.nonnegative().optional(),
  limit: int.min(1).max(100).optional(),
});
export type CouponListPayload = z.infer<typeof couponListPayload>;

export const couponDetailPayload = z.object({ ...common, ticketId: id, archived: z.unknown().optional() });
