import { describe, expect, it } from 'vitest';
import type { SlipSelection } from './types.ts';
import { DEFAULT_USER_LIMITS } from './limits.ts';
import { checkAdd, dropOutsideOddsLimits, dropStale, removeSelection, toggleSelection } from './add.ts';
import { bankoCount } from './banko.ts';

function sel(matchId: number, extra: Partial<SlipSelection> = {}): SlipSelection {
  return { matchId, oddsType: 1, outcomeId: 1, special: '', odd: 2000, banko: false, live: false, locked: false, matchName: `M${matchId}`, addedAt: 0, ...extra };
}
const slip = (n: number) => Array.from({ length: n }, (_, i) => sel(i + 1));
const opts = { limits: DEFAULT_USER_LIMITS, oddOpen: true };

describe('checkAdd', () => {
  it('adds a pick at the end', () => {
    const r = checkAdd(slip(2), sel(3), opts);
    expect(r.ok && r.selections.map((s) => s.matchId)).toEqual([1, 2, 3]);
  });

  it('refuses the same outcome twice', () => {
    expect(checkAdd(slip(2), sel(2), opts)).toEqual({ ok: false, reason: 'alreadyOnSlip' });
    // Another special of the same market is another outcome.
    expect(checkAdd([sel(1, { oddsType: 18, special: '2.5' })], sel(1, { oddsType: 18, special: '3.5' }), opts).ok).toBe(true);
  });

  it('refuses a suspended, hidden or locked odd', () => {
    expect(checkAdd([], sel(1), { ...opts, oddOpen: false })).toEqual({ ok: false, reason: 'notSelectable' });
    expect(checkAdd([], sel(1, { locked: true }), opts)).toEqual({ ok: false, reason: 'notSelectable' });
    expect(checkAdd([], sel(1, { odd: 1009 }), opts)).toEqual({ ok: false, reason: 'notSelectable' });
    expect(checkAdd([], sel(1, { odd: 1010 }), opts).ok).toBe(true);
  });

  it('refuses an odd outside the user odds limits', () => {
    const limits = { ...DEFAULT_USER_LIMITS, minOddsCoupon: 1500, maxOddsCoupon: 10_000 };
    expect(checkAdd([], sel(1, { odd: 1400 }), { ...opts, limits })).toEqual({ ok: false, reason: 'minOdds' });
    expect(checkAdd([], sel(1, { odd: 10_001 }), { ...opts, limits })).toEqual({ ok: false, reason: 'maxOdds' });
  });

  it('refuses a 21st pick', () => {
    expect(checkAdd(slip(19), sel(20), opts).ok).toBe(true);
    expect(checkAdd(slip(20), sel(21), opts)).toEqual({ ok: false, reason: 'maxSelections' });
  });

  it('takes a second pick of a match (CK) but not a third', () => {
    const two = checkAdd(slip(2), sel(1, { outcomeId: 2 }), opts);
    expect(two.ok).toBe(true);
    if (!two.ok) return;
    expect(checkAdd(two.selections, sel(1, { outcomeId: 3 }), opts)).toEqual({ ok: false, reason: 'multipleMaximum' });
  });

  it('keeps a multiple at 10 combinations or fewer (3 doubled matches)', () => {
    const base = [...slip(4), sel(1, { outcomeId: 2 }), sel(2, { outcomeId: 2 })];
    const third = checkAdd(base, sel(3, { outcomeId: 2 }), opts); // 8 combinations
    expect(third.ok).toBe(true);
    if (!third.ok) return;
    expect(checkAdd(third.selections, sel(4, { outcomeId: 2 }), opts)).toEqual({ ok: false, reason: 'multipleMaximum' }); // 16
    expect(checkAdd(third.selections, sel(9), opts).ok).toBe(true);
  });

  it('refuses a second pick of a match on a system coupon', () => {
    expect(checkAdd(slip(3), sel(1, { outcomeId: 2 }), { ...opts, systemSizes: [2] })).toEqual({ ok: false, reason: 'wrongCouponType' });
    expect(checkAdd(slip(3), sel(4), { ...opts, systemSizes: [2] }).ok).toBe(true);
  });

  it('marks the bankers a system needs when it grows past 10 free picks', () => {
    const r = checkAdd(slip(10), sel(11), { ...opts, systemSizes: [3] });
    expect(r.ok && bankoCount(r.selections)).toBe(1);
    const kk = checkAdd(slip(10), sel(11), opts);
    expect(kk.ok && bankoCount(kk.selections)).toBe(0);
  });

  it('never adds a pick as a banker', () => {
    const r = checkAdd(slip(3), sel(4, { banko: true }), opts);
    expect(r.ok && bankoCount(r.selections)).toBe(0);
  });

  it('does not mutate the slip', () => {
    const s = slip(2);
    checkAdd(s, sel(3), opts);
    expect(s).toHaveLength(2);
  });
});

describe('toggleSelection and removeSelection', () => {
  it('removes a pick tapped again and adds a new one', () => {
    const off = toggleSelection(slip(3), sel(2), opts);
    expect(off).toEqual({ ok: true, selections: [sel(1), sel(3)], removed: true });
    const on = toggleSelection(slip(3), sel(4), opts);
    expect(on.ok && on.removed).toBe(false);
    expect(on.ok && on.selections).toHaveLength(4);
    expect(toggleSelection(slip(20), sel(21), opts)).toEqual({ ok: false, reason: 'maxSelections' });
    // A tap on a pick of a full slip still removes it.
    expect(toggleSelection(slip(20), sel(20), opts).ok).toBe(true);
  });

  it('removes only the same outcome', () => {
    const s = [sel(1), sel(1, { outcomeId: 2 })];
    expect(removeSelection(s, sel(1, { outcomeId: 2 }))).toEqual([sel(1)]);
    expect(removeSelection(s, sel(5))).toEqual(s);
  });
});

describe('dropStale', () => {
  it('drops entries older than 5 minutes', () => {
    const now = 1_000_000_000;
    const s = [sel(1, { addedAt: now - 300_000 }), sel(2, { addedAt: now - 300_001 }), sel(3, { addedAt: now })];
    expect(dropStale(s, now).map((x) => x.matchId)).toEqual([1, 3]);
  });
});

describe('dropOutsideOddsLimits', () => {
  it('removes picks whose odd moved outside the limits, saying why', () => {
    const limits = { ...DEFAULT_USER_LIMITS, minOddsCoupon: 1500, maxOddsCoupon: 5000 };
    const s = [sel(1, { odd: 1400 }), sel(2, { odd: 2000 }), sel(3, { odd: 6000 })];
    const r = dropOutsideOddsLimits(s, limits);
    expect(r.kept.map((x) => x.matchId)).toEqual([2]);
    expect(r.removed.map((x) => [x.selection.matchId, x.reason])).toEqual([[1, 'minOdds'], [3, 'maxOdds']]);
  });
});
