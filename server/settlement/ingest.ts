/**
 * Where results come from: the pre-match results table (match_results: demo and Results screen)
 * and the live feed's results (live_results, written by server/feed/live-catalogue.ts).
 *
 * How the loop learns what changed: not by timestamps. A watermark `updated_at > mark` kept in
 * memory misses a row whose transaction began before others but committed after the loop had
 * moved its mark past that row's time (or a row written with an older clock); it was then only
 * read after a restart. An overlap window would only narrow that gap, never close it. Instead a
 * trigger on both tables queues the match in settlement_inbox inside the writer's transaction
 * (migration 110), so the entry is visible exactly when the result is, whatever its timestamp,
 * and survives a restart. The loop settles each queued result and deletes the entry only if its
 * seq is unchanged (a result rewritten meanwhile stays queued). Delivery is at least once;
 * settleMatch makes it exactly once: the same result is not a new version, and coupons already
 * settled against a version's fingerprint are skipped.
 */
import type { Db } from '../db/client.ts';
import type { MatchResult, ResultStatus, Score } from '../../domain/coupon/result.ts';
import { resumePending, retryProblems, settleMatch } from './settle-match.ts';
import { observeSettlementLag } from '../ops/metrics.ts';

const STATUSES: ReadonlySet<string> = new Set<ResultStatus>(['ended', 'cancelled', 'interrupted', 'walkover', 'retired', 'after_ot']);

interface ResultRow {
  match_id: number; ft_home: number | null; ft_away: number | null; ht_home: number | null; ht_away: number | null;
  corners_home: number | null; corners_away: number | null; cards_home: number | null; cards_away: number | null;
  status: string; goals: Array<{ minute: number; team: 'home' | 'away' }> | null; updated_at: Date;
}

const pair = (h: number | null, a: number | null): Score | undefined => (h === null || a === null ? undefined : { h, a });

/** A match_results row as settlement reads it; undefined while the scores are not known. */
export function fromResultRow(r: ResultRow): MatchResult | undefined {
  const ft = pair(r.ft_home, r.ft_away);
  const ht = pair(r.ht_home, r.ht_away);
  const status = STATUSES.has(r.status) && r.status !== 'ended' ? (r.status as ResultStatus) : undefined;
  // A void match needs no score: settlement voids every tip on it.
  if (!ft || !ht) return status && status !== 'retired' && status !== 'after_ot' ? { ft: { h: 0, a: 0 }, ht: { h: 0, a: 0 }, status } : undefined;
  const out: MatchResult = { ft, ht };
  const corners = pair(r.corners_home, r.corners_away);
  const cards = pair(r.cards_home, r.cards_away);
  if (corners) out.corners = corners;
  if (cards) out.cards = cards;
  if (r.goals && r.goals.length) out.goals = [...r.goals].sort((x, y) => x.minute - y.minute).map((g) => ({ side: g.team === 'home' ? 'h' : 'a', minute: g.minute }));
  if (status) out.status = status;
  return out;
}

/** Inbox entries read per query. */
const BATCH = 500;
/** Batches per ingestResults call: a huge backlog is worked off over several ticks. */
const MAX_BATCHES = 20;

export interface IngestOptions {
  /** Where a result that failed to settle is reported; it stays queued for the next tick. */
  log?: ((err: unknown) => void) | undefined;
  /** Where a newly recorded problem coupon is reported (settle-match's default: console.warn). */
  warn?: ((message: string) => void) | undefined;
}

interface Queued { source: 'pre' | 'live'; match_id: number; seq: string }

/**
 * Settles the results queued in settlement_inbox (oldest first) and removes each entry once its
 * result is settled. `_marks` is what the old watermark loop took; it is ignored (see the top of
 * this file) and kept so existing callers compile.
 */
export async function ingestResults(db: Db, now: number, _marks?: { pre: number; live: number }, opts: IngestOptions = {}): Promise<{ settled: number; failed: number }> {
  const log = opts.log ?? console.error;
  let settled = 0;
  let failed = 0;
  for (let b = 0; b < MAX_BATCHES; b++) {
    // The result rows are read with their entry in one statement: the result is the one the seq stands for.
    const pre = await db.query<Queued & ResultRow & { found: boolean }>(
      `select i.source, i.match_id, i.seq::text as seq, r.match_id is not null as found, r.ft_home, r.ft_away, r.ht_home, r.ht_away,
              r.corners_home, r.corners_away, r.cards_home, r.cards_away, r.status, r.goals, r.updated_at
         from settlement_inbox i left join match_results r on r.match_id = i.match_id
        where i.source = 'pre' order by i.seq limit $1`, [BATCH],
    );
    const live = await db.query<Queued & { result: MatchResult | null; at: Date | null }>(
      `select i.source, i.match_id, i.seq::text as seq, l.result, l.at
         from settlement_inbox i left join live_results l on l.match_id = i.match_id
        where i.source = 'live' order by i.seq limit $1`, [BATCH],
    );
    // storedAt: when the result was written, for the settlement lag metric.
    const work: Array<{ entry: Queued; result: MatchResult | undefined; source: 'demo' | 'feed'; storedAt: Date | null }> = [
      ...pre.map((e) => ({ entry: e, result: e.found ? fromResultRow(e) : undefined, source: 'demo' as const, storedAt: e.updated_at })),
      ...live.map((e) => ({ entry: e, result: e.result ?? undefined, source: 'feed' as const, storedAt: e.at })),
    ].sort((x, y) => Number(BigInt(x.entry.seq) - BigInt(y.entry.seq)));
    for (const { entry, result, source, storedAt } of work) {
      try {
        // A row without a final score yet (or deleted) is just consumed: its next write queues it again.
        if (result) {
          await settleMatch(db, entry.match_id, result, now, { source, warn: opts.warn });
          settled++;
          if (storedAt) observeSettlementLag(now - new Date(storedAt).getTime());
        }
        await db.query('delete from settlement_inbox where source = $1 and match_id = $2 and seq = $3::bigint', [entry.source, entry.match_id, entry.seq]);
      } catch (err) {
        // Left queued: the next tick tries it again; the others go on.
        failed++;
        log(err);
      }
    }
    if (pre.length < BATCH && live.length < BATCH) break;
  }
  return { settled, failed };
}

/**
 * One pass of the settlement loop: queued results, unfinished runs (a crash in the middle), then
 * the problem coupons waiting for a retry.
 */
export async function settlementTick(db: Db, now: number, opts: IngestOptions = {}): Promise<{ settled: number; failed: number; retried: number; problemsSettled: number; problemsOpen: number }> {
  const ingested = await ingestResults(db, now, undefined, opts);
  await resumePending(db, now, { warn: opts.warn });
  const retry = await retryProblems(db, now, { warn: opts.warn });
  return { ...ingested, retried: retry.retried, problemsSettled: retry.settled, problemsOpen: retry.open };
}

/**
 * The settlement loop: runs settlementTick one at a time; returns a stop function. A failed tick
 * is logged and retried on the next one.
 */
export function startSettlementLoop(db: Db, clock: () => number, everyMs = 10_000, log: (err: unknown) => void = console.error): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    settlementTick(db, clock(), { log }).catch(log).finally(() => { busy = false; });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
