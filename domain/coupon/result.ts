/**
 * A match result as settlement reads it, and the match line's Results text (betting-core.md
 * section 3, Coupon match line). Pure data: no clock, no I/O.
 */
import type { Period } from '../market/catalogue.ts';
import type { FeedMatchResults } from './feed-outcome.ts';

/** Goals (or points, corners, cards) of home and away. */
export interface Score {
  h: number;
  a: number;
}

/** Terminal match states a result can carry (section 4 match status values). */
export type ResultStatus = 'ended' | 'cancelled' | 'interrupted' | 'walkover' | 'retired' | 'after_ot';

/**
 * The final result of a match. `ft` is the regular-time score (overtime excluded), `ht` the
 * half-time score. `goals` is ordered and, when present, must agree with `ft` and `ht`.
 * A result is final: while a match is running, settlement gets `undefined`, not the live score.
 */
export interface MatchResult {
  ft: Score;
  /** Absent when no market of the match is about a half (entered by hand): half markets stay open. */
  ht?: Score;
  corners?: Score;
  cards?: Score;
  /** Every goal of the match in the order scored. */
  goals?: ReadonlyArray<{ side: 'h' | 'a'; minute: number }>;
  /** Absent means ended normally. */
  status?: ResultStatus;
  /** For sports without a draw: who won, overtime and tie-breaks included. */
  winner?: 'h' | 'a';
  /**
   * A feed that settles outcome by outcome (feed-outcome.ts): when present, every tip of the match
   * is settled from it alone, never from the scores.
   */
  feed?: FeedMatchResults;
}

/** States in which every bet on the match is void (the match did not take place as offered). */
const VOID_STATUSES: ReadonlySet<ResultStatus> = new Set(['cancelled', 'interrupted', 'walkover']);

/** True when every tip on this match settles void. */
export function isVoidResult(r: MatchResult): boolean {
  return r.status !== undefined && VOID_STATUSES.has(r.status);
}

function isCount(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

/** True when both sides are non-negative integers. */
export function isScore(s: Score | undefined): s is Score {
  return s !== undefined && isCount(s.h) && isCount(s.a);
}

/**
 * The score of one period: h2 is ft minus ht. Undefined when the data is inconsistent
 * (negative second half, non-integer), so settlement leaves the tip open instead of guessing.
 */
export function periodScore(r: MatchResult, period: Period): Score | undefined {
  if (!isScore(r.ft)) return undefined;
  if (period === 'ft') return r.ft;
  if (!isScore(r.ht)) return undefined;
  if (period === 'h1') return r.ht;
  const h2 = { h: r.ft.h - r.ht.h, a: r.ft.a - r.ht.a };
  return isScore(h2) ? h2 : undefined;
}

/** The Results text of a coupon match line: 'FT 2:1 HT 1:0'; '' when there is no result yet. */
export function formatResultText(r: MatchResult | undefined): string {
  if (!r) return '';
  return r.ht ? `FT ${r.ft.h}:${r.ft.a} HT ${r.ht.h}:${r.ht.a}` : `FT ${r.ft.h}:${r.ft.a}`;
}
