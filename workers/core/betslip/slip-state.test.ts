import { describe, expect, it } from 'vitest';
import type { SlipSelection } from '../../../domain/betslip/types.ts';
import type { UserLimits } from '../../../domain/protocol/entities.ts';
import { DEFAULT_USER_LIMITS } from '../../../domain/betslip/limits.ts';
import {
  applyOddUpdates, bankoAllowed, clearSlip, EMPTY_SLIP, enforceOddsLimits, entryKey, loadEntries, removeEntry, restoreEntries, savedOddsChange,
  setSystemSizes, summaryOf, toggleBankoOf, toggleEntry, type SlipEntry, type SlipState,
} from './slip-state.ts';
import { pressKey, quickStakes, type KeypadKey } from './keypad.ts';
import { refusalNotice } from './slip-api.ts';

const NOW = 1_780_000_000_000;
const L: UserLimits = DEFAULT_USER_LIMITS;

function entry(matchId: number, outcomeId = 1, odd = 2000, extra: Partial<SlipSelection> = {}): SlipEntry {
  const selection: SlipSelection = {
    matchId, oddsType: 1, outcomeId, special: '', odd, banko: false, live: false, locked: false,
    matchName: `Home ${matchId} - Away ${matchId}`, addedAt: NOW, ...extra,
  };
  return { key: entryKey(selection), selection, view: { home: `Home ${matchId}`, away: `Away ${matchId}`, matchDate: '2026-06-01T18:00:00Z', sportId: 1, market: 'Match result', pick: String(outcomeId) } };
}

function slipOf(...entries: SlipEntry[]): SlipState {
  let s: SlipState = EMPTY_SLIP;
  for (const e of entries) {
    const r = toggleEntry(s, e, L, true);
    expect(r.refused).toBeUndefined();
    s = r.state;
  }
  return s;
}

const bankos = (s: SlipState) => s.entries.map((e) => e.selection.banko);

describe('slip state: adding and removing (section 4)', () => {
  it('adds, toggles off, and refuses what the rules refuse', () => {
    const s = slipOf(entry(1), entry(2));
    expect(summaryOf(s, L).couponType).toBe('KK');
    expect(toggleEntry(s, entry(2), L, true).state.entries).toHaveLength(1);
    expect(toggleEntry(s, entry(3), L, false).refused).toBe('notSelectable');
    expect(toggleEntry(s, entry(3, 1, 1005), L, true).refused).toBe('notSelectable');
  });

  it('takes a second pick of a match as a multiple (CK), not a third', () => {
    const s = slipOf(entry(1, 1), entry(1, 2));
    expect(summaryOf(s, L).couponType).toBe('CK');
    expect(toggleEntry(s, entry(1, 3), L, true).refused).toBe('multipleMaximum');
  });

  it('refuses a second pick of a match while a system is chosen (choosetypesError)', () => {
    const s = setSystemSizes(slipOf(entry(1), entry(2), entry(3)), [2], L);
    const r = toggleEntry(s, entry(1, 2), L, true);
    expect(r.refused).toBe('wrongCouponType');
    expect(refusalNotice('wrongCouponType', { selections: 3, odd: 2000, minOdds: 0, maxOdds: 0 })).toEqual({ status: 3, key: 'choosetypesError', args: { count: 3 } });
    expect(refusalNotice('notSelectable', { selections: 3, odd: 2000, minOdds: 0, maxOdds: 0 }).key).toBe('noSelectSoTips');
  });

  it('refuses the 21st selection', () => {
    let s: SlipState = EMPTY_SLIP;
    for (let m = 1; m <= 20; m++) s = toggleEntry(s, entry(m), L, true).state;
    expect(s.entries).toHaveLength(20);
    expect(toggleEntry(s, entry(21), L, true).refused).toBe('maxSelections');
  });

  it('refuses and removes odds outside the user limits with the limit for the notice', () => {
    const limits: UserLimits = { ...L, minOddsCoupon: 1500, maxOddsCoupon: 10_000 };
    expect(toggleEntry(EMPTY_SLIP, entry(1, 1, 1200), limits, true).refused).toBe('minOdds');
    expect(toggleEntry(EMPTY_SLIP, entry(1, 1, 12_000), limits, true).refused).toBe('maxOdds');
    const s = slipOf(entry(1, 1, 1200), entry(2, 1, 2000), entry(3, 1, 12_000));
    const r = enforceOddsLimits(s, limits);
    expect(r.state.entries.map((e) => e.selection.matchId)).toEqual([2]);
    expect(r.removed.map((x) => [x.reason, x.limit])).toEqual([['minOdds', 1500], ['maxOdds', 10_000]]);
    expect(refusalNotice('minOdds', { selections: 0, odd: 1200, minOdds: 1500, maxOdds: 0 }).args).toEqual({ amount: '1.50' });
  });

  it('drops entries older than 5 minutes on load', () => {
    const old = entry(1, 1, 2000, { addedAt: NOW - 300_001 });
    const fresh = entry(2, 1, 2000, { addedAt: NOW - 299_000 });
    expect(loadEntries([old, fresh], NOW).map((e) => e.key)).toEqual([fresh.key]);
  });

  it('clearing resets the amounts and keeps the odds-change choice', () => {
    const s = { ...slipOf(entry(1)), stake: 5000, oddsChange: 'higher' as const };
    expect(clearSlip(s)).toEqual({ ...EMPTY_SLIP, oddsChange: 'higher' });
  });

  it("reads an older version's checkbox: only an unticked box was the player's choice", () => {
    expect(savedOddsChange({ oddChangeOk: false })).toBe('none');
    expect(savedOddsChange({ oddChangeOk: true })).toBeNull();
    expect(savedOddsChange({ oddsChange: 'higher', oddChangeOk: false })).toBe('higher');
    expect(savedOddsChange({ oddsChange: 'sometimes' })).toBeNull();
    expect(savedOddsChange(undefined)).toBeNull();
  });
});

describe('slip state: system and bankers (sections 4 and 5)', () => {
  it('choosing a size makes SK, deselecting all clears the bankers', () => {
    let s = setSystemSizes(slipOf(entry(1), entry(2), entry(3), entry(4)), [2], L);
    expect(summaryOf(s, L).couponType).toBe('SK');
    expect(summaryOf(s, L).couponCount).toBe(6);
    s = toggleBankoOf(s, s.entries[0]!.key, L)!;
    expect(bankos(s)).toEqual([true, false, false, false]);
    expect(summaryOf(s, L).couponCount).toBe(3); // 2 of the 3 free picks, the banker in each
    s = setSystemSizes(s, [], L);
    expect(bankos(s)).toEqual([false, false, false, false]);
    expect(summaryOf(s, L).couponType).toBe('KK');
  });

  it('allows a banker only while bankers < selections - 2, and un-marking always', () => {
    let s = setSystemSizes(slipOf(entry(1), entry(2), entry(3), entry(4)), [1], L);
    s = toggleBankoOf(s, s.entries[0]!.key, L)!;
    s = toggleBankoOf(s, s.entries[1]!.key, L)!;
    expect(bankos(s)).toEqual([true, true, false, false]);
    expect(bankoAllowed(s, 2, L)).toBe(false);
    expect(toggleBankoOf(s, s.entries[2]!.key, L)).toBeNull();
    expect(bankoAllowed(s, 0, L)).toBe(true);
    expect(bankos(toggleBankoOf(s, s.entries[0]!.key, L)!)).toEqual([false, true, false, false]);
  });

  it('offers no banker toggle without a system', () => {
    const s = slipOf(entry(1), entry(2), entry(3));
    expect(bankoAllowed(s, 0, L)).toBe(false);
    expect(toggleBankoOf(s, s.entries[0]!.key, L)).toBeNull();
  });

  it('marks the missing bankers from the last matches when a system has more than 10 free picks', () => {
    let s: SlipState = EMPTY_SLIP;
    for (let m = 1; m <= 12; m++) s = toggleEntry(s, entry(m), L, true).state;
    s = setSystemSizes(s, [3], L);
    expect(bankos(s)).toEqual([...Array(10).fill(false), true, true]);
    // Adding a 13th pick to the system marks one more banker.
    s = toggleEntry(s, entry(13), L, true).state;
    expect(bankos(s).filter(Boolean)).toHaveLength(3);
    expect(summaryOf(s, L).couponType).toBe('SK');
  });

  it('hides the system when limits.system.status is 0', () => {
    const limits: UserLimits = { ...L, system: { ...L.system, status: 0 } };
    const s = setSystemSizes(slipOf(entry(1), entry(2), entry(3)), [2], limits);
    expect(s.systemSizes).toEqual([]);
    expect(summaryOf(s, limits).systemList).toEqual([]);
  });

  it('removing picks drops the sizes the slip no longer offers, and the bankers with them', () => {
    let s = setSystemSizes(slipOf(entry(1), entry(2), entry(3)), [3], L);
    expect(s.systemSizes).toEqual([3]);
    s = removeEntry(s, s.entries[2]!.key, L);
    expect(s.systemSizes).toEqual([]);
    expect(summaryOf(s, L).couponType).toBe('KK');
  });
});

describe('slip state: odds updates and re-create', () => {
  it('applies new odds and locks and reports the moves', () => {
    const s = slipOf(entry(1, 1, 2000), entry(2, 1, 1500));
    const r = applyOddUpdates(s, [{ key: s.entries[0]!.key, odd: 2100, locked: false }, { key: s.entries[1]!.key, odd: 1500, locked: true }]);
    expect(r.moves).toEqual([{ key: s.entries[0]!.key, matchName: 'Home 1 - Away 1', from: 2000, to: 2100 }]);
    expect(r.state.entries.map((e) => [e.selection.odd, e.selection.locked])).toEqual([[2100, false], [1500, true]]);
    expect(applyOddUpdates(s, []).state).toBe(s);
  });

  it('restores a saved coupon as fresh entries with its system and stake', () => {
    const saved = setSystemSizes(slipOf(entry(1), entry(2), entry(3)), [2], L);
    const later = NOW + 3_600_000;
    const s = restoreEntries({ entries: saved.entries, stake: 2500, systemSizes: saved.systemSizes }, 'any', later, L);
    expect(s.entries.map((e) => e.key)).toEqual(saved.entries.map((e) => e.key));
    expect(s.entries.every((e) => e.selection.addedAt === later)).toBe(true);
    expect(loadEntries(s.entries, later + 1000)).toHaveLength(3);
    expect(summaryOf(s, L)).toMatchObject({ couponType: 'SK', couponCount: 3, totalAmount: 7500 });
  });
});

describe('stake keypad (section 5)', () => {
  const type = (keys: KeypadKey[], start = '10.00') => keys.reduce((t, k, i) => pressKey(t, k, i === 0), start);
  it('the first key replaces the old value', () => {
    expect(type(['7'])).toBe('7');
    expect(type(['.'])).toBe('0.');
    expect(type(['back'])).toBe('');
  });
  it('takes at most 5 characters of digits and one dot, two decimals', () => {
    expect(type(['1', '2', '3', '4', '5', '6'])).toBe('12345');
    expect(type(['1', '.', '.', '5'])).toBe('1.5');
    expect(type(['1', '.', '2', '5', '9'])).toBe('1.25');
    expect(type(['0', '5'])).toBe('5');
  });
  it('backspace removes the last character', () => {
    expect(type(['1', '2', 'back', '3'])).toBe('13');
    expect(type(['1', 'back', 'back'])).toBe('');
  });
  it('quick stakes: 5, 10, 20, 50, or 5, 10, 25, 50 by the coupon_amount_group setting', () => {
    expect(quickStakes(undefined)).toEqual(['5', '10', '20', '50']);
    expect(quickStakes(1)).toEqual(['5', '10', '25', '50']);
    expect(quickStakes('1')).toEqual(['5', '10', '25', '50']);
  });
});
