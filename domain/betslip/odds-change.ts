/**
 * What the player lets placement do when an odd moved between the slip and the server (the choice
 * Sportradar's MTS offers): 'none' takes the bet only at the odds the player saw, 'higher' also
 * at a better odd, 'any' at whatever the odd is now. The bet is always booked at the server's odd;
 * a closed tip (suspended market, stopped match) is refused whatever the choice.
 *
 * The same rule decides placement at once and at the end of a live bet delay: both ask it with the
 * odd the player saw and the odd of that moment.
 */
import type { Odds } from '../money.ts';

/** The choices, in the order the slip shows them. */
export const ODDS_CHANGES = ['none', 'higher', 'any'] as const;
export type OddsChange = (typeof ODDS_CHANGES)[number];

/** The slip's choice until the operator sets another (site setting odds_change_default): today's ticked box. */
export const SLIP_ODDS_CHANGE_DEFAULT: OddsChange = 'any';

/** The server's default when a request says nothing: today's refusal of any change. */
export const DEFAULT_ODDS_CHANGE: OddsChange = 'none';

/** A payload's choice: `oddsChange` when sent, else the older `oddChangeOk` (true: 'any', false: 'none'). */
export function oddsChangeOf(p: { oddsChange?: OddsChange | undefined; oddChangeOk?: boolean | 0 | 1 | undefined }, fallback: OddsChange = DEFAULT_ODDS_CHANGE): OddsChange {
  if (p.oddsChange !== undefined) return p.oddsChange;
  if (p.oddChangeOk !== undefined) return p.oddChangeOk === true || p.oddChangeOk === 1 ? 'any' : 'none';
  return fallback;
}

/**
 * One tip under the choice: 'same' (the odd did not move), 'accept' (it moved and the choice takes
 * it, booked at `current`), 'refuse' (it moved the wrong way for the choice: the reply names the
 * match in changed[]), 'closed' (no price now: current is null).
 */
export type OddsVerdict = 'same' | 'accept' | 'refuse' | 'closed';

export function judgeOddsChange(choice: OddsChange, seen: Odds, current: Odds | null): OddsVerdict {
  if (current === null) return 'closed';
  if (current === seen) return 'same';
  if (choice === 'any') return 'accept';
  if (choice === 'higher' && current > seen) return 'accept';
  return 'refuse';
}

/** Whether a choice is one of the three (a value read back from storage or a setting). */
export function isOddsChange(v: unknown): v is OddsChange {
  return typeof v === 'string' && (ODDS_CHANGES as readonly string[]).includes(v);
}
