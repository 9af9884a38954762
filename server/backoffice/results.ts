/**
 * Results entered in the back office: a preview of the coupons a result settles (each
 * tip on the match with the outcome the result gives it), and the save, which records the result
 * as a new version with its audit row in one transaction, then settles as the feed's results do
 * (server/settlement: exactly once per coupon and result version, corrections by reversal).
 * A score is refused before kick-off plus the sport's minimum duration unless the caller holds
 * overrideResultTime and gives a reason, which the audit row keeps. The queue lists the matches
 * past that time with no result, oldest first, with their open coupons.
 */
import type { Db, TxQueryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { recordResult, runMatch, type RunReport } from '../settlement/settle-match.ts';
import { settleTip } from '../../domain/coupon/settle.ts';
import type {
  BoResultPreviewReply, BoResultPreviewRow, BoResultQueueReply, BoResultQueueRow, boResultQueuePayload,
} from '../../domain/backoffice/catalogue-calls.ts';
import type { MatchResult } from '../../domain/coupon/result.ts';
import {
  DEFAULT_MIN_DURATION_MIN, SPORT_MIN_DURATION_MIN, earliestResultAt, resultFieldsFor, resultTooEarly, type ResultFields,
} from '../../domain/match/result-timing.ts';
import type { z } from 'zod';
import type { BoContext } from './guard.ts';
import { orderBy, pageOf } from './paging.ts';


/** Rows shown by a preview (a match with more tips shows the first ones and the count). */
const PREVIEW_ROWS = 500;

async function matchOf(q: Pick<Db, 'query'>, matchId: number) {
  const [m] = await q.query<{ id: number; sport_id: number; home: string; away: string; match_date: Date }>(
    `select m.id, m.sport_id, h.name as home, a.name as away, m.match_date from matches m
       left join teams h on h.id = m.home_id left join teams a on a.id = m.away_id where m.id = $1`, [matchId]);
  if (!m) throw new CallError(404, 'matchNotFound');
  return m;
}

/** The fields the match's markets settle on: the markets it offers and those its tips were placed on. */
async function fieldsOf(q: Pick<Db, 'query'>, matchId: number): Promise<ResultFields> {
  const rows = await q.query<{ t: number }>(
    'select odds_type as t from odds_groups where match_id = $1 union select odds_type from coupon_tips where match_id = $1', [matchId]);
  return resultFieldsFor(rows.map((r) => r.t));
}

/** The override of a too-early save, as the audit row keeps it. */
export interface ResultOverride { reason: string; earliestAt: string }

/**
 * Refuses a score saved before the match can have ended (409 resultTooEarly) unless an override
 * with a reason comes from a caller allowed to give it; returns the override to audit, if used.
 */
export function checkResultTime(
  m: { sport_id: number; match_date: Date }, result: MatchResult, now: number,
  override: { reason: string } | undefined, mayOverride: boolean,
): ResultOverride | null {
  const kickoff = new Date(m.match_date).getTime();
  if (!resultTooEarly(kickoff, m.sport_id, result.status, now)) return null;
  const earliestAt = new Date(earliestResultAt(kickoff, m.sport_id)).toISOString();
  if (!override) throw new CallError(409, 'resultTooEarly', { at: earliestAt }, { error: 'resultTooEarly', earliestAt });
  if (!mayOverride) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
  return { reason: override.reason, earliestAt };
}

/** The coupons a result would settle: open, won or lost ones (sold and cancelled coupons are final). */
export async function resultPreview(db: Db, matchId: number, result: MatchResult, now: number): Promise<BoResultPreviewReply> {
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
  const kickoff = new Date(m.match_date).getTime();
  return {
    status: true,
    match: { id: m.id, home: m.home, away: m.away, matchDate: new Date(m.match_date).toISOString() },
    current: latest ? { version: latest.version, result: latest.result } : null,
    totalCount: n?.n ?? 0, coupons,
    earliestAt: new Date(earliestResultAt(kickoff, m.sport_id)).toISOString(),
    tooEarly: resultTooEarly(kickoff, m.sport_id, result.status, now), fields: await fieldsOf(db, matchId),
  };
}

/**
 * Records the result (a new version only when it differs from the latest) with its audit row in
 * the same transaction, then settles the match's coupons against it.
 */
export async function saveResult(
  ctx: BoContext, matchId: number, result: MatchResult, override?: { reason: string },
): Promise<RunReport & { added: boolean }> {
  const m = await matchOf(ctx.db, matchId);
  const early = checkResultTime(m, result, ctx.now, override, ctx.actor.permissions.includes('overrideResultTime'));
  const [latest] = await ctx.db.query<{ result: MatchResult }>('select result from result_versions where match_id = $1 order by version desc limit 1', [matchId]);
  // recordResult runs one transaction; this Db runs the audit row inside it when a version is added.
  const audited: Db = Object.assign(Object.create(ctx.db) as Db, {
    tx: <T>(fn: (q: TxQueryable) => Promise<T>) => ctx.db.tx(async (q) => {
      const r = await fn(q);
      const rec = r as unknown as { version: number; added: boolean };
      if (rec.added) await ctx.audit(q, { action: latest ? 'result.correct' : 'result.enter', objectType: 'match', objectId: matchId, before: latest?.result ?? null, after: { version: rec.version, result, ...(early ? { override: early } : {}) } });
      return r;
    }),
  });
  const { added } = await recordResult(audited, matchId, result, ctx.now, { source: 'backoffice', enteredBy: ctx.actor.userId });
  return { ...(await runMatch(ctx.db, matchId, ctx.now)), added };
}

/** Minutes from kick-off to the earliest result, per sport, as SQL (the table of domain/match/result-timing.ts). */
const MIN_DURATION_SQL = `(case m.sport_id ${Object.entries(SPORT_MIN_DURATION_MIN).map(([id, min]) => `when ${Number(id)} then ${min}`).join(' ')} else ${DEFAULT_MIN_DURATION_MIN} end)`;

/**
 * Matches past kick-off plus their sport's minimum duration with no result yet, oldest first (by
 * sport and league when filtered), each with its open coupons and their stakes.
 */
export async function resultQueue(q: Pick<Db, 'query'>, p: z.infer<typeof boResultQueuePayload>, now: number): Promise<BoResultQueueReply> {
  const args: unknown[] = [new Date(now)];
  const where = [
    `m.match_date + make_interval(mins => ${MIN_DURATION_SQL}) <= $1`,
    'not exists (select 1 from result_versions r where r.match_id = m.id)',
  ];
  if (p.sportId) where.push(`m.sport_id = $${args.push(p.sportId)}`);
  if (p.tournamentId) where.push(`m.tournament_id = $${args.push(p.tournamentId)}`);
  const from = `from matches m join sports s on s.id = m.sport_id join tournaments t on t.id = m.tournament_id
    left join teams h on h.id = m.home_id left join teams a on a.id = m.away_id
    left join lateral (select count(*)::int as n, coalesce(sum(c.total_stake), 0) as stakes from coupons c
      where c.status = 0 and exists (select 1 from coupon_tips ct where ct.coupon_id = c.id and ct.match_id = m.id)) oc on true
    where ${where.join(' and ')}`;
  const sort = orderBy({ ...p, dir: p.sort ? p.dir : 'asc' }, { matchDate: 'm.match_date', openStakes: 'oc.stakes', openCoupons: 'oc.n' }, 'm.match_date', 'm.id');
  const page = await pageOf(q, from, args,
    `m.id, m.sport_id, s.name as sport_name, m.tournament_id, t.title as tournament_name, h.name as home, a.name as away, m.match_date,
     ${MIN_DURATION_SQL} as min_duration, oc.n as open_coupons, oc.stakes as open_stakes`, sort, p,
    (r: { id: number; sport_id: number; sport_name: string; tournament_id: number; tournament_name: string; home: string | null; away: string | null;
      match_date: Date; open_coupons: number; open_stakes: string | number }) => r);
  const results: BoResultQueueRow[] = [];
  for (const r of page.results) {
    const kickoff = new Date(r.match_date).getTime();
    results.push({
      matchId: r.id, sportId: r.sport_id, sportName: r.sport_name, tournamentId: r.tournament_id, tournamentName: r.tournament_name,
      home: r.home ?? '', away: r.away ?? '', matchDate: new Date(kickoff).toISOString(), earliestAt: new Date(earliestResultAt(kickoff, r.sport_id)).toISOString(),
      openCoupons: r.open_coupons, openStakes: Number(r.open_stakes), fields: await fieldsOf(q, r.id),
    });
  }
  return { status: true, totalCount: page.totalCount, results };
}
