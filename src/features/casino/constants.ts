import type { CASINO_UI as ContractUi } from '../../../domain/casino/calls.ts';

/**
 * The figures of account-platform.md section 9 the screens draw with. The contract's CASINO_UI is
 * not imported as a value: its module carries the call schemas (zod) that the UI never needs; the
 * `satisfies` makes the compiler hold the two equal.
 */
export const CASINO_UI = {
  slotsChunk: 40, rowHeight: 115, providerStrip: 3, jackpotTileHeight: 130, jackpotDecimals: 4,
  winnersCarouselMs: 4_000, liveSearchDelayMs: 1_000, searchMinChars: 3,
} as const satisfies typeof ContractUi;
