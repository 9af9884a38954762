/**
 * sport_event_status in our live terms: the match_status code (the feed's match_status
 * descriptions) as our MatchStatus and period, the clock as minute and added time, the scores,
 * periods, cards and corners. Pure.
 */
import type { MatchStatus } from '../../../domain/protocol/entities.ts';
import type { Cards, Score } from '../../../domain/protocol/feed.ts';
import type { EventStatus } from './messages.ts';

/** match_status code -> our status and period number. */
const CODES: ReadonlyMap<number, [MatchStatus, number]> = new Map<number, [MatchStatus, number]>([
  [0, ['not_started', 0]], [20, ['1p', 1]],
  [6, ['1p', 1]], [7, ['2p', 2]], [1, ['1p', 1]], [2, ['2p', 2]], [3, ['3p', 3]], [4, ['4p', 4]], [5, ['4p', 5]],
  [13, ['1p', 1]], [14, ['2p', 2]], [15, ['3p', 3]], [16, ['4p', 4]],
  [8, ['1set', 1]], [9, ['2set', 2]], [10, ['3set', 3]], [11, ['4set', 4]], [12, ['5set', 5]], [17, ['5set', 5]],
  [31, ['pause1', 1]], [301, ['pause1', 1]], [302, ['pause2', 2]], [303, ['pause3', 3]],
  [30, ['paused', 0]], [32, ['paused', 0]], [33, ['paused', 0]], [34, ['paused', 0]], [35, ['paused', 0]],
  [40, ['ot', 5]], [41, ['ot', 5]], [42, ['ot', 6]], [50, ['ot', 7]],
  [80, ['interrupted', 0]], [81, ['stopped', 0]], [90, ['interrupted', 0]], [70, ['interrupted', 0]], [61, ['not_started', 0]], [60, ['not_started', 0]],
  [91, ['walkover', 0]], [93, ['walkover', 0]], [94, ['walkover', 0]],
  [92, ['retired', 0]], [95, ['retired', 0]], [96, ['retired', 0]],
  [100, ['ended', 0]], [110, ['after_ot', 0]], [120, ['after_ot', 0]],
]);

/** The event status (0 not started ... 9 abandoned) when the code is unknown to us. */
function byEventStatus(status: number): [MatchStatus, number] {
  if (status === 0 || status === 6 || status === 8) return ['not_started', 0];
  if (status === 3 || status === 4) return ['ended', 0];
  if (status === 5 || status === 7 || status === 9) return ['interrupted', 0];
  if (status === 2) return ['stopped', 0];
  return ['1p', 1];
}

/** Our status and period of a sport_event_status. */
export function matchStatusOf(s: Pick<EventStatus, 'status' | 'matchStatus'>): { ms: MatchStatus; pe: number } {
  const [ms, pe] = (s.status === 1 || s.status === 2 ? CODES.get(s.matchStatus) : undefined) ?? CODES.get(s.matchStatus) ?? byEventStatus(s.status);
  // a closed or cancelled event is over whatever the last period said
  if (s.status === 3 || s.status === 4) return { ms: ms === 'after_ot' || ms === 'retired' || ms === 'walkover' ? ms : 'ended', pe };
  if (s.status === 5 || s.status === 9) return { ms: 'interrupted', pe };
  return { ms, pe };
}

/** Whether the event is in play (live or suspended while live). */
export const isInPlay = (s: Pick<EventStatus, 'status'>): boolean => s.status === 1 || s.status === 2;

/** Minutes of a 'mm:ss' or 'mm' clock, rounded up to the minute being played; undefined when absent. */
function minuteOf(t: string | undefined): number | undefined {
  if (!t) return undefined;
  const m = /^(\d+)(?::(\d+))?$/.exec(t.trim());
  if (!m) return undefined;
  const min = Number(m[1]);
  return Number(m[2] ?? 0) > 0 ? min + 1 : min;
}

/** Minute of play and added time played / announced of the clock. */
export function clockOf(s: EventStatus): { ti?: number | undefined; tie: number; tiee: number } {
  return { ti: minuteOf(s.clock?.matchTime), tie: minuteOf(s.clock?.stoppageTime) ?? 0, tiee: minuteOf(s.clock?.stoppageTimeAnnounced) ?? 0 };
}

const int = (x: number | undefined) => (x === undefined ? 0 : Math.max(0, Math.trunc(x)));

/** Scores, period scores, cards, corners and the game score. */
export function scoresOf(s: EventStatus): { scr: Score; sscr: Score[]; cards: Cards; corners: Score; p: Score } {
  const yr = s.yellowRedCards ?? { home: 0, away: 0 };
  return {
    scr: { h: int(s.homeScore), a: int(s.awayScore) },
    sscr: [...s.periods].sort((a, b) => a.number - b.number).map((p) => ({ h: int(p.home), a: int(p.away) })),
    cards: { yh: int(s.yellowCards?.home), ya: int(s.yellowCards?.away), rh: int(s.redCards?.home) + int(yr.home), ra: int(s.redCards?.away) + int(yr.away) },
    corners: { h: int(s.corners?.home), a: int(s.corners?.away) },
    p: { h: int(s.homeGamescore), a: int(s.awayGamescore) },
  };
}

/** Regular period length in minutes of our sports (0: not time-based). */
export function periodLength(sportId: number): number {
  return ({ 1: 45, 3: 10, 4: 20, 6: 30 } as Record<number, number>)[sportId] ?? 0;
}
