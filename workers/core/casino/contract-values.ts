/**
 * The contract values (domain/casino/calls.ts) the worker needs, restated here because that module
 * also builds the call schemas with zod, which the worker never uses and would otherwise carry on
 * every page load; each `satisfies` makes the compiler hold the copy equal to the contract.
 */
import type { CASINO_UI as ContractUi, JACKPOT_RECONNECT as ContractReconnect, PRODUCT as ContractProduct } from '../../../domain/casino/calls.ts';

export const PRODUCT = { livecasino: 4, slots: 5, virtual: 6, tvgames: 7, bingo: 8 } as const satisfies typeof ContractProduct;
export const CASINO_UI = {
  slotsChunk: 40, rowHeight: 115, providerStrip: 3, jackpotTileHeight: 130, jackpotDecimals: 4,
  winnersCarouselMs: 4_000, liveSearchDelayMs: 1_000, searchMinChars: 3,
} as const satisfies typeof ContractUi;
export const JACKPOT_RECONNECT = { stepMs: 1_000, maxAttempts: 10 } as const satisfies typeof ContractReconnect;

/** The jackpot socket's wait before attempt `attempt` (1 s times the attempt), null past the 10th (section 4). */
export const jackpotReconnectDelay = (attempt: number): number | null =>
  attempt >= 1 && attempt <= JACKPOT_RECONNECT.maxAttempts ? attempt * JACKPOT_RECONNECT.stepMs : null;
