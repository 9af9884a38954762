import { describe, expect, it } from 'vitest';
import { enumerateCombinations } from '../../domain/betslip/system.ts';
import { SAME_COUPON_MAX, isCancelledStatus, picksHash, stakeOnPicks } from './rules.ts';

const pick = (matchId: number, banko = false) => ({ matchId, banko });

/** The stake on each pick by listing the combinations (the definition stakeOnPicks computes in closed form). */
function enumeratedSystemStakes(bankers: boolean[], sizes: number[], ticketStake: number): number[] {
  const free = bankers.map((b, i) => (b ? -1 : i)).filter((i) => i >= 0);
  const out = bankers.map(() => 0);
  for (const k of sizes) {
    for (const combo of enumerateCombinations(free, k)) {
      for (let i = 0; i < bankers.length; i++) if (bankers[i] || combo.includes(i)) out[i]! += ticketStake;
    }
  }
  return out;
}

describe('stakeOnPicks', () => {
  it('TK and KK: the whole stake rides on every pick', () => {
    expect(stakeOnPicks('TK', [pick(1)], [], 700)).toEqual([700]);
    expect(stakeOnPicks('KK', [pick(1), pick(2), pick(3)], [], 700)).toEqual([700, 700, 700]);
  });

  it('CK: a pick of a doubled match is in half of the combinations', () => {
    // matches 1 (two picks) and 2 (one pick): 2 combinations
    expect(stakeOnPicks('CK', [pick(1), pick(1), pick(2)], [], 1000)).toEqual([1000, 1000, 2000]);
    // two doubled matches: 4 combinations, each pick in 2
    expect(stakeOnPicks('CK', [pick(1), pick(1), pick(2), pick(2)], [], 1000)).toEqual([2000, 2000, 2000, 2000]);
  });

  it('SK: bankers are in every combination, free picks in their share, as enumeration says', () => {
    const cases: Array<{ bankers: boolean[]; sizes: number[] }> = [
      { bankers: [false, false, false], sizes: [2] },
      { bankers: [false, false, false, true], sizes: [2] },
      { bankers: [false, false, false, false, false], sizes: [1, 3, 5] },
      { bankers: [true, false, false, false, true, false, false], sizes: [2, 4] },
    ];
    for (const c of cases) {
      const picks = c.bankers.map((b, i) => pick(i + 1, b));
      expect(stakeOnPicks('SK', picks, c.sizes, 300)).toEqual(enumeratedSystemStakes(c.bankers, c.sizes, 300));
    }
  });
});

describe('picksHash', () => {
  const a = { matchId: 1, oddsType: 1, outcomeId: 1, special: '' };
  const b = { matchId: 2, oddsType: 18, outcomeId: 12, special: '2.5' };

  it('is the same for the same set of picks in any order, and differs otherwise', () => {
    expect(picksHash([a, b])).toBe(picksHash([b, a]));
    expect(picksHash([a, b])).not.toBe(picksHash([a]));
    expect(picksHash([a])).not.toBe(picksHash([{ ...a, outcomeId: 2 }]));
    expect(picksHash([b])).not.toBe(picksHash([{ ...b, special: '3.5' }]));
    expect(picksHash([a])).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('placement constants', () => {
  it('N of "the same coupon has already been made N times" is 3', () => {
    expect(SAME_COUPON_MAX).toBe(3);
  });

  it('a match is cancelled when its status voids its bets', () => {
    expect(['cancelled', 'interrupted', 'walkover'].every(isCancelledStatus)).toBe(true);
    expect(['not_started', '1p', 'ended', 'retired', 'stopped'].some(isCancelledStatus)).toBe(false);
  });
});
