/**
 * The one home of the back office's betting figures (domain/backoffice/figures.ts says what each
 * means). The daily report, the shop (Z) report, the cut-off and the dashboard call these
 * functions, so their totals cannot disagree; each amount is the sum of the coupons' own ledger
 * rows (ref_type 'coupon'), so every total equals the ledger's.
 *
 * A coupon belongs to the period in which it was placed (its created_at, whole UTC days); its
 * money is all its ledger rows, whenever they were written (a win booked the next morning is still
 * that day's coupon's). Settled and open coupons are apart: the GGR is on settled coupons only, and
 * the open ones show as open stakes and open liability beside it.
 *
 * Usage:
 *   const total = await betFigures(q, { actor, from: '2026-06-01', to: '2026-06-07' });
 *   const byDay = await betFiguresBy(q, { actor, from, to, dealerId }, { day: true, group: 'dealer' });
 */
import type { Queryable } from '../db/client.ts';
import { NO_FIGURES, type BetFigures } from '../../domain/backoffice/figures.ts';
import { ROLE_LETTERS } from '../../domain/backoffice/permissions.ts';
import { requireScope, scopeSql, type BoActor } from './guard.ts';

/** Which coupons: the actor's subtree, optionally below one node, only terminals' or one user's, placed in [from, to]. */
export interface FigureFilter {
  /** null: no subtree limit (the kiosk's own Z report, limited by userId instead). */
  actor: BoActor | null;
  /** Whole UTC days, YYYY-MM-DD, both included. */
  from: string; to: string;
  /** Only coupons of users below this node (checked to be in the actor's subtree). */
  dealerId?: number | undefined;
  /** Only coupons sold by terminals (shop reports). */
  terminalsOnly?: boolean | undefined;
  /** Only coupons of this user (a terminal, a player). */
  userId?: number | undefined;
}

/**
 * How rows are grouped: per day, and per group, where 'dealer' is the node a coupon's user hangs
 * under, 'shop' the same for terminals, and 'user' the user (a terminal) itself.
 */
export interface FigureGrouping { day?: boolean; group?: 'dealer' | 'shop' | 'user' }

/** One row of grouped figures: the day and group when grouped by them (id 0 and name '' otherwise). */
export interface FigureRow extends BetFigures { day: string; id: number; name: string }

const TERMINAL = ROLE_LETTERS.terminal;

/** The SQL condition on coupons c of a filter (placement period, subtree, node, user) and its arguments ($1 to $3 fixed). */
function couponsOf(f: FigureFilter): { args: unknown[]; where: string[] } {
  if (!f.actor && !f.userId) throw new Error('figures without an actor need a userId');
  const args: unknown[] = [f.actor?.userId ?? null, f.from, f.to];
  const where = [f.actor ? scopeSql(f.actor, 'c.user_id', 1) : '$1::int is null', 'c.created_at >= $2::date', 'c.created_at < $3::date + 1'];
  if (f.dealerId) where.push(`exists (select 1 from user_tree dt where dt.ancestor_id = $${args.push(f.dealerId)} and dt.descendant_id = c.user_id)`);
  if (f.userId) where.push(`c.user_id = $${args.push(f.userId)}`);
  return { args, where };
}

/** The figures of the filter's coupons grouped as asked, ordered by day then group name. */
export async function betFiguresBy(q: Queryable, f: FigureFilter, g: FigureGrouping = {}): Promise<FigureRow[]> {
  if (f.dealerId && f.actor) await requireScope(q, f.actor, f.dealerId);
  const { args, where } = couponsOf(f);
  if (f.terminalsOnly || g.group === 'shop' || g.group === 'user') where.push(`u.user_type = $${args.push(TERMINAL)}`);
  const day = g.day ? `to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD')` : `''`;
  const key = g.group === 'user' ? 'u.id' : g.group ? 'u.parent_id' : 'null::int';
  // Each coupon's money from its own ledger rows: bets and refunds (stakes), wins, sells and reversals (payouts).
  const rows = await q.query<Record<string, string | number | null>>(
    `with m as (
       select c.id, c.status, c.max_pay, c.income, c.shop_paid_at, u.user_type = '${TERMINAL}' as terminal, ${day} as day, ${key} as gid,
              coalesce(-sum(l.amount) filter (where l.kind = 'bet'), 0) - coalesce(sum(l.amount) filter (where l.kind = 'refund'), 0) as stake,
              coalesce(sum(l.amount) filter (where l.kind in ('win', 'sell', 'reversal')), 0) as paid
         from coupons c join users u on u.id = c.user_id
         left join ledger l on l.ref_type = 'coupon' and l.ref_id = c.id and l.kind in ('bet', 'refund', 'win', 'sell', 'reversal')
        where ${where.join(' and ')}
        group by c.id, c.status, c.max_pay, c.income, c.shop_paid_at, u.user_type, 7, 8)
     select m.day, m.gid, g.username as name, count(*)::int as coupons,
            count(*) filter (where m.status = 0)::int as open, count(*) filter (where m.status in (1, -1, 2))::int as settled,
            count(*) filter (where m.status = -2)::int as cancelled, count(*) filter (where m.status = 1 and m.income = m.stake)::int as voided,
            coalesce(sum(m.stake), 0) as stakes,
            coalesce(sum(m.stake) filter (where m.status in (1, -1, 2)), 0) as settled_stakes,
            coalesce(sum(m.paid) filter (where m.status in (1, -1, 2)), 0) as payouts,
            coalesce(sum(m.stake) filter (where m.status = 0), 0) as open_stakes,
            coalesce(sum(m.max_pay) filter (where m.status = 0), 0) as open_liability,
            coalesce(sum(m.paid) filter (where m.status in (1, 2) and not m.terminal), 0) as in_wallet,
            count(*) filter (where m.status in (1, 2) and m.terminal and m.income > 0 and m.shop_paid_at is null)::int as to_pay_count,
            coalesce(sum(m.income) filter (where m.status in (1, 2) and m.terminal and m.shop_paid_at is null), 0) as to_pay_amount,
            count(*) filter (where m.terminal and m.shop_paid_at is not null)::int as paid_count,
            coalesce(sum(m.income) filter (where m.terminal and m.shop_paid_at is not null), 0) as paid_amount
       from m left join users g on g.id = m.gid
      group by 1, 2, 3 order by 1, 3, 2`, args);
  return rows.map((r) => {
    const n = (k: string) => Number(r[k] ?? 0);
    const settledStakes = n('settled_stakes');
    const payouts = n('payouts');
    return {
      day: String(r.day ?? ''), id: r.gid === null ? 0 : n('gid'), name: String(r.name ?? ''),
      coupons: n('coupons'), open: n('open'), settled: n('settled'), cancelled: n('cancelled'), voided: n('voided'),
      stakes: n('stakes'), settledStakes, payouts, ggr: settledStakes - payouts, openStakes: n('open_stakes'), openLiability: n('open_liability'),
      inWallet: n('in_wallet'), toPayCount: n('to_pay_count'), toPayAmount: n('to_pay_amount'), paidCount: n('paid_count'), paidAmount: n('paid_amount'),
    };
  });
}

/** The figures of all the filter's coupons in one total. */
export async function betFigures(q: Queryable, f: FigureFilter): Promise<BetFigures> {
  const [row] = await betFiguresBy(q, f);
  if (!row) return { ...NO_FIGURES };
  const { day: _d, id: _i, name: _n, ...figures } = row;
  return figures;
}

/**
 * The ledger's own total of the filter's coupons, written independently of betFiguresBy: stakes
 * kept (bets less refunds) and payouts (wins, sells, reversals). The reconciliation test holds
 * every report to it.
 */
export async function ledgerTotals(q: Queryable, f: FigureFilter): Promise<{ stakes: number; payouts: number }> {
  const { args, where } = couponsOf(f);
  const [r] = await q.query<{ stakes: string | number | null; payouts: string | number | null }>(
    `select -sum(l.amount) filter (where l.kind in ('bet', 'refund')) as stakes, sum(l.amount) filter (where l.kind in ('win', 'sell', 'reversal')) as payouts
       from ledger l where l.ref_type = 'coupon' and l.ref_id in (select c.id from coupons c where ${where.join(' and ')})`, args);
  return { stakes: Number(r?.stakes ?? 0), payouts: Number(r?.payouts ?? 0) };
}
