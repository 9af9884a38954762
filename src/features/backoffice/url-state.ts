import { useCallback } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';

/** A screen's filters, sort and page as they sit in the URL (a link reproduces the view). */
export type BoSearch = Record<string, string>;

/** Reads the URL's search of a back-office screen as strings and writes a patch of it (empty values dropped). */
export function useBoSearch(): [BoSearch, (patch: BoSearch, resetPage?: boolean) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const search: BoSearch = {};
  for (const [k, v] of Object.entries(raw)) if (v !== undefined && v !== null && v !== '') search[k] = String(v);
  const set = useCallback((patch: BoSearch, resetPage = true) => {
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => {
        const next: Record<string, unknown> = { ...prev, ...(resetPage ? { page: undefined } : {}), ...patch };
        for (const k of Object.keys(next)) if (next[k] === '' || next[k] === undefined) delete next[k];
        return next;
      },
      replace: true,
    } as never);
  }, [navigate]);
  return [search, set];
}

/** The page (0 first) and sort of a list from the URL. */
export function pageOf(s: BoSearch): { page: number; sort: string | undefined; dir: 'asc' | 'desc' } {
  const page = Math.max(0, Number(s.page ?? 0) || 0);
  return { page, sort: s.sort, dir: s.dir === 'asc' ? 'asc' : 'desc' };
}
