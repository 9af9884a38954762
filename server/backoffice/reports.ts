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
import { betFiguresBy } from './figures.ts';

/**
 * One row per day and group (dealer: the node a coupon's user hangs under; shop: the same for
 * terminals; terminal: the terminal), from the one set of figures (server/backoffice/figures.ts):
 * GGR on settled coupons, open stakes and liability beside it, where the wins are.
 */
export async function dailyReport(q: Queryable, a: BoActor, p: z.infer<typeof boReportPayload>): Promise<BoDailyRow[]> {
  const rows = await betFiguresBy(q, { actor: a, from: p.from, to: p.to, dealerId: p.dealerId }, { day: true, group: p.groupBy === 'terminal' ? 'user' : p.groupBy });
  return rows.map((r) => ({ ...r, sold: r.coupons, paid: r.paidCount }));
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

/**
 * Payments of the period by amount band: confirmed deposit and withdrawal requests, and the credit
 * a dealer loaded to or withdrew from a user of the subtree (the way most money moves in a shop).
 */
export async function paymentBands(q: Queryable, a: BoActor, p: z.infer<typeof boBandsPayload>): Promise<BoBandRow[]> {
  if (p.dealerId) await requireScope(q, a, p.dealerId);
  const args: unknown[] = [a.userId, p.from, p.to, p.dealerId ?? null];
  const under = (col: string) => `($4::int is null or exists (select 1 from user_tree dt where dt.ancestor_id = $4 and dt.descendant_id = ${col}))`;
  // A credit transfer counts for the user it was loaded to (a load) or taken from (a withdrawal), never for the dealer side.
  const user = `(case when u.user_type in ('${ROLE_LETTERS.player}', '${ROLE_LETTERS.terminal}', '${ROLE_LETTERS.user}') then ct.to_id else ct.from_id end)`;
  return bandRows(q, PAYMENT_BANDS,
    `select ${bandSql(PAYMENT_BANDS, 'x.amount')} as b, count(*)::int as n, sum(x.amount) as amount from (
       select r.amount from transfer_requests r
        where ${scopeSql(a, 'r.user_id', 1)} and r.created_at >= $2::date and r.created_at < $3::date + 1 and r.status = 1 and ${under('r.user_id')}
       union all
       select ct.amount from credit_transfers ct join users u on u.id = ct.to_id
        where ${scopeSql(a, user, 1)} and ct.created_at >= $2::date and ct.created_at < $3::date + 1 and ${under(user)}) x
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
