/**
 * The system-combination list of the slip (section 3 'system-combination list': size, count,
 * selected) and which chosen sizes are valid for the current picks.
 */
import type { UserLimits } from '../protocol/entities.ts';
import type { SlipSelection, SystemOption } from './types.ts';
import { SLIP_CONSTANTS } from './limits.ts';
import { bankoCount } from './banko.ts';
import { hasSameMatchPicks } from './multiple.ts';
import { combinationCount } from './system.ts';

/**
 * Whether the picks can form a system at all: two or more picks, at most one per match. A system
 * does not mix with a multiple, since a combination holding two picks of one match is a bet
 * against itself; the 'wrongCouponType' refusal in add.ts keeps the slip from getting there.
 */
export function systemPossible(selections: readonly Pick<SlipSelection, 'matchId'>[]): boolean {
  return selections.length >= 2 && !hasSameMatchPicks(selections);
}

/**
 * The system options offered: sizes 1..(selections - bankers), at most maxSystemCoupons (10) of
 * them, each with C(free picks, size) combinations; none when system.status is 0 or no system is
 * possible.
 */
export function systemOptions(selections: readonly SlipSelection[], chosenSizes: readonly number[], limits: UserLimits): SystemOption[] {
  if (limits.system.status === 0 || !systemPossible(selections)) return [];
  const free = selections.length - bankoCount(selections);
  const top = Math.min(free, SLIP_CONSTANTS.maxSystemCoupons);
  const chosen = new Set(chosenSizes);
  const list: SystemOption[] = [];
  for (let size = 1; size <= top; size++) list.push({ size, count: combinationCount(free, size), selected: chosen.has(size) });
  return list;
}

/** The chosen sizes the slip offers, ascending and without repeats; others are ignored. */
export function validSystemSizes(selections: readonly SlipSelection[], chosenSizes: readonly number[], limits: UserLimits): number[] {
  return systemOptions(selections, chosenSizes, limits).filter((o) => o.selected).map((o) => o.size);
}
