import { describe, expect, it } from 'vitest';
import { settleTip } from './settle.ts';
import type { MatchResult } from './result.ts';

const res = (ft: string, ht: string, extra: Partial<MatchResult> = {}): MatchResult => {
  const [fh = 0, fa = 0] = ft.split(':').map(Number);
  const [hh = 0, ha = 0] = ht.split(':').map(Number);
  return { ft: { h: fh, a: fa }, ht: { h: hh, a: ha }, ...extra };
};
const settle = (oddsType: number, outcomeId: number, special: string, r: MatchResult | undefined) =>
  settleTip({ oddsType, outcomeId, special }, r);

describe('result (1 X 2: ids 1, 2, 3)', () => {
  it('settles the full-time result', () => {
    expect(settle(1, 1, '', res('2:1', '1:0'))).toBe('won');
    expect(settle(1, 2, '', res('2:1', '1:0'))).toBe('lost');
    expect(settle(1, 3, '', res('2:1', '1:0'))).toBe('lost');
    expect(settle(1, 2, '', res('1:1', '0:1'))).toBe('won');
    expect(settle(1, 3, '', res('0:2', '0:0'))).toBe('won');
  });
  it('settles halves: h1 on ht, h2 on ft minus ht', () => {
    expect(settle(60, 1, '', res('2:1', '1:0'))).toBe('won');
    expect(settle(83, 2, '', res('2:1', '1:0'))).toBe('won'); // second half 1:1
    expect(settle(83, 3, '', res('1:2', '1:0'))).toBe('won'); // second half 0:2
    expect(settle(83, 1, '', res('1:2', '1:0'))).toBe('lost');
  });
  it('uses regular time even after overtime', () => {
    expect(settle(1, 2, '', res('2:2', '1:1', { status: 'after_ot', winner: 'h' }))).toBe('won');
  });
});

describe('winner (1 2: ids 4, 5)', () => {
  it('prefers the winner including overtime, else the score', () => {
    expect(settle(186, 5, '', res('1:1', '0:0', { winner: 'a' }))).toBe('won');
    expect(settle(186, 4, '', res('1:1', '0:0', { winner: 'a' }))).toBe('lost');
    expect(settle(186, 4, '', res('3:1', '1:1'))).toBe('won');
    expect(settle(186, 4, '', res('2:2', '1:1', { status: 'after_ot', winner: 'h' }))).toBe('won');
  });
  it('stays open on a tie with no winner given', () => {
    expect(settle(186, 4, '', res('1:1', '0:0'))).toBe('open');
  });
  it('settles a retired match on the winner given', () => {
    expect(settle(186, 4, '', res('1:0', '1:0', { status: 'retired', winner: 'h' }))).toBe('won');
  });
});

describe('double chance (1X 12 X2: ids 9, 10, 11)', () => {
  it('wins on either of its two results', () => {
    expect(settle(10, 9, '', res('0:0', '0:0'))).toBe('won');
    expect(settle(10, 10, '', res('0:0', '0:0'))).toBe('lost');
    expect(settle(10, 11, '', res('0:0', '0:0'))).toBe('won');
    expect(settle(10, 9, '', res('2:1', '0:0'))).toBe('won');
    expect(settle(10, 10, '', res('2:1', '0:0'))).toBe('won');
    expect(settle(10, 11, '', res('2:1', '0:0'))).toBe('lost');
  });
});

describe('handicap3 (European, special h:a goals added)', () => {
  it('settles 1 X 2 on the adjusted score', () => {
    expect(settle(14, 2, '0:1', res('1:0', '0:0'))).toBe('won'); // 1:1
    expect(settle(14, 1, '0:1', res('1:0', '0:0'))).toBe('lost');
    expect(settle(14, 1, '2:0', res('0:1', '0:0'))).toBe('won'); // 2:1
    expect(settle(14, 3, '0:1*', res('1:1', '0:0'))).toBe('won'); // star suffix ignored; 1:2
  });
  it('settles the half handicaps on their half', () => {
    expect(settle(65, 1, '0:1', res('2:2', '2:0'))).toBe('won'); // h1 2:1
    expect(settle(87, 2, '1:0', res('2:2', '2:1'))).toBe('won'); // h2 0:1 -> 1:1
  });
});

describe('handicap2 (two-way, special is the home line)', () => {
  it('never pushes on a .5 line', () => {
    expect(settle(16, 4, '-1.5', res('2:0', '0:0'))).toBe('won');
    expect(settle(16, 5, '-1.5', res('2:0', '0:0'))).toBe('lost');
    expect(settle(16, 4, '-1.5', res('1:0', '0:0'))).toBe('lost');
    expect(settle(16, 5, '-1.5', res('1:0', '0:0'))).toBe('won');
  });
  it('pushes on a whole line', () => {
    expect(settle(16, 4, '-1', res('1:0', '0:0'))).toBe('void');
    expect(settle(16, 5, '-1', res('1:0', '0:0'))).toBe('void');
    expect(settle(16, 4, '-1', res('2:0', '0:0'))).toBe('won');
    expect(settle(16, 4, '0', res('1:1', '0:0'))).toBe('void');
  });
  it('splits quarter lines', () => {
    // -0.75 = half on -0.5 and half on -1. A 1:0 win: -0.5 wins, -1 pushes.
    expect(settle(16, 4, '-0.75', res('1:0', '0:0'))).toBe('halfWon');
    expect(settle(16, 5, '-0.75', res('1:0', '0:0'))).toBe('halfLost');
    expect(settle(16, 4, '-0.75', res('2:0', '0:0'))).toBe('won');
    expect(settle(16, 4, '-0.75', res('0:0', '0:0'))).toBe('lost');
    expect(settle(16, 5, '-0.75', res('0:0', '0:0'))).toBe('won');
    // +0.25 on a draw: +0 pushes, +0.5 wins.
    expect(settle(16, 4, '+0.25', res('0:0', '0:0'))).toBe('halfWon');
    expect(settle(16, 5, '+0.25', res('0:0', '0:0'))).toBe('halfLost');
    expect(settle(16, 4, '-0.25', res('0:0', '0:0'))).toBe('halfLost');
  });
});

describe('total (over 12, under 13)', () => {
  it('never pushes on a .5 line', () => {
    expect(settle(18, 12, '2.5', res('2:1', '1:0'))).toBe('won');
    expect(settle(18, 13, '2.5', res('2:1', '1:0'))).toBe('lost');
    expect(settle(18, 12, '2.5', res('1:1', '1:0'))).toBe('lost');
    expect(settle(18, 13, '2.5', res('1:1', '1:0'))).toBe('won');
  });
  it('pushes on a whole line', () => {
    expect(settle(18, 12, '2', res('1:1', '1:0'))).toBe('void');
    expect(settle(18, 13, '2', res('1:1', '1:0'))).toBe('void');
  });
  it('splits quarter lines', () => {
    // 2.25 = 2 and 2.5; two goals: over pushes on 2 and loses on 2.5.
    expect(settle(18, 12, '2.25', res('1:1', '0:0'))).toBe('halfLost');
    expect(settle(18, 13, '2.25', res('1:1', '0:0'))).toBe('halfWon');
    expect(settle(18, 12, '2.25', res('2:1', '0:0'))).toBe('won');
    // 2.75 = 2.5 and 3; three goals: over wins on 2.5 and pushes on 3.
    expect(settle(18, 12, '2.75', res('2:1', '0:0'))).toBe('halfWon');
    expect(settle(18, 13, '2.75', res('2:1', '0:0'))).toBe('halfLost');
  });
  it('settles half totals on their half', () => {
    expect(settle(68, 13, '0.5', res('3:1', '0:0'))).toBe('won');
    expect(settle(90, 12, '1.5', res('3:1', '1:0'))).toBe('won'); // h2 2:1
    expect(settle(90, 12, '1.5', res('3:1', '2:1'))).toBe('lost'); // h2 1:0
  });
});

describe('btts (yes 74, no 76)', () => {
  it('needs both teams to score', () => {
    expect(settle(29, 74, '', res('1:1', '0:0'))).toBe('won');
    expect(settle(29, 76, '', res('1:1', '0:0'))).toBe('lost');
    expect(settle(29, 74, '', res('2:0', '1:0'))).toBe('lost');
    expect(settle(29, 76, '', res('2:0', '1:0'))).toBe('won');
  });
});

describe('rest of match (special: score at bet time)', () => {
  it('counts only goals after the score at bet time', () => {
    expect(settle(7, 3, '1:0', res('2:2', '1:0'))).toBe('won'); // rest 1:2
    expect(settle(7, 1, '1:0', res('2:2', '1:0'))).toBe('lost');
    expect(settle(7, 2, '1:0', res('1:0', '1:0'))).toBe('won'); // rest 0:0
  });
  it('rest of the first half reads the half-time score', () => {
    expect(settle(61, 2, '0:0', res('3:1', '1:1'))).toBe('won');
  });
  it('stays open when the final score is below the score at bet time', () => {
    expect(settle(7, 1, '2:0', res('1:0', '1:0'))).toBe('open');
  });
});

describe('next goal (special: goal number n; 1 = 6, none = 7, 2 = 8)', () => {
  const goals = [{ side: 'h', minute: 10 }, { side: 'a', minute: 30 }, { side: 'a', minute: 70 }] as const;
  const withGoals = res('1:2', '1:1', { goals });
  it('names the scorer of goal n from the ordered goals', () => {
    expect(settle(8, 6, '1', withGoals)).toBe('won');
    expect(settle(8, 8, '2', withGoals)).toBe('won');
    expect(settle(8, 6, '2', withGoals)).toBe('lost');
    expect(settle(8, 8, '3', withGoals)).toBe('won');
  });
  it('none wins when fewer than n goals were scored', () => {
    expect(settle(8, 7, '4', withGoals)).toBe('won');
    expect(settle(8, 6, '4', withGoals)).toBe('lost');
    expect(settle(8, 7, '1', res('0:0', '0:0'))).toBe('won');
  });
  it('reads a score special as the next goal after it', () => {
    expect(settle(8, 8, '1:1', withGoals)).toBe('won'); // goal 3
  });
  it('counts only first-half goals for the first-half market', () => {
    expect(settle(62, 7, '3', withGoals)).toBe('won');
    expect(settle(62, 8, '2', withGoals)).toBe('won');
  });
  it('without a goal list decides only when one side scored every goal', () => {
    expect(settle(8, 6, '2', res('2:0', '1:0'))).toBe('won');
    expect(settle(8, 8, '1', res('0:1', '0:0'))).toBe('won');
    expect(settle(8, 6, '1', res('1:1', '1:0'))).toBe('open');
  });
  it('ignores a goal list that disagrees with the score', () => {
    expect(settle(8, 6, '1', res('1:2', '1:1', { goals: goals.slice(0, 2) }))).toBe('open');
  });
});

describe('corners and cards totals', () => {
  it('settle on result.corners and result.cards', () => {
    const r = res('1:0', '0:0', { corners: { h: 6, a: 4 }, cards: { h: 2, a: 3 } });
    expect(settle(136, 12, '9.5', r)).toBe('won');
    expect(settle(136, 13, '9.5', r)).toBe('lost');
    expect(settle(136, 12, '10', r)).toBe('void');
    expect(settle(139, 12, '4.5', r)).toBe('won');
    expect(settle(139, 13, '5.5', r)).toBe('won');
  });
  it('stay open without the data', () => {
    expect(settle(136, 12, '9.5', res('1:0', '0:0'))).toBe('open');
    expect(settle(139, 12, '4.5', res('1:0', '0:0'))).toBe('open');
  });
});

describe('void and open', () => {
  it('voids every market of a cancelled, interrupted or walkover match', () => {
    for (const status of ['cancelled', 'interrupted', 'walkover'] as const) {
      const r = res('3:0', '1:0', { status });
      expect(settle(1, 1, '', r)).toBe('void');
      expect(settle(18, 13, '2.5', r)).toBe('void');
      expect(settle(136, 12, '9.5', r)).toBe('void');
    }
  });
  it('stays open with no result', () => {
    expect(settle(1, 1, '', undefined)).toBe('open');
  });
  it('stays open (never silently void) for an unknown odds type or outcome', () => {
    expect(settle(9999, 1, '', res('1:0', '0:0'))).toBe('open');
    expect(settle(9999, 1, '', res('1:0', '0:0', { status: 'cancelled' }))).toBe('open');
    expect(settle(1, 99, '', res('1:0', '0:0'))).toBe('open');
  });
  it('stays open on a special it cannot read', () => {
    expect(settle(18, 12, 'abc', res('1:0', '0:0'))).toBe('open');
    expect(settle(18, 12, '2.3', res('1:0', '0:0'))).toBe('open');
    expect(settle(14, 1, '', res('1:0', '0:0'))).toBe('open');
    expect(settle(8, 6, '', res('1:0', '0:0'))).toBe('open');
  });
  it('gives the same answer every time (idempotent)', () => {
    const r = res('2:1', '1:0');
    const first = settle(16, 4, '-0.75', r);
    expect(settle(16, 4, '-0.75', r)).toBe(first);
    expect(r).toEqual(res('2:1', '1:0'));
  });
});
