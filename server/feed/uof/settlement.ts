/**
 * Settlement by the feed: bet_settlement, rollback_bet_settlement, bet_cancel and
 * rollback_bet_cancel change the feed's results of a match's markets (feed_market_results), and
 * the match's results as a whole become a new result version (result_versions), in ONE
 * transaction with the message's row in feed_inbox, keyed by the message's identity. A message
 * delivered again, by a redelivery, a second process or a recovery, finds its key and changes
 * nothing; the coupons are then settled from the version by the one settlement engine
 * (server/settlement/settle-match.ts: exactly once per coupon and version, corrections move the
 * difference). A message older than the market's last change is ignored (it arrived late).
 */
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../db/client.ts';
import { feedMarketKey, type FeedCancel, type FeedMarketResult, type FeedMatchResults, type FeedOutcomeResult } from '../../../domain/coupon/feed-outcome.ts';
import type { MatchResult, Score } from '../../../domain/coupon/result.ts';
import { recordResultIn } from '../../settlement/settle-match.ts';
import { PROVIDER, specialOf, type ProviderIds } from './ids.ts';
import type { UofMessage } from './messages.ts';

export type StatefulMessage = Extract<UofMessage, { type: 'bet_settlement' | 'rollback_bet_settlement' | 'bet_cancel' | 'rollback_bet_cancel' }>;

export const isStateful = (m: UofMessage): m is StatefulMessage =>
  m.type === 'bet_settlement' || m.type === 'rollback_bet_settlement' || m.type === 'bet_cancel' || m.type === 'rollback_bet_cancel';

/**
 * A message's identity: its type, producer, event and timestamp, and a hash of its content without
 * the request id a recovery adds (the same message sent again for a recovery is the same message).
 */
export function messageKey(m: StatefulMessage, body: string): string {
  const content = body.replace(/\s+request_id="[^"]*"/, '');
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 32);
  return `${m.type}:${m.product}:${m.eventId}:${m.timestamp}:${hash}`;
}

interface MarketRow { market_key: string; outcomes: Record<string, FeedOutcomeResult>; cancels: FeedCancel[]; updated_ts: string | number }

/** The match's feed results as one result: the outcomes and cancels of every market, with the last score for the results text. */
export function matchResultOf(rows: readonly Pick<MarketRow, 'market_key' | 'outcomes' | 'cancels'>[], score: { ft: Score; ht: Score }): MatchResult {
  const feed: FeedMatchResults = {};
  for (const r of [...rows].sort((a, b) => a.market_key.localeCompare(b.market_key))) {
    const m: FeedMarketResult = {};
    if (Object.keys(r.outcomes ?? {}).length) m.outcomes = r.outcomes;
    if ((r.cancels ?? []).length) m.cancels = r.cancels;
    if (m.outcomes || m.cancels) feed[r.market_key] = m;
  }
  return { ft: score.ft, ht: score.ht, feed };
}

const sameCancel = (a: FeedCancel, b: FeedCancel) => (a.from ?? null) === (b.from ?? null) && (a.to ?? null) === (b.to ?? null);

/**
 * Applies one stateful message in one transaction: the inbox row, the markets' results and the
 * match's new result version. Answers the match to settle now, or null (unknown event, message
 * already applied, nothing changed).
 */
export async function applyStateful(
  db: Db, ids: ProviderIds, m: StatefulMessage, body: string, now: number, score: (q: Queryable, matchId: number) => Promise<{ ft: Score; ht: Score }>,
): Promise<number | null> {
  const matchId = await ids.get(db, 'match', m.eventId);
  // no match of ours: no coupon can be on it
  if (matchId === undefined) return null;
  return db.tx(async (q) => {
    const [claimed] = await q.query<{ key: string }>(
      `insert into feed_inbox (provider, key, kind, event_id) values ($1, $2, $3, $4) on conflict do nothing returning key`,
      [PROVIDER, messageKey(m, body), m.type, m.eventId]);
    if (!claimed) return null;
    let changed = false;
    for (const market of m.markets) {
      const oddsType = await ids.market(q, market.id);
      const key = feedMarketKey(oddsType, specialOf(market.specifiers));
      const [row] = await q.query<MarketRow>(
        'select market_key, outcomes, cancels, updated_ts from feed_market_results where match_id = $1 and market_key = $2 for update', [matchId, key]);
      if (row && Number(row.updated_ts) > m.timestamp) continue;
      let outcomes = row?.outcomes ?? {};
      let cancels = row?.cancels ?? [];
      let certainty: number | null = null;
      if (m.type === 'bet_settlement') {
        const settled = 'outcomes' in market ? market.outcomes : [];
        const ours = await ids.outcomes(q, market.id, settled.map((o) => o.id));
        outcomes = { ...outcomes };
        for (const o of settled) {
          const r: FeedOutcomeResult = { result: o.result };
          if (o.voidFactor !== undefined) r.voidFactor = o.voidFactor;
          if (o.deadHeatFactor !== undefined) r.deadHeatFactor = o.deadHeatFactor;
          outcomes[String(ours.get(o.id))] = r;
        }
        certainty = m.certainty;
      } else if (m.type === 'rollback_bet_settlement') {
        outcomes = {};
      } else if (m.type === 'bet_cancel') {
        const c: FeedCancel = {};
        if (m.startTime !== undefined) c.from = m.startTime;
        if (m.endTime !== undefined) c.to = m.endTime;
        cancels = cancels.some((x) => sameCancel(x, c)) ? cancels : [...cancels, c];
      } else {
        const c = { from: m.startTime, to: m.endTime };
        cancels = cancels.filter((x) => !sameCancel(x, c));
      }
      await q.query(
        `insert into feed_market_results (match_id, market_key, outcomes, cancels, certainty, updated_ts) values ($1, $2, $3, $4, $5, $6)
         on conflict (match_id, market_key) do update set outcomes = excluded.outcomes, cancels = excluded.cancels,
           certainty = coalesce(excluded.certainty, feed_market_results.certainty), updated_ts = excluded.updated_ts`,
        [matchId, key, JSON.stringify(outcomes), JSON.stringify(cancels), certainty, m.timestamp]);
      changed = true;
    }
    if (!changed) return null;
    const rows = await q.query<MarketRow>('select market_key, outcomes, cancels, updated_ts from feed_market_results where match_id = $1', [matchId]);
    const { added } = await recordResultIn(q, matchId, matchResultOf(rows, await score(q, matchId)), now, { source: 'feed' });
    return added ? matchId : null;
  });
}
