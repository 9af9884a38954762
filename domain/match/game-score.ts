/**
 * The game score of a live match (betting-core.md section 3: gamescore, p{h,a}): the points within
 * the current game. Only tennis has games inside sets; in volleyball, basketball and the other
 * set or period sports the points of the current set or quarter are the score itself (the last
 * set score), so they have no separate game score.
 */
import type { Score } from '../protocol/feed.ts';

/** Sport id of tennis (section 9). */
export const TENNIS = 5;
/** Games that make a tennis tiebreak (6-6). */
export const TENNIS_TIEBREAK_AT = 6;

/** A game of tennis: won at 4 points with a lead of 2; a tiebreak at 7 with a lead of 2. */
export function tennisGameWinner(p: Score, tiebreak: boolean): 'h' | 'a' | null {
  const target = tiebreak ? 7 : 4;
  if (p.h >= target && p.h - p.a >= 2) return 'h';
  if (p.a >= target && p.a - p.h >= 2) return 'a';
  return null;
}

const CALLS = ['0', '15', '30', '40'];

/**
 * The point score as the header shows it: 0/15/30/40, 40-40 at deuce and A for the advantage
 * (the other side then shows 40); a tiebreak counts plain points.
 */
export function tennisPointText(p: Score, tiebreak: boolean): { h: string; a: string } {
  if (tiebreak) return { h: String(p.h), a: String(p.a) };
  if (p.h >= 3 && p.a >= 3) {
    if (p.h === p.a) return { h: '40', a: '40' };
    return p.h > p.a ? { h: 'A', a: '40' } : { h: '40', a: 'A' };
  }
  return { h: CALLS[Math.min(p.h, 3)]!, a: CALLS[Math.min(p.a, 3)]! };
}

/** The game-score text of a live match, or null when its sport has none (or the match is not in play). */
export function gameScoreText(m: { sid: number; sscr: readonly Score[]; p?: Score | undefined }, inPlay: boolean): { h: string; a: string } | null {
  if (m.sid !== TENNIS || !inPlay || !m.p) return null;
  const set = m.sscr[m.sscr.length - 1];
  const tiebreak = !!set && set.h === TENNIS_TIEBREAK_AT && set.a === TENNIS_TIEBREAK_AT;
  return tennisPointText(m.p, tiebreak);
}
