import { describe, expect, it } from 'vitest';
import { isOddOpen, isOddSuspended, isSelectionLocked, matchAllowsBets } from './validity.ts';

const match = { bs: 'started' as const, ac: 1 as const, iss: 0 as const };
const group = { active: 1 as const, iss: 0 as const };
const odd = { odd: 1850, active: 1 as const, iss: 0 as const };

describe('odd validity', () => {
  it('opens an active odd of an active group when bets are started', () => {
    expect(isOddOpen(match, group, odd)).toBe(true);
  });

  it('closes on any failing gate', () => {
    expect(isOddOpen({ ...match, bs: 'stopped' }, group, odd)).toBe(false);
    expect(isOddOpen({ ...match, ac: 0 }, group, odd)).toBe(false);
    expect(isOddOpen({ ...match, iss: 1 }, group, odd)).toBe(false);
    expect(isOddOpen(match, { active: 0 }, odd)).toBe(false);
    expect(isOddOpen(match, { active: 1, iss: 1 }, odd)).toBe(false);
    expect(isOddOpen(match, group, { ...odd, active: 0 })).toBe(false);
  });

  it('needs a value above 1.000001 and suspends below 1.01', () => {
    expect(isOddOpen(match, group, { ...odd, odd: 1000 })).toBe(false);
    expect(isOddSuspended({ ...odd, odd: 1009 })).toBe(true);
    expect(isOddOpen(match, group, { ...odd, odd: 1009 })).toBe(false);
    expect(isOddSuspended({ ...odd, odd: 1010 })).toBe(false);
    expect(isOddOpen(match, group, { ...odd, odd: 1010 })).toBe(true);
  });

  it('locks a selection on an inactive odd, inactive type or bets not started', () => {
    expect(isSelectionLocked(match, group, odd)).toBe(false);
    expect(isSelectionLocked(match, group, { ...odd, active: 0 })).toBe(true);
    expect(isSelectionLocked(match, { active: 0 }, odd)).toBe(true);
    expect(isSelectionLocked({ bs: 'no' }, group, odd)).toBe(true);
    expect(isSelectionLocked({ bs: 'stopped' }, group, odd)).toBe(true);
    // a low odd suspends but does not lock
    expect(isSelectionLocked(match, group, { ...odd, odd: 1005 })).toBe(false);
  });

  it('treats a match without an active flag as active', () => {
    expect(matchAllowsBets({ bs: 'started' })).toBe(true);
  });
});
