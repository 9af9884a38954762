/**
 * Odd validity, suspension and the selection lock of betting-core.md sections 4 and 5.
 * The worker shows these and the server enforces them at placement with the same functions.
 */
import type { Odds } from '../money.ts';
import type { BetStatus } from '../protocol/entities.ts';

/** An odd must be above 1.000001 to be valid: in thousandths, above 1000. */
export const MIN_VALID_ODD_EXCLUSIVE: Odds = 1000;
/** An odd below 1.01 is suspended. */
export const SUSPEND_BELOW_ODD: Odds = 1010;

/** What the rules need of a match (live short form field names). */
export interface MatchGate {
  bs: BetStatus;
  /** Match active flag; absent means active. */
  ac?: 0 | 1;
  iss?: 0 | 1;
}

/** What the rules need of an odds group (odd type). */
export interface GroupGate {
  active: 0 | 1;
  iss?: 0 | 1;
}

/** What the rules need of an outcome. */
export interface OddGate {
  odd: Odds;
  active: 0 | 1;
  iss?: 0 | 1;
}

/** A match allows betting when it is active, not suspended and its bet status is started. */
export function matchAllowsBets(m: MatchGate): boolean {
  return m.ac !== 0 && m.iss !== 1 && m.bs === 'started';
}

/** An outcome is suspended when flagged so or when its odd is below 1.01. */
export function isOddSuspended(o: OddGate): boolean {
  return o.iss === 1 || o.odd < SUSPEND_BELOW_ODD;
}

/**
 * Open for betting: the match allows it, the group and the odd are active and not suspended,
 * bet status is started and the value is above 1.000001 (and not below 1.01, which suspends).
 */
export function isOddOpen(m: MatchGate, g: GroupGate, o: OddGate): boolean {
  return matchAllowsBets(m)
    && g.active === 1 && g.iss !== 1
    && o.active === 1 && !isOddSuspended(o)
    && o.odd > MIN_VALID_ODD_EXCLUSIVE;
}

/** A selection is locked when its odd is inactive, its odd type is inactive, or bets are not started. */
export function isSelectionLocked(m: MatchGate, g: GroupGate, o: OddGate): boolean {
  return o.active !== 1 || g.active !== 1 || m.bs !== 'started';
}

/** A closed odds group is inactive, suspended and not visible (section 4 Suspension). */
export function closedGroupFlags(): { active: 0; iss: 1; isv: 0 } {
  return { active: 0, iss: 1, isv: 0 };
}
