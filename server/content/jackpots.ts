/**
 * Jackpots of account-platform.md (entity Jackpot: balance and light flag; groups casino daily,
 * weekly, mega; sports prematch, live; live casino daily). A balance is computed from its row and
 * the clock (seed + rate x seconds into the current period), so it grows steadily, every server
 * process gives the same figure, and tests move an injected clock instead of waiting.
 */
import type { Queryable } from '../db/client.ts';

/** Jackpot amounts are integer ten-thousandths of the currency unit (shown with 4 decimals). */
export const JACKPOT_SCALE = 10_000;

export interface JackpotRow {
  grp: string;
  tier: string;
  currency: string;
  seed: number;
  rate_per_sec: number;
  period_sec: number;
  started_at: Date | string;
  light: number;
  /** A pool tier's amount (server/casino/jackpot-pools.ts: grown by bets, not the clock); null on clock tiers. */
  pool?: number | string | null;
}

// One tier and the `jackpots` data as the wire has them: the types live with the casino calls.
import type { JackpotTierWire as JackpotTier, JackpotDataWire as JackpotData } from '../../domain/casino/calls.ts';

/** A tier's balance at `now`: the seed plus the growth since its current period began (never below the seed). */
export function jackpotBalance(row: Pick<JackpotRow, 'seed' | 'rate_per_sec' | 'period_sec' | 'started_at' | 'pool'>, now: number): number {
  if (row.pool !== null && row.pool !== undefined) return Number(row.pool);
  const start = new Date(row.started_at).getTime();
  const elapsed = Math.max(0, Math.floor((now - start) / 1000));
  const into = row.period_sec > 0 ? elapsed % row.period_sec : elapsed;
  return Number(row.seed) + Number(row.rate_per_sec) * into;
}

/** The tiers the spec names, by group; a row of another name is not sent. */
const TIERS = { casino: ['daily', 'weekly', 'mega'], sports: ['prematch', 'live'], livecasino: ['daily'] } as const;
type Group = keyof typeof TIERS;

/** The tiers of the active jackpots at `now`, grouped as the spec names them. */
export function jackpotData(rows: readonly JackpotRow[], now: number, currency = rows[0]?.currency ?? 'TRY'): JackpotData {
  const data: JackpotData = { casino: {}, sports: {}, livecasino: {}, currency, at: now };
  for (const r of rows) {
    const tiers: readonly string[] | undefined = Object.hasOwn(TIERS, r.grp) ? TIERS[r.grp as Group] : undefined;
    if (!tiers?.includes(r.tier)) continue;
    (data[r.grp as Group] as Record<string, JackpotTier>)[r.tier] = { balance: jackpotBalance(r, now), light: r.light === 1 ? 1 : 0 };
  }
  return data;
}

/**
 * Reads the active tiers of a currency and computes them for `now`. The casino pools are kept per
 * currency (a bet feeds the pools of its wallet's currency: server/casino/jackpot-pools.ts); a
 * currency without tiers of a group has none of it.
 */
export async function loadJackpots(db: Queryable, now: number, currency = 'TRY'): Promise<JackpotData> {
  const rows = await db.query<JackpotRow>('select grp, tier, currency, seed, rate_per_sec, period_sec, started_at, light, pool from jackpots where status = 1 and currency = $1 order by id', [currency]);
  return jackpotData(rows, now, currency);
}

/** The currency of the jackpots a viewer sees: a player's wallet currency, TRY for a visitor. */
export async function jackpotCurrencyOf(db: Queryable, userId: number | null): Promise<string> {
  if (userId === null) return 'TRY';
  const [w] = await db.query<{ currency: string }>('select currency from wallets where user_id = $1', [userId]);
  return w?.currency ?? 'TRY';
}
