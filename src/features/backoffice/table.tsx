import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

/** A column of a back-office table; `sort` names the server's sort key when the column sorts. */
export interface Column<R> {
  key: string;
  header: ReactNode;
  render: (row: R) => ReactNode;
  /** Numbers and money: right-aligned, tabular figures. */
  num?: boolean;
  sort?: string;
}

/**
 * A small headless-style table: the server pages and sorts (the table only reports clicks), the
 * header sticks, numbers align right, and the rows are keyboard-navigable (arrows move, Enter
 * or a click opens). Own code instead of a table library: with server-side paging and sorting a library would
 * only add its row model to the chunk.
 */
export function DataTable<R>({ label, columns, rows, rowKey, sort, dir, onSort, onOpen, empty, selected }: {
  label: string;
  columns: Column<R>[];
  rows: R[] | null;
  rowKey: (r: R) => string | number;
  sort?: string | undefined; dir?: 'asc' | 'desc'; onSort?: (key: string, dir: 'asc' | 'desc') => void;
  onOpen?: (r: R) => void;
  empty?: ReactNode;
  selected?: string | number | undefined;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const keys = (e: KeyboardEvent<HTMLTableRowElement>, r: R) => {
    const tr = e.currentTarget;
    const go = (el: Element | null | undefined) => { if (el instanceof HTMLElement) { e.preventDefault(); el.focus(); } };
    if (e.key === 'ArrowDown') go(tr.nextElementSibling);
    else if (e.key === 'ArrowUp') go(tr.previousElementSibling);
    else if (e.key === 'Home') go(body.current?.firstElementChild);
    else if (e.key === 'End') go(body.current?.lastElementChild);
    else if (e.key === 'Enter' && onOpen && e.target === tr) { e.preventDefault(); onOpen(r); }
  };
  return (
    <div className="bo-table-wrap">
      <table className={onOpen ? 'bo-table bo-clickable' : 'bo-table'} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => {
              const active = c.sort !== undefined && c.sort === sort;
              return (
                <th key={c.key} scope="col" className={c.num ? 'num' : undefined} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {c.sort && onSort ? (
                    <button type="button" className="bo-sort" onClick={() => onSort(c.sort!, active && dir === 'desc' ? 'asc' : 'desc')}>
                      {c.header}<span aria-hidden="true">{active ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  ) : c.header}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody ref={body}>
          {rows === null ? (
            Array.from({ length: 8 }, (_, i) => <tr key={i} className="bo-skeleton-row" aria-hidden="true">{columns.map((c) => <td key={c.key}><span className="bo-skel" /></td>)}</tr>)
          ) : rows.length === 0 ? (
            <tr><td colSpan={columns.length} className="bo-empty">{empty ?? <Trans>Nothing matches these filters.</Trans>}</td></tr>
          ) : rows.map((r) => {
            const k = rowKey(r);
            return (
              <tr key={k} tabIndex={0} onKeyDown={(e) => keys(e, r)} onClick={onOpen ? (e) => { if (!(e.target as HTMLElement).closest('button, a, input, select')) onOpen(r); } : undefined} aria-selected={selected === undefined ? undefined : selected === k} className={selected === k ? 'selected' : undefined}>
                {columns.map((c) => <td key={c.key} className={c.num ? 'num' : undefined}>{c.render(r)}</td>)}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Previous / next paging of a server-paged list, with the row range and total. */
export function Pager({ page, size, total, onPage }: { page: number; size: number; total: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  return (
    <nav className="bo-pager" aria-label="pages">
      <span className="num"><Trans>{from}–{to} of {total}</Trans></span>
      <button type="button" className="bo-btn" disabled={page <= 0} onClick={() => onPage(page - 1)}><Trans>Previous</Trans></button>
      <span className="num">{page + 1} / {pages}</span>
      <button type="button" className="bo-btn" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}><Trans>Next</Trans></button>
    </nav>
  );
}
