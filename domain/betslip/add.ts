/**
 * Adding and removing picks (section 4 'Adding a selection', section 5 odds limits).
 */
import type { UserLimits } from '../protocol/entities.ts';
import type { SlipSelection } from './types.ts';
import { sameOutcome } from './types.ts';
import { SLIP_CONSTANTS, isBettableOdd, oddsLimitRefusal } from './limits.ts';
import { MAX_PICKS_PER_MATCH, multipleCount } from './multiple.ts';
import { autoSelectBankers } from './banko.ts';

/** Why a pick cannot be added; each maps to a notice (noSelectSoTips, choosetypesError, min/max limit). */
export type AddRefusal = 'maxSelections' | 'multipleMaximum' | 'alreadyOnSlip' | 'notSelectable' | 'wrongCouponType' | 'minOdds' | 'maxOdds';

export interface AddOptions {
  limits: UserLimits;
  /** The odd is open for betting: match allows it, odd active, bet status started, value above 1. */
  oddOpen: boolean;
  /** The chosen system sizes; a system does not take a second pick of one match. */
  systemSizes?: readonly number[];
}

export type AddResult = { ok: true; selections: SlipSelection[] } | { ok: false; reason: AddRefusal };

/**
 * Checks a pick against the slip and returns the new slip. The same outcome already on the slip is
 * reported first, since a tap on a selected odd removes it (toggleSelection). A second pick of a
 * match follows the multiple rules: at most 2 per match and at most maxMultiCoupons combinations.
 * When a system is chosen, the new slip gets the bankers it needs (autoSelectBankers).
 */
export function checkAdd(selections: readonly SlipSelection[], candidate: SlipSelection, opts: AddOptions): AddResult {
  if (selections.some((s) => sameOutcome(s, candidate))) return { ok: false, reason: 'alreadyOnSlip' };
  if (!opts.oddOpen || candidate.locked || !isBettableOdd(candidate.odd)) return { ok: false, reason: 'notSelectable' };
  const oddsRefusal = oddsLimitRefusal(candidate.odd, opts.limits);
  if (oddsRefusal) return { ok: false, reason: oddsRefusal };
  if (selections.length >= SLIP_CONSTANTS.maxSelections) return { ok: false, reason: 'maxSelections' };

  const system = (opts.systemSizes?.length ?? 0) > 0;
  const sameMatch = selections.filter((s) => s.matchId === candidate.matchId).length;
  if (sameMatch > 0) {
    if (system) return { ok: false, reason: 'wrongCouponType' };
    if (sameMatch >= MAX_PICKS_PER_MATCH) return { ok: false, reason: 'multipleMaximum' };
    if (multipleCount([...selections, candidate]) > SLIP_CONSTANTS.maxMultiCoupons) return { ok: false, reason: 'multipleMaximum' };
  }
  const next = [...selections, { ...candidate, banko: false }];
  return { ok: true, selections: system ? autoSelectBankers(next) : next };
}

/** The slip without the given outcome (no change when it is not on the slip). */
export function removeSelection(selections: readonly SlipSelection[], target: Pick<SlipSelection, 'matchId' | 'oddsType' | 'outcomeId' | 'special'>): SlipSelection[] {
  return selections.filter((s) => !sameOutcome(s, target));
}

/** A tap on an odd: removes it when it is on the slip, otherwise adds it through checkAdd. */
export function toggleSelection(
  selections: readonly SlipSelection[], candidate: SlipSelection, opts: AddOptions,
): { ok: true; selections: SlipSelection[]; removed: boolean } | { ok: false; reason: AddRefusal } {
  if (selections.some((s) => sameOutcome(s, candidate))) return { ok: true, selections: removeSelection(selections, candidate), removed: true };
  const added = checkAdd(selections, candidate, opts);
  return added.ok ? { ...added, removed: false } : added;
}

/** Slip entries older than 5 minutes (entryMaxAgeMs) are dropped on load; now is a parameter. */
export function dropStale(selections: readonly SlipSelection[], now: number): SlipSelection[] {
  return selections.filter((s) => now - s.addedAt <= SLIP_CONSTANTS.entryMaxAgeMs);
}

/**
 * Section 4: a pick whose odd moved outside the user's odds limits turns inactive and is removed
 * with a notice ('min limit: {amount}' / 'max limit: {amount}'); removed lists them for it.
 */
export function dropOutsideOddsLimits(selections: readonly SlipSelection[], limits: UserLimits): { kept: SlipSelection[]; removed: Array<{ selection: SlipSelection; reason: 'minOdds' | 'maxOdds' }> } {
  const kept: SlipSelection[] = [];
  const removed: Array<{ selection: SlipSelection; reason: 'minOdds' | 'maxOdds' }> = [];
  for (const s of selections) {
    const reason = oddsLimitRefusal(s.odd, limits);
    if (reason) removed.push({ selection: s, reason });
    else kept.push(s);
  }
  return { kept, removed };
}
