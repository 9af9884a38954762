import { useCallback, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { bo, type BoName, type BoPayload, type BoResult } from './bo-client.ts';
import { useKeyed } from './action.ts';
import { pageOf, useBoSearch, type BoSearch } from './url-state.ts';
import { DataTable, Pager, type Column } from './table.tsx';

export const PAGE_SIZE = 50;
type Paged = { totalCount: number; results: unknown[] };
type RowOf<K extends BoName> = Extract<BoResult<K>, { status: true }> extends { results: Array<infer R> } ? R : never;

/**
 * One server-paged list of a screen: the call's payload is built from the URL's filters, page and
 * sort; changing any of them reloads. `reload` after an action shows the result in place.
 */
export function useBoList<K extends BoName>(name: K, payloadOf: (s: BoSearch) => BoPayload<K> | null) {
  const [search, setSearch] = useBoSearch();
  const { page, sort, dir } = pageOf(search);
  const payload = payloadOf(search);
  const key = JSON.stringify(payload === null ? null : { ...payload, order: page, limit: PAGE_SIZE, dir, ...(sort ? { sort } : {}) });
  const load = useCallback(async (k: string): Promise<ListState<RowOf<K>>> => {
    if (k === 'null') return { rows: [], total: 0, extra: {}, error: '' };
    const r = await bo(name, JSON.parse(k) as BoPayload<K>);
    if (!r.status) return { rows: [], total: 0, extra: {}, error: r.msg || r.error };
    const { results, totalCount, ...extra } = r as unknown as Paged & Record<string, unknown>;
    return { rows: results as RowOf<K>[], total: totalCount, extra, error: '' };
  }, [name]);
  const { data, reload } = useKeyed(key, load);
  return { search, setSearch, page, sort, dir, rows: data?.rows ?? null, total: data?.total ?? 0, extra: data?.extra ?? {}, error: data?.error ?? '', reload };
}

interface ListState<R> { rows: R[]; total: number; extra: Record<string, unknown>; error: string }

/** The table and pager of a useBoList, with the list's error shown in place. */
export function BoList<R>({ list, label, columns, rowKey, onOpen, empty, selected }: {
  list: { rows: R[] | null; total: number; page: number; sort: string | undefined; dir: 'asc' | 'desc'; error: string; setSearch: (p: BoSearch, resetPage?: boolean) => void };
  label: string; columns: Column<R>[]; rowKey: (r: R) => string | number; onOpen?: (r: R) => void; empty?: ReactNode; selected?: string | number | undefined;
}) {
  const { t } = useLingui();
  return (
    <>
      {list.error && <p className="bo-error" role="alert">{list.error}</p>}
      <DataTable label={label} columns={columns} rows={list.rows} rowKey={rowKey} sort={list.sort} dir={list.dir} empty={empty} selected={selected}
        onSort={(sort, dir) => list.setSearch({ sort, dir })} {...(onOpen ? { onOpen } : {})} />
      {list.rows !== null && list.total > PAGE_SIZE && <Pager page={list.page} size={PAGE_SIZE} total={list.total} onPage={(p) => list.setSearch({ page: String(p) }, false)} />}
      {list.rows !== null && list.total <= PAGE_SIZE && list.total > 0 && <p className="bo-count">{t`${list.total} rows`}</p>}
    </>
  );
}

/** A number from the URL (a filter), or undefined when absent or not a number. */
export const num = (v: string | undefined): number | undefined => (v === undefined || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v));
/** A URL value that must be one of a call's literals (a status, a flag), else undefined. */
export const oneOf = <T extends number>(v: string | undefined, values: readonly T[]): T | undefined => values.find((x) => String(x) === v);
/** An optional field: present only when defined (exactOptionalPropertyTypes). */
export const opt = <K extends string, V>(k: K, v: V | undefined): Partial<Record<K, V>> => (v === undefined ? {} : ({ [k]: v } as Record<K, V>));
