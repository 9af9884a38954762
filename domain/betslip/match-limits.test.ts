import { describe, expect, it } from 'vitest';
import type { SlipSelection } from './types.ts';
import { DEFAULT_USER_LIMITS } from './limits.ts';
import { summarizeSlip } from './summary.ts';
import { raiseMinTip, slipMinTip, withMatchMinTip } from './match-limits.ts';

function sel(matchId: number, odd: number, extra: Partial<SlipSelection> = {}): SlipSelection {
  return { matchId, oddsType: 1, outcomeId: 1, special: '', odd, banko: false, live: false, locked: false, matchName: `M${matchId}`, addedAt: 0, ...extra };
}

describe('per-match minimum tip count (minTip of the odds data)', () => {
  it('is the largest minTip of the picks, 1 when none sets one', () => {
    expect(slipMinTip([])).toBe(1);
    expect(slipMinTip([sel(1, 2000), sel(2, 2000)])).toBe(1);
    expect(slipMinTip([sel(1, 2000, { minTip: 3 }), sel(2, 2000, { minTip: 2 })])).toBe(3);
    // Nonsense values do not lower or break it.
    expect(slipMinTip([sel(1, 2000, { minTip: 0 }), sel(2, 2000, { minTip: Number.NaN })])).toBe(1);
  });

  it("asks a slip for 'minimum N more matches' and blocks it until they are there", () => {
    const one = summarizeSlip({ selections: [sel(1, 2000, { minTip: 3 })], stake: 1000, systemSizes: [], limits: DEFAULT_USER_LIMITS });
    expect(one.minTip).toBe(3);
    expect(one.limitErrors).toContainEqual({ code: 'minTip', min: 3, amount: 2 });
    expect(one.creatable).toBe(false);
    const two = summarizeSlip({ selections: [sel(1, 2000, { minTip: 3 }), sel(2, 1500)], stake: 1000, systemSizes: [], limits: DEFAULT_USER_LIMITS });
    expect(two.limitErrors).toContainEqual({ code: 'minTip', min: 3, amount: 1 });
    const three = summarizeSlip({ selections: [sel(1, 2000, { minTip: 3 }), sel(2, 1500), sel(3, 1700)], stake: 1000, systemSizes: [], limits: DEFAULT_USER_LIMITS });
    expect(three.limitErrors).toEqual([]);
    expect(three.creatable).toBe(true);
  });

  it('never lowers a kind that asks for more, and leaves the limits alone when nothing changes', () => {
    const strict = { ...DEFAULT_USER_LIMITS.combine, minTip: 4 };
    expect(raiseMinTip(strict, 2)).toBe(strict);
    expect(raiseMinTip(strict, 6).minTip).toBe(6);
    expect(withMatchMinTip(DEFAULT_USER_LIMITS, 1)).toBe(DEFAULT_USER_LIMITS);
    const raised = withMatchMinTip(DEFAULT_USER_LIMITS, 3);
    expect([raised.single, raised.combine, raised.multiple, raised.live, raised.system].map((k) => k.minTip)).toEqual([3, 3, 3, 3, 3]);
    // The server's way (limits raised from its own match rows) and the slip's way agree.
    const viaLimits = summarizeSlip({ selections: [sel(1, 2000)], stake: 1000, systemSizes: [], limits: raised });
    const viaPicks = summarizeSlip({ selections: [sel(1, 2000, { minTip: 3 })], stake: 1000, systemSizes: [], limits: DEFAULT_USER_LIMITS });
    expect(viaLimits.limitErrors).toEqual(viaPicks.limitErrors);
  });
});
