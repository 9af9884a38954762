/**
 * When a result may be entered by hand, and which of its fields a match's markets read. A result
 * saved before the match can have ended settles coupons on a guess, so the server refuses it unless
 * an operator holding the override gives a reason (audited); the entry form asks only for what the
 * offered markets settle on. Pure: the clock is a parameter.
 */
import { MARKETS, type MarketDef } from '../market/catalogue.ts';
import type { ResultStatus } from '../coupon/result.ts';

const MIN = 60_000;
/**
 * The shortest time from kick-off to a final result per sport id (regular time plus breaks, no
 * stoppage time): football 90 + 15, basketball 4 x 10 + breaks, ice hockey 3 x 20 + breaks, ...
 */
export const SPORT_MIN_DURATION_MIN: Readonly<Record<number, number>> = {
  1: 105, 3: 90, 4: 100, 5: 60, 6: 70, 7: 120, 23: 60, 41: 20,
};
/** Sports not in the table: the football figure. */
export const DEFAULT_MIN_DURATION_MIN = 105;

/** Minutes from kick-off before a result of this sport may be final. */
export function minDurationMin(sportId: number): number {
  return SPORT_MIN_DURATION_MIN[sportId] ?? DEFAULT_MIN_DURATION_MIN;
}

/** The first moment (ms) a score result of the match may be saved without the override. */
export function earliestResultAt(kickoffMs: number, sportId: number): number {
  return kickoffMs + minDurationMin(sportId) * MIN;
}

/**
 * Statuses that void every bet: a match called off before it is played (or cut short) may be
 * recorded at any time, since voiding returns stakes and pays no win.
 */
const ANYTIME: ReadonlySet<ResultStatus> = new Set(['cancelled', 'interrupted', 'walkover']);

/** True when saving this result now would settle coupons before the match can have ended. */
export function resultTooEarly(kickoffMs: number, sportId: number, status: ResultStatus | undefined, now: number): boolean {
  if (status !== undefined && ANYTIME.has(status)) return false;
  return now < earliestResultAt(kickoffMs, sportId);
}

/** The result fields beyond the full-time score that a set of markets settles on. */
export interface ResultFields { ht: boolean; corners: boolean; cards: boolean; goals: boolean }

const BY_TYPE = new Map<number, MarketDef>(MARKETS.map((m) => [m.oddsType, m]));

/** Which fields the markets (odds type ids) need: half time for half markets, corners, cards, the goal order. */
export function resultFieldsFor(oddsTypes: Iterable<number>): ResultFields {
  const f: ResultFields = { ht: false, corners: false, cards: false, goals: false };
  for (const t of oddsTypes) {
    const m = BY_TYPE.get(t);
    if (!m) continue;
    if (m.period !== 'ft') f.ht = true;
    if (m.rule === 'cornersTotal') f.corners = true;
    if (m.rule === 'cardsTotal') f.cards = true;
    // Who scored which goal is known from the scores alone only when one side scored them all.
    if (m.rule === 'nextGoal') f.goals = true;
  }
  return f;
}
