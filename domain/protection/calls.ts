/**
 * Payload schemas and reply shapes of the player-protection calls, shared by the worker
 * and the server (server/http/routes/protection.ts).
 */
import { z } from 'zod';
import { common } from '../protocol/calls.ts';
import { int4Id, int8 } from '../protocol/input-guard.ts';
import { BREAK_DAYS, EXCLUSION_MONTHS, REALITY_CHECK_MINUTES, type LimitKind, type LimitPeriod, type ProtectionStatus } from './rules.ts';

const oneOf = <T extends number>(xs: readonly T[]) => z.number().int().refine((n) => (xs as readonly number[]).includes(n), { message: `one of ${xs.join(', ')}` });

/** setLimit: amount in minor units (minutes for a session limit); 0 removes the limit (after 24 h). */
export const setLimitPayload = z.object({
  ...common,
  kind: z.enum(['deposit', 'loss', 'stake', 'session']),
  // Optional for a session limit, whose only period is the session.
  period: z.enum(['bet', 'session', 'day', 'week', 'month']).optional(),
  amount: int8().min(0).max(1_000_000_000_00),
});
export type SetLimitPayload = z.infer<typeof setLimitPayload>;

export const setRealityCheckPayload = z.object({ ...common, minutes: oneOf(REALITY_CHECK_MINUTES) });
export const takeBreakPayload = z.object({ ...common, days: oneOf(BREAK_DAYS) });
/** The player confirms the exclusion twice in the UI; the server needs the length and confirm: true. */
export const selfExcludePayload = z.object({ ...common, months: oneOf(EXCLUSION_MONTHS), confirm: z.literal(true) });
export const closeAccountPayload = z.object({ ...common, confirm: z.literal(true), reason: z.string().max(200).optional() });

/** Back office: a player's protection state, and a time-out or exclusion applied on them. */
export const boPlayerProtectionPayload = z.object({ ...common, playerId: int4Id() });
export const boApplyProtectionPayload = z.object({
  ...common,
  playerId: int4Id(),
  kind: z.enum(['break', 'exclusion']),
  days: oneOf(BREAK_DAYS).optional(),
  months: oneOf(EXCLUSION_MONTHS).optional(),
  reason: z.string().min(1).max(200),
});

/** One limit in the `protection` reply, with what is used of it. */
export interface LimitWire { kind: LimitKind; period: LimitPeriod; amount: number; used: number; setAt: string }
export interface PendingWire { kind: LimitKind; period: LimitPeriod; amount: number; effectiveAt: string }

/** The `protection` reply. Times are ISO strings; null when nothing holds. */
export interface ProtectionReply {
  status: true;
  state: ProtectionStatus;
  limits: LimitWire[];
  pending: PendingWire[];
  breakUntil: string | null;
  excludedUntil: string | null;
  /** Minutes between reality checks (0 = off). */
  realityCheck: number;
  /** The current session for the reality check: its start and, since then, stakes and net result. */
  session: { startedAt: string | null; stakes: number; net: number };
  /** The limits were set or confirmed 6 months ago or more. */
  reviewDue: boolean;
  /** An ended self-exclusion the player may ask to reopen. */
  canReopen: boolean;
  /** The reopen asked for, when it takes effect. */
  reopenAt: string | null;
  /** Has the player ever deposited (the first-deposit limit prompt). */
  hasDeposited: boolean;
  balance: number;
}
