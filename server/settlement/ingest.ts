/**
 * Where results come from: the pre-match results table (match_results: demo and Results screen)
 * and the live feed's results (live_results, written by server/feed/live-catalogue.ts). The
 * settlement loop reads what changed since its last look and hands each result to settleMatch,
 * which ignores a result it already has; so a restart that reads everything again pays nothing twice.
 */
import type { Db } from '../db/client.ts';
import type { MatchResult, ResultStatus, Score } from '../../domain/coupon/result.ts';
import { resumePending, settleMatch } from './settle-match.ts';

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

async function tableExists(db: Db, name: string): Promise<boolean> {
  const [row] = await db.query<{ ok: boolean }>('select to_regclass($1) is not null as ok', [name]);
  return row?.ok === true;
}

/** Reads results changed since the watermarks and settles them; returns the new watermarks. */
export async function ingestResults(db: Db, now: number, since: { pre: number; live: number }): Promise<{ pre: number; live: number; settled: number }> {
  let settled = 0;
  let { pre, live } = since;
  if (await tableExists(db, 'match_results')) {
    const rows = await db.query<ResultRow>('select * from match_results where updated_at > $1 order by updated_at limit 2000', [new Date(pre)]);
    for (const r of rows) {
      const result = fromResultRow(r);
      if (result) { await settleMatch(db, r.match_id, result, now, { source: 'demo' }); settled++; }
      pre = Math.max(pre, r.updated_at.getTime());
    }
  }
  if (await tableExists(db, 'live_results')) {
    const rows = await db.query<{ match_id: number; at: Date; result: MatchResult }>('select match_id, at, result from live_results where at > $1 order by at limit 2000', [new Date(live)]);
    for (const r of rows) {
      await settleMatch(db, r.match_id, r.result, now, { source: 'feed' });
      settled++;
      live = Math.max(live, r.at.getTime());
    }
  }
  return { pre, live, settled };
}

/**
 * The settlement loop: picks up new results and resumes unfinished runs. One tick at a time;
 * returns a stop function. A failed tick is logged and retried on the next one.
 */
export function startSettlementLoop(db: Db, clock: () => number, everyMs = 10_000, log: (err: unknown) => void = console.error): () => void {
  let busy = false;
  let marks = { pre: 0, live: 0 };
  const tick = async () => {
    const now = clock();
    const out = await ingestResults(db, now, marks);
    marks = { pre: out.pre, live: out.live };
    await resumePending(db, now);
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    tick().catch(log).finally(() => { busy = false; });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
