/**
 * The minimum tip count a slip's matches impose (betting-core.md sections 3 and 5: a match of the
 * odds data carries minTip, 'minimum N more matches'). The worker shows it and the server enforces
 * it with the same functions: summarizeSlip raises the coupon kind's minTip with slipMinTip, the
 * server (create-coupon) raises the user's limits with withMatchMinTip from its own match rows.
 */
import type { KindLimits, UserLimits } from '../protocol/entities.ts';
import type { SlipSelection } from './types.ts';

/** The largest minimum tip count of the picks' matches (1 when none sets one). */
export function slipMinTip(selections: readonly Pick<SlipSelection, 'minTip'>[]): number {
  let n = 1;
  for (const s of selections) {
    if (s.minTip !== undefined && Number.isSafeInteger(s.minTip) && s.minTip > n) n = s.minTip;
  }
  return n;
}

/** A kind's limits with its minTip raised to at least `minTip` (the same object when already so). */
export function raiseMinTip(kind: KindLimits, minTip: number): KindLimits {
  return kind.minTip >= minTip ? kind : { ...kind, minTip };
}

/** User limits with a match's minimum tip count raised into every kind (the same object when nothing changes). */
export function withMatchMinTip(limits: UserLimits, minTip: number): UserLimits {
  const kinds = [limits.single, limits.combine, limits.multiple, limits.live, limits.system];
  if (kinds.every((k) => k.minTip >= minTip)) return limits;
  return {
    ...limits,
    single: raiseMinTip(limits.single, minTip), combine: raiseMinTip(limits.combine, minTip), multiple: raiseMinTip(limits.multiple, minTip),
    live: raiseMinTip(limits.live, minTip), system: raiseMinTip(limits.system, minTip),
  };
}
