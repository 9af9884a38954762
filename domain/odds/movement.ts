/** Odd movement (betting-core.md section 4): up 1, down -1 or 0, shown as an arrow for 3 s. */
import type { Odds } from '../money.ts';
import { ODD_ARROW_MS } from '../match/live-timings.ts';

export type Movement = 1 | -1 | 0;

/** The movement from the previous odd to the new one. */
export function oddMovement(prev: Odds | undefined, next: Odds): Movement {
  if (prev === undefined || prev === next) return 0;
  return next > prev ? 1 : -1;
}

/** The movement still shown at `now` for a move marked at `movedAt`. */
export function shownMovement(move: Movement, movedAt: number, now: number): Movement {
  return move !== 0 && now - movedAt < ODD_ARROW_MS ? move : 0;
}
