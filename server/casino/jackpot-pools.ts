/**
 * Pool jackpots of the casino: every bet of a product feeding a tier gives it
 * contrib_ppm parts per million of its stake, as a contribution row written inside the bet's
 * transaction. Pools are kept in ten-thousandths of the currency unit (4 decimals shown). The tier
 * rows are the one place every bet would meet, so bets never lock them: contributions are folded
 * into the pools right after (one fold at a time per process, and hourly by the leader), in
 * contribution order. Each tier has a must-drop point drawn secretly between seed and cap at every
 * reset: the contribution that reaches it wins the tier for its player (the pool floored to the
 * minor unit), and what it brought beyond the point starts the next pool. So the pool never passes
 * its must-drop point (nor the cap), and the contributions always add up to the pools' growth.
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../db/client.ts';
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
 * Folds the contributions not yet in their pools, all tiers in one transaction: in contribution
 * order, the one that reaches a tier's must-drop point wins that pool for its player.
 */
export async function foldJackpots(db: Db, now: number): Promise<JackpotDrop[]> {
  return db.tx(async (q) => {
    const tiers = await q.query<{ id: number; grp: string; tier: string; pool: number; must_drop: number; seed: number; cap: number }>(
      'select id, grp, tier, pool, must_drop, seed, cap from jackpots where pool is not null order by id for update');
    const rows = await q.query<{ id: number; jackpot_id: number; tx_id: number; amount: number }>(
      'update jackpot_contributions set folded = true where not folded returning id, jackpot_id, tx_id, amount');
    if (!rows.length) return [];
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    const won: JackpotDrop[] = [];
    for (const t of tiers) {
      const mine = rows.filter((r) => r.jackpot_id === t.id);
      if (!mine.length) continue;
      let pool = Number(t.pool), mustDrop = Number(t.must_drop), dropped = false;
      for (const r of mine) {
        let amount = Number(r.amount);
        while (pool + amount >= mustDrop) {
          amount -= mustDrop - pool;
          dropped = true;
          const [bet] = await q.query<{ user_id: number; game_id: number; product: ProductId }>(
            'select r.user_id, r.game_id, r.product from casino_transactions x join casino_rounds r on r.id = x.round_id where x.id = $1', [r.tx_id]);
          const paid = payoutOf(mustDrop);
          if (bet) {
            const [win] = await q.query<{ id: number }>(
              'insert into jackpot_wins (jackpot_id, user_id, game_id, pool, paid, created_at) values ($1, $2, $3, $4, $5, $6) returning id',
              [t.id, bet.user_id, bet.game_id, mustDrop, paid, new Date(now)]);
            const balanceAfter = paid > 0 ? await postLedger(q, { userId: bet.user_id, amount: paid, kind: 'win', refType: 'jackpot', refId: win!.id }) : 0;
            won.push({ jackpotId: t.id, grp: t.grp, tier: t.tier, userId: bet.user_id, gameId: bet.game_id, paid, balanceAfter, product: bet.product });
          }
          pool = Number(t.seed);
          mustDrop = drawMustDrop(Number(t.seed), Number(t.cap));
        }
        pool += amount;
      }
      await q.query(`update jackpots set pool = $2, must_drop = $3, reset_at = case when $4 then $5::timestamptz else reset_at end where id = $1`,
        [t.id, pool, mustDrop, dropped, new Date(now)]);
    }
    return won;
  });
}

/** The least time between two folds of a process: under load one fold takes many bets. */
export const FOLD_EVERY_MS = 200;

/**
 * Folds after bets, one fold at a time in this process and at most one every FOLD_EVERY_MS: bets
 * arriving meanwhile are taken by the next. `onDrops` hears the winners (the jackpot socket).
 */
export function jackpotFolder(db: Db, clock: () => number, onDrops: (d: JackpotDrop[]) => void): { request(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    do {
      again = false;
      const started = Date.now();
      const drops = await foldJackpots(db, clock()).catch(() => []);
      if (drops.length) onDrops(drops);
      const wait = FOLD_EVERY_MS - (Date.now() - started);
      if (again && wait > 0) await new Promise((r) => setTimeout(r, wait));
    } while (again);
    running = null;
  };
  return {
    request() {
      if (running) { again = true; return running; }
      running = run();
      return running;
    },
  };
}
