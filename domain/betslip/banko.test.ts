import { describe, expect, it } from 'vitest';
import type { SlipSelection } from './types.ts';
import { applySystemSizes, autoSelectBankers, bankoCount, canToggleBanko, clearBankers, requiredBankers, toggleBanko } from './banko.ts';

function sel(matchId: number, extra: Partial<SlipSelection> = {}): SlipSelection {
  return { matchId, oddsType: 1, outcomeId: 1, special: '', odd: 2000, banko: false, live: false, locked: false, matchName: `M${matchId}`, addedAt: 0, ...extra };
}
const slip = (n: number) => Array.from({ length: n }, (_, i) => sel(i + 1));

describe('canToggleBanko', () => {
  it('allows a banker only while bankers < selections - 2', () => {
    const three = slip(3);
    expect(canToggleBanko(three, 0)).toBe(true); // 0 < 1
    const one = toggleBanko(three, 0)!;
    expect(bankoCount(one)).toBe(1);
    expect(canToggleBanko(one, 1)).toBe(false); // 1 < 1 is false
    expect(canToggleBanko(one, 0)).toBe(true); // un-marking is always allowed
  });

  it('never allows one with two picks or fewer', () => {
    expect(canToggleBanko(slip(2), 0)).toBe(false);
    expect(canToggleBanko(slip(1), 0)).toBe(false);
  });

  it('allows up to selections - 2 bankers', () => {
    let s = slip(5);
    for (const i of [0, 1, 2]) s = toggleBanko(s, i)!;
    expect(bankoCount(s)).toBe(3);
    expect(canToggleBanko(s, 3)).toBe(false);
    expect(toggleBanko(s, 3)).toBeNull();
  });

  it('is false for an index off the slip', () => {
    expect(canToggleBanko(slip(5), 5)).toBe(false);
    expect(canToggleBanko(slip(5), -1)).toBe(false);
  });

  it('does not mutate the slip', () => {
    const s = slip(4);
    toggleBanko(s, 0);
    expect(bankoCount(s)).toBe(0);
  });
});

describe('autoSelectBankers', () => {
  it('needs bankers above 10 free picks', () => {
    expect(requiredBankers(10)).toBe(0);
    expect(requiredBankers(12)).toBe(2);
    expect(requiredBankers(20)).toBe(10);
  });

  it('marks the missing bankers from the last matches', () => {
    const s = autoSelectBankers(slip(12));
    expect(s.map((x) => x.banko)).toEqual([...Array<boolean>(10).fill(false), true, true]);
  });

  it('counts bankers already chosen and skips them', () => {
    const s = autoSelectBankers(slip(12).map((x, i) => (i === 0 || i === 11 ? { ...x, banko: true } : x)));
    expect(s.filter((x) => x.banko).map((x) => x.matchId)).toEqual([1, 12]);
    const t = autoSelectBankers(slip(13).map((x, i) => (i === 12 ? { ...x, banko: true } : x)));
    expect(t.filter((x) => x.banko).map((x) => x.matchId)).toEqual([11, 12, 13]);
  });

  it('takes an explicit count', () => {
    expect(autoSelectBankers(slip(5), 2).filter((x) => x.banko).map((x) => x.matchId)).toEqual([4, 5]);
  });

  it('leaves a slip with enough bankers as it is', () => {
    expect(autoSelectBankers(slip(6))).toEqual(slip(6));
  });
});

describe('applySystemSizes', () => {
  it('clears every banker when all sizes are deselected', () => {
    const s = toggleBanko(slip(4), 1)!;
    expect(bankoCount(applySystemSizes(s, []))).toBe(0);
    expect(bankoCount(clearBankers(s))).toBe(0);
  });

  it('marks the needed bankers when a size is chosen', () => {
    expect(bankoCount(applySystemSizes(slip(13), [3]))).toBe(3);
    expect(bankoCount(applySystemSizes(toggleBanko(slip(4), 0)!, [2]))).toBe(1);
  });
});
