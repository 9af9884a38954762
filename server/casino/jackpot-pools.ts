/**
 * Pool jackpots of the casino (issue 14): every bet of a product feeding a tier gives it
 * contrib_ppm parts per million of its stake, inside the bet's transaction. Pools are kept in
 * ten-thousandths of the currency unit (4 decimals shown). Each tier has a must-drop point drawn
 * secretly between seed and cap at every reset: the bet that brings the pool to it wins the tier.
 * A contribution is cut at the must-drop point, so the pool never passes it (nor the cap) and the
 * contribution rows always add up to the pool's growth.
 */
import { randomInt } from 'node:crypto';
import type { TxQueryable } from '../db/client.ts';
import { postLedger } from '../wallet/ledger.ts';
import type { ProductId } from '../../domain/casino/calls.ts';

/** Ten-thousandths per minor unit (minor units are hundredths). */
export const POOL_PER_MINOR = 100;

export interface JackpotDrop { jackpotId: number; grp: string; tier: string; userId: number; gameId: number; paid: number; balanceAfter: number; product: ProductId }

/** The contribution of a stake (minor units) at a rate (ppm), in ten-thousandths, floored. */
export const contributionOf = (stake: number, ppm: number): number => Math.floor((stake * POOL_PER_MINOR * ppm) / 1_000_000);

/** A payout to the wallet: the pool floored to the minor unit. */
export const payoutOf = (pool: number): number => Math.floor(pool / POOL_PER_MINOR);

/** The next must-drop point: secret, uniform in (seed, cap]. `draw` is injectable for tests. */
export function drawMustDrop(seed: number, cap: number, draw: (min: number, max: number) => number = randomInt): number {
  if (cap <= seed + 1) return cap;
  return draw(seed + 1, cap + 1);
}

/**
 * Adds a bet's contributions to the tiers fed by its product and pays a tier whose must-drop point
 * it reached (the pool floored to the minor unit; the tier starts again at its seed).
 */
export async function contributeToJackpots(
  q: TxQueryable,
  bet: { txId: number; userId: number; gameId: number; product: ProductId; amount: number; now: number },
): Promise<JackpotDrop[]> {
  // The tier rows are locked in id order (no deadlock between two bets); the contribution is cut
  // at the must-drop point and its row inserted in the same statement.
  const rows = await q.query<{ id: number; grp: string; tier: string; pool: number; must_drop: number; seed: number; cap: number }>(
    `with l as (select id from jackpots where status = 1 and pool is not null and $1::smallint = any(products) and contrib_ppm > 0 order by id for update),
     c as (select j.id, least(($2::bigint * ${POOL_PER_MINOR} * j.contrib_ppm) / 1000000, j.must_drop - j.pool) as amount
             from jackpots j join l on l.id = j.id),
     up as (update jackpots j set pool = j.pool + c.amount from c where j.id = c.id
             returning j.id, j.grp, j.tier, j.pool, j.must_drop, j.seed, j.cap),
     ins as (insert into jackpot_contributions (jackpot_id, tx_id, amount, created_at)
             select id, $3, amount, $4 from c where amount > 0)
     select id, grp, tier, pool, must_drop, seed, cap from up order by id`,
    [bet.product, bet.amount, bet.txId, new Date(bet.now)]);
  const drops: JackpotDrop[] = [];
  for (const r of rows) {
    if (Number(r.pool) < Number(r.must_drop)) continue;
    const pool = Number(r.pool);
    const paid = payoutOf(pool);
    await q.query('update jackpots set pool = seed, must_drop = $2, reset_at = $3 where id = $1',
      [r.id, drawMustDrop(Number(r.seed), Number(r.cap)), new Date(bet.now)]);
    const [win] = await q.query<{ id: number }>(
      'insert into jackpot_wins (jackpot_id, user_id, game_id, pool, paid, created_at) values ($1, $2, $3, $4, $5, $6) returning id',
      [r.id, bet.userId, bet.gameId, pool, paid, new Date(bet.now)]);
    const balanceAfter = paid > 0
      ? await postLedger(q, { userId: bet.userId, amount: paid, kind: 'win', refType: 'jackpot', refId: win!.id })
      : Number((await q.query<{ balance: number }>('select balance from wallets where user_id = $1', [bet.userId]))[0]?.balance ?? 0);
    drops.push({ jackpotId: r.id, grp: r.grp, tier: r.tier, userId: bet.userId, gameId: bet.gameId, paid, balanceAfter, product: bet.product });
  }
  return drops;
}
