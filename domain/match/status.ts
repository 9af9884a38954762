/**
 * Match-status classes of betting-core.md section 4: live or not, the paused group, what the
 * score header shows (HT / FT), and when a live match leaves the lists and the betslip.
 */
import type { MatchStatus } from '../protocol/entities.ts';

/** Paused and break statuses are treated as one group. */
const PAUSED: ReadonlySet<string> = new Set(['paused', 'pause1', 'pause2', 'pause3']);

/** Statuses that remove a live match from the lists and from the betslip. */
export const REMOVAL_STATUSES: ReadonlySet<MatchStatus> = new Set<MatchStatus>(['ended', 'interrupted', 'retired', 'walkover', 'after_ot']);

/** Sport id of football (section 9). */
export const FOOTBALL = 1;

/** A match is live when it has a status and that status is not not_started. */
export function isLive(ms: MatchStatus | null | undefined | ''): boolean {
  return !!ms && ms !== 'not_started';
}

/** True for the paused / break group (paused, pause1..pause3). */
export function isPaused(ms: MatchStatus | null | undefined): boolean {
  return !!ms && PAUSED.has(ms);
}

/** True for the set markers 1set..5set. */
export function isSetStatus(ms: MatchStatus | null | undefined): boolean {
  return !!ms && /^[1-5]set$/.test(ms);
}

/** The status label of the score header: a pause shows HT, a value containing 'end' shows FT. */
export function shownStatus(ms: MatchStatus | null | undefined): string {
  if (!ms) return '';
  if (ms.includes('pause')) return 'HT';
  if (ms.includes('end')) return 'FT';
  return ms;
}

/** A football match of two 45-minute halves. */
export function isNinetyMinuteFootball(sid: number, periodLength: number): boolean {
  return sid === FOOTBALL && periodLength === 45;
}

/**
 * True when a live match is to be removed: ended, interrupted, retired, walkover or after_ot,
 * or 4p for a 90-minute football match (it has no fourth period, so the feed means it is over).
 */
export function isRemovedStatus(m: { ms: MatchStatus; sid: number; pl: number }): boolean {
  if (REMOVAL_STATUSES.has(m.ms)) return true;
  return m.ms === '4p' && isNinetyMinuteFootball(m.sid, m.pl);
}
