import type { Db } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { countPlacement } from '../ops/metrics.ts';
import { betGuard } from '../protection/enforce.ts';
import { admit, afterRefusal, readExposure } from '../trading/liability-guard.ts';
import {
  INSUFFICIENT_CREDIT, commitWrites, decideCoupon, placeAlone, priorReply, readStates,
  type CouponWrite, type CreateCouponReply, type PlacementRequest,
} from './create-coupon.ts';

/**
 * createCoupon's group commit. Placements that arrive while others are being written wait in a
 * queue; the next transaction takes the waiting placements of up to `maxBatch` players at once:
 * one statement reads all their states (create-coupon.ts readStates: each player's wallet locked,
 * key claimed, picks read, exactly as a lone placement), the rules run for each (decideCoupon),
 * and one statement writes every accepted coupon with its debit and gives back the keys of the
 * refused ones, sent with the COMMIT (commitWrites). A transaction's fixed cost
 * (BEGIN, COMMIT and its WAL flush, two statements, two round trips) is then paid once per batch,
 * not once per coupon. Under light load a batch holds one placement and costs what a lone one does.
 *
 * A batch holds at most one placement per player, and a player's next placement waits until the
 * batch holding their previous one has ended: it must read what that one wrote (balance, same
 * coupons, stake per tip). A player's placements therefore run in arrival order.
 *
 * What a batch cannot take is placed alone after it (create-coupon.ts placeAlone), each in its own
 * transaction: a key another kind of call is holding, a live match the catalogue has not written
 * yet, and every placement of a batch the database refused (a deadlock with another writer, a
 * wallet locked elsewhere too long): the batch rolled back, so each starts again from nothing.
 */
export interface PlacementQueue {
  place(req: PlacementRequest): Promise<CreateCouponReply>;
}

export interface PlacementQueueOptions {
  /** Batches in flight at once (default 2: while one is in the database, the next is being decided). */
  maxInFlight?: number;
  /** Placements in one batch (default 64). */
  maxBatch?: number;
  /**
   * While a batch is in flight, another starts only with at least this many placements (default
   * 16); fewer wait for the batch in flight to end and go in the next one. Under load this keeps
   * batches large (a transaction's fixed cost is paid once for many coupons) instead of letting
   * them trickle in small ones; an idle queue still sends a lone placement at once.
   */
  minBatchAlongside?: number;
  /**
   * Placements that may wait (default 2,000, about a second of work): beyond it the server is
   * overloaded, and a player is told at once to try again rather than left waiting for a reply.
   */
  maxWaiting?: number;
}

interface Waiting {
  req: PlacementRequest;
  resolve(reply: CreateCouponReply): void;
  reject(err: unknown): void;
}

export function createPlacementQueue(db: Db, opts: PlacementQueueOptions = {}): PlacementQueue {
  const maxInFlight = opts.maxInFlight ?? 2;
  const maxBatch = opts.maxBatch ?? 64;
  const minBatchAlongside = Math.min(opts.minBatchAlongside ?? 16, maxBatch);
  const maxWaiting = opts.maxWaiting ?? 2_000;
  let waiting: Waiting[] = [];
  /** Players with a placement in a batch now. */
  const busy = new Set<number>();
  let inFlight = 0;

  function pump(): void {
    while (inFlight < maxInFlight && waiting.length) {
      // In arrival order, one placement per player, none of a player already in flight.
      const batch: Waiting[] = [];
      const rest: Waiting[] = [];
      const taken = new Set<number>();
      for (const w of waiting) {
        const user = w.req.ctx.userId;
        if (batch.length < maxBatch && !busy.has(user) && !taken.has(user)) {
          taken.add(user);
          batch.push(w);
        } else {
          rest.push(w);
        }
      }
      if (!batch.length || (inFlight > 0 && batch.length < minBatchAlongside)) return;
      waiting = rest;
      for (const user of taken) busy.add(user);
      inFlight++;
      // The slot is free once the transaction has ended; its players stay busy until every
      // placement of the batch is answered (some may still be placed alone).
      const slotFree = () => { inFlight--; pump(); };
      void runBatch(db, batch, slotFree).finally(() => {
        for (const user of taken) busy.delete(user);
        pump();
      });
    }
  }

  return {
    place: (req) => countPlacement(new Promise<CreateCouponReply>((resolve, reject) => {
      if (waiting.length >= maxWaiting) { reject(new CallError(429, 'tooManyRequests')); return; }
      waiting.push({ req, resolve, reject });
      pump();
    })),
  };
}

/** What a batch decided for one placement. */
type Outcome =
  | { kind: 'reply'; reply: CreateCouponReply }
  | { kind: 'refused'; err: unknown }
  | { kind: 'write'; write: CouponWrite }
  | { kind: 'alone' };

/**
 * One batch: one transaction, two statements; then the placements it could not take, alone.
 * txEnded is called once, when the transaction has ended, before any placement alone.
 */
async function runBatch(db: Db, batch: readonly Waiting[], txEnded: () => void): Promise<void> {
  let outcomes: Outcome[];
  try {
    outcomes = await db.tx(async (q) => {
      const states = await readStates(q, batch.map((w) => w.req));
      // Player protection (limits, breaks, exclusions) of the batch's players, read after the batch
      // read locked their wallets: each player's usage is summed from a ledger no one else can move
      // before this commit, so concurrent bets can never cross a limit together.
      const guard = await betGuard(q, batch.map((w) => w.req.ctx.userId), Math.min(...batch.map((w) => w.req.ctx.now)));
      const release: Array<{ u: number; key: string }> = [];
      const decided = batch.map(({ req }, j): Outcome => {
        const read = states[j] ?? null;
        // A refusal gives the claimed key back, as a lone placement's rollback would.
        const claimed = () => read?.claimed && req.ctx.idempotencyKey ? [{ u: req.ctx.userId, key: req.ctx.idempotencyKey }] : [];
        try {
          const prior = priorReply(read, req);
          if (prior) return { kind: 'reply', reply: prior };
          if (req.ctx.idempotencyKey && !read!.claimed) return { kind: 'alone' };
          guard.blocked(req.ctx.userId, req.ctx.now, req.ctx.lang);
          const write = decideCoupon(read!, req);
          guard.stake(req.ctx.userId, Number(write.coupon.total_stake), req.ctx.now, req.ctx.lang);
          if (write.liveMatchIds.length) { release.push(...claimed()); return { kind: 'alone' }; }
          return { kind: 'write', write };
        } catch (err) {
          release.push(...claimed());
          return { kind: 'refused', err };
        }
      });
      // The book's limits (server/trading/liability-guard.ts): one read for the batch, each coupon seeing those before it.
      const writes = decided.flatMap((d) => (d.kind === 'write' ? [d.write] : []));
      if (writes.length) {
        const exposure = await readExposure(q, writes.flatMap((w) => w.tips.map((t) => Number(t.match_id))));
        decided.forEach((d, j) => {
          if (d.kind !== 'write') return;
          const { req } = batch[j]!;
          try {
            admit(exposure, d.write, req.ctx.lang);
          } catch (err) {
            if (states[j]?.claimed && req.ctx.idempotencyKey) release.push({ u: req.ctx.userId, key: req.ctx.idempotencyKey });
            decided[j] = { kind: 'refused', err };
          }
        });
      }
      await commitWrites(q, decided.flatMap((d, j) => d.kind === 'write' ? [{ req: batch[j]!.req, write: d.write }] : []), release);
      return decided;
    });
  } catch (err) {
    // With a SQLSTATE the database refused the batch and rolled it back: nothing of it was written,
    // and each placement starts again alone, where a refusal is that placement's own and nobody
    // else's. Without one the connection broke, possibly after the COMMIT was carried out: only a
    // placement with an Idempotency-Key starts again (its key finds the first reply if the batch
    // was written); one without is answered with the error rather than risk a second coupon.
    const code = (err as { code?: unknown } | null)?.code;
    const rolledBack = typeof code === 'string' && SQLSTATE.test(code);
    if (!rolledBack || !EXPECTED.has(code)) console.error(`coupon batch failed (${rolledBack ? 'rolled back' : 'outcome unknown'}): ${String(err)}`);
    outcomes = batch.map((w): Outcome => (rolledBack || w.req.ctx.idempotencyKey ? { kind: 'alone' } : { kind: 'refused', err }));
  } finally {
    txEnded();
  }
  await Promise.all(batch.map(async (w, j) => {
    const o = outcomes[j]!;
    try {
      if (o.kind === 'reply') w.resolve(o.reply);
      else if (o.kind === 'write') w.resolve(o.write.reply);
      else if (o.kind === 'refused') { await afterRefusal(db, o.err, w.req.ctx.now); w.reject(o.err); }
      else w.resolve(await placeAlone(db, w.req));
    } catch (err) {
      w.reject(err);
    }
  }));
}

/** A SQLSTATE: the database's own error, after which the transaction is rolled back. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * Refusals expected now and then, not worth a log line: deadlock, serialization failure, a wallet
 * locked elsewhere for longer than the read waits (coupon_place_read_batch's lock_timeout), and a
 * debit the database refused.
 */
const EXPECTED: ReadonlySet<string> = new Set(['40P01', '40001', '55P03', INSUFFICIENT_CREDIT]);
