/**
 * Lines (handicap and over/under values) in quarter units, so '.5' lines, whole lines and
 * quarter lines are settled with integer arithmetic only: '2.5' -> 10, '-0.75' -> -3.
 */
import type { Score } from './result.ts';

/** The outcome of a line bet: a quarter line can win or lose half the stake. */
export type LineOutcome = 'won' | 'lost' | 'void' | 'halfWon' | 'halfLost';

/** A special without spaces and the feed's trailing star marker (section 3, odds group). */
export function cleanSpecial(special: string): string {
  return special.trim().replace(/\*+$/, '').trim();
}

const LINE = /^([+-]?)(\d{1,4})(?:[.,](\d{1,6}))?$/;

/**
 * A special value as a line in quarter units; undefined when it is not a multiple of 0.25.
 * A trailing star and spaces are ignored (cleanSpecial).
 */
export function parseLineQuarters(special: string): number | undefined {
  const m = LINE.exec(cleanSpecial(special));
  if (!m) return undefined;
  const [, sign, whole = '0', frac = ''] = m;
  // Fraction in ten-thousandths without float parsing: '5' -> 5000, '25' -> 2500, '750' -> 7500.
  const tenThousandths = Number((frac + '0000').slice(0, 4));
  if (/[1-9]/.test(frac.slice(4)) || tenThousandths % 2500 !== 0) return undefined;
  const quarters = Number(whole) * 4 + tenThousandths / 2500;
  return sign === '-' ? -quarters : quarters;
}

/** A 'h:a' special (handicap goals, score at bet time); star suffix and spaces ignored. */
export function parseScoreSpecial(special: string): Score | undefined {
  const m = /^(-?\d{1,4})\s*:\s*(-?\d{1,4})$/.exec(cleanSpecial(special));
  if (!m) return undefined;
  return { h: Number(m[1]), a: Number(m[2]) };
}

function bySign(m: number): 'won' | 'lost' | 'void' {
  return m > 0 ? 'won' : m < 0 ? 'lost' : 'void';
}

/**
 * Settles the backed side of a line from its margin in quarter units (for example over 2.5 with 3
 * goals: 3*4 - 10 = 2). An even margin is a whole or '.5' line: positive wins, negative loses,
 * zero pushes (only possible on a whole line, since a '.5' line gives a margin of 2 mod 4).
 * An odd margin is a quarter line: the stake is split over the two neighbouring lines
 * (2.25 = half on 2, half on 2.5) and the halves combine into halfWon or halfLost.
 */
export function settleMargin(quarters: number): LineOutcome {
  if (quarters % 2 === 0) return bySign(quarters);
  const lower = bySign(quarters - 1);
  const upper = bySign(quarters + 1);
  if (lower === upper) return lower;
  // The halves are 0.5 apart, so they differ by one step only: won/void or void/lost.
  return lower === 'void' ? 'halfWon' : 'halfLost';
}
