/**
 * Results entered in the back office: a preview of the coupons a result settles (each
 * tip on the match with the outcome the result gives it), and the save, which records the result
 * as a new version with its audit row in one transaction, then settles as the feed's results do
 * (server/settlement: exactly once per coupon and result version, corrections by reversal).
 */
import type { Db, TxQueryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { recordResult, runMatch, type RunReport } from '../settlement/settle-match.ts';
import { settleTip } from '../../domain/coupon/settle.ts';
import type { BoResultPreviewReply, BoResultPreviewRow } from '../../domain/backoffice/catalogue-calls.ts';
import type { MatchResult } from '../../domain/coupon/result.ts';
import type { BoContext } from './guard.ts';


/** Rows shown by a preview (a match with more tips shows the first ones and the count). */
const PREVIEW_ROWS = 500;

async function matchOf(q: Pick<Db, 'query'>, matchId: number) {
  const [m] = await q.query<{ id: number; home: string; away: string; match_date: Date }>(
    `select m.id, h.name as home, a.name as away, m.match_date from matches m
       left join teams h on h.id = m.home_id left join teams a on a.id = m.away_id where m.id = $1`, [matchId]);
  if (!m) throw new CallError(404, 'matchNotFound');
  return m;
}

/** The coupons a result would settle: open, won or lost ones (sold and cancelled coupons are final). */
export async function resultPreview(db: Db, matchId: number, result: MatchResult): Promise<BoResultPreviewReply> {
  const m = await matchOf(db, matchId);
  const [latest] = await db.query<{ version: number; result: MatchResult }>('select version, result from result_versions where match_id = $1 order by version desc limit 1', [matchId]);
  const [n] = await db.query<{ n: number }>(
    'select count(*)::int as n from coupon_tips t join coupons c on c.id = t.coupon_id where t.match_id = $1 and c.status in (0, 1, -1)', [matchId]);
  const rows = await db.query<{ coupon_id: string | number; username: string; status: number; total_stake: string | number; max_pay: string | number; odds_type: number; outcome_id: number; special: string; odd: number }>(
    `select t.coupon_id, u.username, c.status, c.total_stake, c.max_pay, t.odds_type, t.outcome_id, t.special, t.odd
       from coupon_tips t join coupons c on c.id = t.coupon_id join users u on u.id = c.user_id
      where t.match_id = $1 and c.status in (0, 1, -1) order by t.coupon_id limit $2`, [matchId, PREVIEW_ROWS]);
  const coupons: BoResultPreviewRow[] = rows.map((r) => ({
    couponId: Number(r.coupon_id), userName: r.username, couponStatus: r.status, stake: Number(r.total_stake), maxPay: Number(r.max_pay),
    oddsType: r.odds_type, outcomeId: r.outcome_id, special: r.special, odd: r.odd,
    outcome: settleTip({ oddsType: r.odds_type, outcomeId: r.outcome_id, special: r.special }, result),
  }));
  return {
    status: true,
    match: { id: m.id, home: m.home, away: m.away, matchDate: new Date(m.match_date).toISOString() },
    current: latest ? { version: latest.version, result: latest.result } : null,
    totalCount: n?.n ?? 0, coupons,
  };
}

/**
 * Records the result (a new version only when it differs from the latest) with its audit row in
 * the same transaction, then settles the match's coupons against it.
 */
export async function saveResult(ctx: BoContext, matchId: number, result: MatchResult): Promise<RunReport & { added: boolean }> {
  await matchOf(ctx.db, matchId);
  const [latest] = await ctx.db.query<{ result: MatchResult }>('select result from result_versions where match_id = $1 order by version desc limit 1', [matchId]);
  // recordResult runs one transaction; this Db runs the audit row inside it when a version is added.
  const audited: Db = Object.assign(Object.create(ctx.db) as Db, {
    tx: <T>(fn: (q: TxQueryable) => Promise<T>) => ctx.db.tx(async (q) => {
      const r = await fn(q);
      const rec = r as unknown as { version: number; added: boolean };
      if (rec.added) await ctx.audit(q, { action: latest ? 'result.correct' : 'result.enter', objectType: 'match', objectId: matchId, before: latest?.result ?? null, after: { version: rec.version, result } });
      return r;
    }),
  });
  const { added } = await recordResult(audited, matchId, result, ctx.now, { source: 'backoffice', enteredBy: ctx.actor.userId });
  return { ...(await runMatch(ctx.db, matchId, ctx.now)), added };
}
