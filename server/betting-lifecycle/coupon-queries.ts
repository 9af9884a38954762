import type { Queryable } from '../db/client.ts';
import { outcomeName, marketOf } from '../../domain/market/catalogue.ts';
import { formatResultText, type MatchResult } from '../../domain/coupon/result.ts';
import { deadHeatShown, feedOutcomeOf } from '../../domain/coupon/feed-outcome.ts';
import type { CouponItem, CouponLine, CouponSell } from '../../domain/protocol/coupons.ts';
import { cancelState, CANCEL_BEFORE_KICKOFF_MS } from './rules.ts';

export const COUPONS_PAGE = 25;

/** Coupon filter types of the list (section 2): 0 combine, 1 system, 2 multiple, 3 single, 4 live. */
const TYPE_SQL: Record<number, string> = {
  0: `c.ticket_type = 'KK' and c.is_live = 0`,
  1: `c.ticket_type = 'SK'`,
  2: `c.ticket_type = 'CK'`,
  3: `c.ticket_type = 'TK' and c.is_live = 0`,
  4: `c.is_live = 1`,
};

export interface CouponRow {
  id: number; user_id: number; created_at: Date; ticket_type: string; status: number; tips: number; total_stake: number; max_pay: number;
  bonus_pay: number; income: number; total_tickets: number; system_combi: string; paid: number; pay_date: Date | null;
  canceled: number; is_live: number; total_odds: string; first_kickoff: Date | null; ticket_stake: number; bonus_percent: number;
  /** What the player has cashed out of the coupon so far (its coupon_sells), minor units. */
  sold: number | string;
}

/**
 * A history item. `canceled` is the spec's "cancel offered" flag (section 4: cancel is offered for
 * a waiting coupon when canceled=1), decided here from the cancel window at `now`.
 */
export const toItem = (r: CouponRow, now: number): CouponItem => {
  const firstKickoff = r.first_kickoff?.getTime() ?? 0;
  const cashedOut = Number(r.sold ?? 0);
  const cancellable = cancelState({ status: r.status, isLive: r.is_live, firstKickoff, cashedOut }, now) === 'ok';
  return {
    id: r.id, archived: 0, ticketId: r.id, ticketDate: r.created_at.toISOString(), ticketType: r.ticket_type, status: r.status,
    totalTipps: r.tips, totalStake: r.total_stake, maxPay: r.max_pay, userMaxPay: r.max_pay, bonusPay: r.bonus_pay, income: r.income,
    totalTickets: r.total_tickets, systemCombi: r.system_combi, systemArray: r.system_combi === '0' ? [] : r.system_combi.split(',').map(Number),
    paid: r.paid, payDate: r.pay_date?.toISOString() ?? null, canceled: cancellable ? 1 : 0, isLive: r.is_live, single: r.tips === 1 ? 1 : 0,
    totalOdds: Number(r.total_odds), cancelUntil: cancellable ? firstKickoff - CANCEL_BEFORE_KICKOFF_MS : 0, cashedOut,
  };
};

export const COUPON_SELECT = `select c.*,
  (select count(*)::int from coupon_tips t where t.coupon_id = c.id) as tips,
  (select min(m.match_date) from coupon_tips t join matches m on m.id = t.match_id where t.coupon_id = c.id) as first_kickoff,
  (select coalesce(sum(s.amount), 0)::bigint from coupon_sells s where s.coupon_id = c.id) as sold
  from coupons c`;

export interface ListFilter {
  start: number; end: number; status?: number | undefined; couponType?: number | undefined; offset: number; limit: number;
}

export async function listCoupons(q: Queryable, userId: number, f: ListFilter, now: number): Promise<{ results: CouponItem[]; totalCount: number }> {
  const where = ['c.user_id = $1', 'c.created_at >= $2', 'c.created_at < $3'];
  const params: unknown[] = [userId, new Date(f.start), new Date(f.end)];
  if (f.status !== undefined) { params.push(f.status); where.push(`c.status = $${params.length}`); }
  if (f.couponType !== undefined) where.push(TYPE_SQL[f.couponType]!);
  const w = where.join(' and ');
  const [count] = await q.query<{ n: number }>(`select count(*)::int as n from coupons c where ${w}`, params);
  params.push(f.limit, f.offset);
  const rows = await q.query<CouponRow>(`${COUPON_SELECT} where ${w} order by c.created_at desc, c.id desc limit $${params.length - 1} offset $${params.length}`, params);
  return { results: rows.map((r) => toItem(r, now)), totalCount: count?.n ?? 0 };
}

/** Open (waiting) coupons of a user, for the account badge. */
export async function openCouponCount(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('select count(*)::int as n from coupons where user_id = $1 and status = 0', [userId]);
  return row?.n ?? 0;
}

/** A coupon row by id, optionally only when it is the user's. */
export async function couponRow(q: Queryable, couponId: number, userId?: number): Promise<CouponRow | undefined> {
  const [row] = await q.query<CouponRow>(
    `${COUPON_SELECT} where c.id = $1${userId === undefined ? '' : ' and c.user_id = $2'}`,
    userId === undefined ? [couponId] : [couponId, userId],
  );
  return row;
}

export interface LineRow {
  tip_id: number; match_id: number; match_date: Date; home: string; away: string; home_id: number; away_id: number; sport_id: number;
  category_id: number; sport_name: string; category_name: string; tournament_name: string; status: number; ttype: string;
  banko: number; odds_type: number; outcome_id: number; special: string; odd: number; outcome: string; match_status: string;
  result: MatchResult | null;
}

/** The tips of a coupon with their match and latest result, in kick-off order. */
export async function couponLineRows(q: Queryable, couponId: number): Promise<LineRow[]> {
  return q.query<LineRow>(
    `select t.id as tip_id, t.match_id, m.match_date, h.name as home, a.name as away, m.home_id, m.away_id, m.sport_id, m.category_id,
            s.name as sport_name, c.title as category_name, tr.title as tournament_name, t.status, t.ttype, t.banko,
            t.odds_type, t.outcome_id, t.special, t.odd, t.outcome, m.status as match_status, rv.result
       from coupon_tips t
       join matches m on m.id = t.match_id join sports s on s.id = m.sport_id join categories c on c.id = m.category_id
       join tournaments tr on tr.id = m.tournament_id join teams h on h.id = m.home_id join teams a on a.id = m.away_id
       left join lateral (select r.result from result_versions r where r.match_id = t.match_id order by r.version desc limit 1) rv on true
      where t.coupon_id = $1 order by m.match_date, t.id`,
    [couponId],
  );
}

/** The dead-heat factor of a won tip the feed settled with one, for its line. */
function deadHeatOf(l: LineRow): { deadHeat?: string } {
  if (l.outcome !== 'won' && l.outcome !== 'halfWon') return {};
  const f = deadHeatShown(feedOutcomeOf(l.result?.feed, l.odds_type, l.special, l.outcome_id));
  return f === undefined ? {} : { deadHeat: f };
}

export const toLine = (l: LineRow): CouponLine => ({
  matchId: l.match_id, matchDate: l.match_date.toISOString(), home: l.home, away: l.away, homeId: l.home_id, awayId: l.away_id,
  sportId: l.sport_id, categoryId: l.category_id, sportName: l.sport_name, categoryName: l.category_name,
  tournamentName: l.tournament_name, status: l.status, isLive: l.ttype === 'L' ? 1 : 0, isBank: l.banko,
  Results: formatResultText(l.result ?? undefined),
  typeName: marketOf(l.odds_type)?.name ?? String(l.odds_type), liveTypeName: '', outComeName: outcomeName(l.odds_type, l.outcome_id),
  liveOutComeName: '', special: l.special, odds: l.odd, oddsInfo: l.special, oddsType: l.odds_type, outcomeId: l.outcome_id,
  outcome: l.outcome, ...deadHeatOf(l), matchStatus: l.result ? 'ended' : l.match_status,
});

/** The sales of a coupon (whole or parts), oldest first: the detail's cash-out history. */
export async function couponSells(q: Queryable, couponId: number): Promise<CouponSell[]> {
  const rows = await q.query<{ amount: string | number; offer: string | number; stake_before: string | number; stake_after: string | number; whole: number; auto: number; created_at: Date }>(
    'select amount, offer, stake_before, stake_after, whole, auto, created_at from coupon_sells where coupon_id = $1 order by id', [couponId],
  );
  return rows.map((r) => ({
    amount: Number(r.amount), offer: Number(r.offer), stakeBefore: Number(r.stake_before), stakeAfter: Number(r.stake_after),
    whole: r.whole === 1, auto: r.auto === 1, date: r.created_at.toISOString(),
  }));
}

/** A coupon of the user with its match lines; undefined when there is none (or it is another's). */
export async function couponDetail(q: Queryable, userId: number, couponId: number, now: number): Promise<{ row: CouponRow; coupon: CouponItem; lines: CouponLine[] } | undefined> {
  const row = await couponRow(q, couponId, userId);
  if (!row) return undefined;
  const lines = await couponLineRows(q, couponId);
  return { row, coupon: toItem(row, now), lines: lines.map(toLine) };
}
