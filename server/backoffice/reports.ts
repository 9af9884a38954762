/**
 * Reports of the subtree for any period: the daily report per dealer, shop or terminal; the
 * stake-range buckets; the payment amount bands; and their CSV, streamed row by row.
 */
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import type { BoBandRow, BoDailyRow, boBandsPayload, boReportPayload } from '../../domain/backoffice/calls.ts';
import { PAYMENT_BANDS, STAKE_RANGES, type Band } from '../../domain/backoffice/bands.ts';
import { ROLE_LETTERS } from '../../domain/backoffice/permissions.ts';
import { requireScope, scopeSql, type BoActor } from './guard.ts';

/**
 * One row per day and group: tickets sold, paid out at the shop, voided (won back exactly the
 * stake: every tip void), cancelled; stakes (cancelled ones left out), payouts (wins and sells)
 * and the gross gaming revenue (stakes - payouts).
 */
export async function dailyReport(q: Queryable, a: BoActor, p: z.infer<typeof boReportPayload>): Promise<BoDailyRow[]> {
  if (p.dealerId) await requireScope(q, a, p.dealerId);
  const args: unknown[] = [a.userId, p.from, p.to];
  const where = [scopeSql(a, 'c.user_id', 1), 'c.created_at >= $2::date', 'c.created_at < $3::date + 1'];
  if (p.dealerId) { args.push(p.dealerId); where.push(`exists (select 1 from user_tree dt where dt.ancestor_id = $${args.length} and dt.descendant_id = c.user_id)`); }
  // A terminal is its own group; a shop is the node its terminals hang under; a dealer is the node any user hangs under.
  if (p.groupBy !== 'dealer') { args.push(ROLE_LETTERS.terminal); where.push(`u.user_type = $${args.length}`); }
  const key = p.groupBy === 'terminal' ? 'u.id' : 'u.parent_id';
  const rows = await q.query<{ day: string; gid: number | null; name: string | null; sold: number; paid: number; voided: number; cancelled: number; stakes: number | null; payouts: number | null }>(
    `select to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, ${key} as gid, g.username as name, count(*)::int as sold,
            count(*) filter (where c.shop_paid_at is not null)::int as paid,
            count(*) filter (where c.status = 1 and c.income = c.total_stake)::int as voided,
            count(*) filter (where c.status = -2)::int as cancelled,
            sum(c.total_stake) filter (where c.status <> -2) as stakes,
            sum(c.income) filter (where c.status in (1, 2)) as payouts
       from coupons c join users u on u.id = c.user_id left join users g on g.id = ${key}
      where ${where.join(' and ')}
      group by 1, 2, 3 order by 1, 3`, args);
  return rows.map((r) => {
    const stakes = Number(r.stakes ?? 0);
    const payouts = Number(r.payouts ?? 0);
    return { day: r.day, id: r.gid ?? 0, name: r.name ?? '', sold: r.sold, paid: r.paid, voided: r.voided, cancelled: r.cancelled, stakes, payouts, ggr: stakes - payouts };
  });
}

function bandSql(bands: readonly Band[], col: string): string {
  return `case ${bands.map((b, i) => `when ${col} >= ${b.min}${b.max === null ? '' : ` and ${col} < ${b.max}`} then ${i}`).join(' ')} else 0 end`;
}

async function bandRows(q: Queryable, bands: readonly Band[], sql: string, args: unknown[]): Promise<BoBandRow[]> {
  const rows = await q.query<{ b: number; n: number; amount: number | null }>(sql, args);
  const byBand = new Map(rows.map((r) => [r.b, r]));
  return bands.map((b, i) => ({ band: b.band, min: b.min, max: b.max, count: byBand.get(i)?.n ?? 0, amount: Number(byBand.get(i)?.amount ?? 0) }));
}

/** Coupons of the period by stake range (cancelled ones left out). */
export async function stakeRanges(q: Queryable, a: BoActor, p: z.infer<typeof boBandsPayload>): Promise<BoBandRow[]> {
  if (p.dealerId) await requireScope(q, a, p.dealerId);
  const args: unknown[] = [a.userId, p.from, p.to, p.dealerId ?? null];
  return bandRows(q, STAKE_RANGES,
    `select ${bandSql(STAKE_RANGES, 'c.total_stake')} as b, count(*)::int as n, sum(c.total_stake) as amount from coupons c
      where ${scopeSql(a, 'c.user_id', 1)} and c.created_at >= $2::date and c.created_at < $3::date + 1 and c.status <> -2
        and ($4::int is null or exists (select 1 from user_tree dt where dt.ancestor_id = $4 and dt.descendant_id = c.user_id))
      group by 1`, args);
}

/** Confirmed deposits and withdrawals of the period by amount band. */
export async function paymentBands(q: Queryable, a: BoActor, p: z.infer<typeof boBandsPayload>): Promise<BoBandRow[]> {
  if (p.dealerId) await requireScope(q, a, p.dealerId);
  const args: unknown[] = [a.userId, p.from, p.to, p.dealerId ?? null];
  return bandRows(q, PAYMENT_BANDS,
    `select ${bandSql(PAYMENT_BANDS, 'r.amount')} as b, count(*)::int as n, sum(r.amount) as amount from transfer_requests r
      where ${scopeSql(a, 'r.user_id', 1)} and r.created_at >= $2::date and r.created_at < $3::date + 1 and r.status = 1
        and ($4::int is null or exists (select 1 from user_tree dt where dt.ancestor_id = $4 and dt.descendant_id = r.user_id))
      group by 1`, args);
}

const csvCell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
  // Quote what needs it, and defuse spreadsheet formulas (=, +, -, @ at the start of a text cell).
  const safe = typeof v === 'string' && /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The CSV lines of rows (header first), one at a time for a streamed reply. */
export function* csvLines<T extends object>(columns: readonly (keyof T & string)[], rows: Iterable<T>): Generator<string> {
  yield `${columns.join(',')}\r\n`;
  for (const r of rows) yield `${columns.map((c) => csvCell(r[c])).join(',')}\r\n`;
}
