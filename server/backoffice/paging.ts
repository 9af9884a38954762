/** Server-side paging of every back-office list: one count, one page, sorted by a whitelisted column. */
import type { Queryable } from '../db/client.ts';

export interface PageArgs { order: number; limit: number; sort?: string | undefined; dir: 'asc' | 'desc' }

/** The ORDER BY of a list: the payload's sort key when it names a known column, else the default; id breaks ties. */
export function orderBy(p: PageArgs, columns: Record<string, string>, fallback: string, idColumn = 'u.id'): string {
  const col = (p.sort && Object.hasOwn(columns, p.sort) ? columns[p.sort] : fallback)!;
  const dir = p.dir === 'asc' ? 'asc' : 'desc';
  return `${col} ${dir} nulls last, ${idColumn} ${dir}`;
}

/** Counts the rows of `fromWhere` and reads one page of them. */
export async function pageOf<R, T>(q: Queryable, fromWhere: string, args: unknown[], columns: string, sort: string, p: PageArgs, map: (r: R) => T): Promise<{ status: true; totalCount: number; results: T[] }> {
  const [count] = await q.query<{ n: number }>(`select count(*)::int as n ${fromWhere}`, args);
  const rows = await q.query<R>(`select ${columns} ${fromWhere} order by ${sort} limit ${p.limit} offset ${p.order * p.limit}`, args);
  return { status: true, totalCount: count?.n ?? 0, results: rows.map(map) };
}
