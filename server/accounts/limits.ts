import { DEFAULT_USER_LIMITS } from '../../domain/betslip/limits.ts';
import type { UserLimits } from '../../domain/protocol/entities.ts';

/** A user's limits: their own where set, the defaults of betting-core.md section 9 otherwise. */
export function limitsOf(row: { limits: Partial<UserLimits> | null; staketype: number }): UserLimits {
  return { ...DEFAULT_USER_LIMITS, ...(row.limits ?? {}), staketype: row.staketype === 1 ? 1 : 0 };
}
