/**
 * Bankers (banko) of a system coupon: picks that are in every combination (section 4, section 5).
 */
import type { SlipSelection } from './types.ts';
import { SLIP_CONSTANTS } from './limits.ts';

/** Number of bankers on the slip. */
export function bankoCount(selections: readonly Pick<SlipSelection, 'banko'>[]): number {
  return selections.reduce((n, s) => n + (s.banko ? 1 : 0), 0);
}

/**
 * Section 4: the toggle is allowed only if the pick is already a banker (un-marking is always
 * allowed) or the bankers are fewer than selections - 2, so a system keeps at least 2 free picks.
 */
export function canToggleBanko(selections: readonly SlipSelection[], index: number): boolean {
  const s = selections[index];
  if (!s) return false;
  return s.banko || bankoCount(selections) < selections.length - 2;
}

/** The slip with the banker flag of one pick flipped, or null when canToggleBanko refuses. */
export function toggleBanko(selections: readonly SlipSelection[], index: number): SlipSelection[] | null {
  if (!canToggleBanko(selections, index)) return null;
  return selections.map((s, i) => (i === index ? { ...s, banko: !s.banko } : s));
}

/**
 * Bankers a system needs: a system takes at most maxSystemMatches (10) free picks, so with more
 * selections (up to 20) the rest must be bankers (our reading of section 5, 'the needed number of
 * banker matches must be chosen').
 */
export function requiredBankers(selectionCount: number): number {
  return Math.max(0, selectionCount - SLIP_CONSTANTS.maxSystemMatches);
}

/**
 * Section 5: missing bankers are auto-selected from the last matches (the most recently added
 * picks, at the end of the slip); the player may change them afterwards.
 */
export function autoSelectBankers(selections: readonly SlipSelection[], required = requiredBankers(selections.length)): SlipSelection[] {
  let missing = required - bankoCount(selections);
  const out = selections.slice();
  for (let i = out.length - 1; i >= 0 && missing > 0; i--) {
    const s = out[i]!;
    if (!s.banko) { out[i] = { ...s, banko: true }; missing--; }
  }
  return out;
}

/** The slip with every banker mark removed. */
export function clearBankers(selections: readonly SlipSelection[]): SlipSelection[] {
  return selections.map((s) => (s.banko ? { ...s, banko: false } : s));
}

/**
 * The slip after the player changed the chosen system sizes: deselecting all sizes clears the
 * banker marks (section 4); choosing any size marks the bankers the system needs.
 */
export function applySystemSizes(selections: readonly SlipSelection[], sizes: readonly number[]): SlipSelection[] {
  return sizes.length === 0 ? clearBankers(selections) : autoSelectBankers(selections);
}
