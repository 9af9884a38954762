/**
 * Open rounds the provider never finished: a round still open a day after it began is
 * settled by the operator, run hourly by the leader (server/main.ts). A round with no win is
 * rolled back (its bets refunded with ledger rows), a round that has a win is closed as it stands.
 * Jackpot contributions left unfolded by a crash are folded first.
 */
import type { Db } from '../db/client.ts';
import { postLedger } from '../wallet/ledger.ts';
import { LEDGER_REF } from './wallet.ts';
import { foldJackpots } from './jackpot-pools.ts';
import type { ProductId } from '../../domain/casino/calls.ts';

export const STALE_ROUND_MS = 86_400_000;

export async function reconcileOpenRounds(db: Db, now: number, limit = 500): Promise<{ rolledBack: number; closed: number }> {
  // contributions a process left unfolded (it died after the bet) reach their pools now
  await foldJackpots(db, now);
  const stale = await db.query<{ id: number }>(
    'select id from casino_rounds where status = 0 and created_at < $1 order by id limit $2', [new Date(now - STALE_ROUND_MS), limit]);
  let rolledBack = 0, closed = 0;
  for (const { id } of stale) {
    await db.tx(async (q) => {
      // The player's wallet before the round, in the order a bet takes them (else a late bet of
      // this round holding the wallet and this job holding the round deadlock).
      const [owner] = await q.query<{ user_id: number }>('select user_id from casino_rounds where id = $1', [id]);
      if (!owner) return;
      await q.query('select 1 from wallets where user_id = $1 for update', [owner.user_id]);
      const [r] = await q.query<{ user_id: number; status: number; win_total: number; bet_total: number; product: ProductId }>(
        'select user_id, status, win_total, bet_total, product from casino_rounds where id = $1 for update', [id]);
      if (!r || r.status !== 0) return;
      if (Number(r.win_total) > 0 || Number(r.bet_total) === 0) {
        await q.query('update casino_rounds set status = 1, closed_at = $2 where id = $1', [id, new Date(now)]);
        closed++;
        return;
      }
      const bets = await q.query<{ id: number; amount: number; free: number }>(
        `select id, amount, free from casino_transactions where round_id = $1 and kind = 'bet' and state = 0 order by id for update`, [id]);
      for (const b of bets) {
        // a free round took no money: nothing to give back
        if (!b.free) await postLedger(q, { userId: r.user_id, amount: Number(b.amount), kind: 'refund', refType: LEDGER_REF[r.product], refId: id });
        await q.query('update casino_transactions set state = 1 where id = $1', [b.id]);
      }
      await q.query('update casino_rounds set status = 2, bet_total = 0, closed_at = $2 where id = $1', [id, new Date(now)]);
      rolledBack++;
    });
  }
  return { rolledBack, closed };
}
