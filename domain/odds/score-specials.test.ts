import { describe, expect, it } from 'vitest';
import type { OddsGroup } from '../protocol/entities.ts';
import { applyScoreSpecials, scoreSpecial, specialLabel } from './score-specials.ts';
import { oddMovement, shownMovement } from './movement.ts';

const group = (oddstype: number, special: string): OddsGroup => ({
  oddsid: oddstype, oddstype, typeName: '', nicename: specialLabel(oddstype, special), special, active: 1, iss: 0, isv: 1,
  outcomes: [{ oddid: oddstype * 10, outcomeid: 1, outcome: '1', odd: 2000, special, active: 1, iss: 0, isv: 1 }],
});

describe('score specials', () => {
  it('names the score for rest of match and the goal number for next goal', () => {
    expect(scoreSpecial(7, { h: 1, a: 0 })).toBe('1:0');
    expect(scoreSpecial(61, { h: 0, a: 2 })).toBe('0:2');
    expect(scoreSpecial(8, { h: 1, a: 1 })).toBe('3');
    expect(scoreSpecial(62, { h: 0, a: 0 })).toBe('1');
    expect(scoreSpecial(18, { h: 0, a: 0 })).toBeUndefined();
  });

  it('moves specials and labels of 7, 61, 8, 62 only', () => {
    const groups = [group(7, '0:0'), group(61, '0:0'), group(8, '1'), group(62, '1'), group(18, '2.5')];
    const changed = applyScoreSpecials(groups, { h: 1, a: 0 });
    expect(changed.map((g) => g.oddstype)).toEqual([7, 61, 8, 62]);
    expect(groups[0]!.special).toBe('1:0');
    expect(groups[0]!.nicename).toBe('Rest of match (1:0)');
    expect(groups[0]!.outcomes[0]!.special).toBe('1:0');
    expect(groups[2]!.special).toBe('2');
    expect(groups[2]!.nicename).toBe('Next goal (2)');
    expect(groups[4]!.special).toBe('2.5');
    expect(applyScoreSpecials(groups, { h: 1, a: 0 })).toEqual([]);
  });
});

describe('odd movement', () => {
  it('marks up, down or unchanged', () => {
    expect(oddMovement(1800, 1850)).toBe(1);
    expect(oddMovement(1850, 1800)).toBe(-1);
    expect(oddMovement(1850, 1850)).toBe(0);
    expect(oddMovement(undefined, 1850)).toBe(0);
  });

  it('shows the arrow for 3 seconds', () => {
    expect(shownMovement(1, 1000, 3999)).toBe(1);
    expect(shownMovement(1, 1000, 4000)).toBe(0);
    expect(shownMovement(-1, 0, 2999)).toBe(-1);
  });
});
