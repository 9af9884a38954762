/**
 * The demo provider's slots: three reels, one line. Three of a kind pays pay3, the first two reels
 * alike (the third different) pays pay2, as multiples of the stake. Every reel draws its symbol by
 * the same weights, so the exact return to player follows from the paytable (theoreticalRtp) and
 * the catalogue declares it (casino_games.rtp, hundredths of a percent).
 */
import { weighted } from './fair.ts';

export interface SlotDef { code: string; symbols: readonly string[]; weights: readonly number[]; pay3: readonly number[]; pay2: readonly number[]; rtp: number }

export const SLOTS: Record<string, SlotDef> = {
  'fruit-fiesta': {
    code: 'fruit-fiesta', symbols: ['cherry', 'lemon', 'orange', 'plum', 'bell', 'seven'],
    weights: [9, 7, 6, 4, 3, 2], pay3: [8, 10, 12, 16, 20, 30], pay2: [3, 3, 3, 4, 4, 4], rtp: 9544,
  },
  'lucky-sevens': {
    code: 'lucky-sevens', symbols: ['bar', 'double-bar', 'triple-bar', 'seven', 'diamond'],
    weights: [6, 6, 5, 4, 2], pay3: [6, 8, 10, 15, 25], pay2: [3, 3, 3, 3, 4], rtp: 9619,
  },
  'gem-rush': {
    code: 'gem-rush', symbols: ['quartz', 'topaz', 'emerald', 'sapphire', 'ruby', 'diamond'],
    weights: [10, 8, 6, 4, 2, 1], pay3: [5, 8, 10, 14, 20, 40], pay2: [3, 3, 3, 4, 5, 6], rtp: 9485,
  },
};

export interface SpinResult { reels: [number, number, number]; symbols: string[]; multiplier: number }

/** A spin from three uniform numbers (the provably fair floats, or a simulator's). */
export function spin(def: SlotDef, u: readonly number[]): SpinResult {
  const reels = [weighted(def.weights, u[0]!), weighted(def.weights, u[1]!), weighted(def.weights, u[2]!)] as [number, number, number];
  const [a, b, c] = reels;
  const multiplier = a === b && b === c ? def.pay3[a]! : a === b ? def.pay2[a]! : 0;
  return { reels, symbols: reels.map((i) => def.symbols[i]!), multiplier };
}

/** The exact return to player of a paytable, as a fraction. */
export function theoreticalRtp(def: SlotDef): number {
  const total = def.weights.reduce((x, y) => x + y, 0);
  return def.weights.reduce((sum, w, i) => {
    const p = w / total;
    return sum + p ** 3 * def.pay3[i]! + p * p * (1 - p) * def.pay2[i]!;
  }, 0);
}

/** The win of a stake (minor units) at a multiplier: whole minor units. */
export const winOf = (stake: number, multiplier: number): number => Math.floor(stake * multiplier);
