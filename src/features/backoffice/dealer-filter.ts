import { useLingui } from '@lingui/react/macro';
import { useBoFetch } from './action.ts';
import type { Filter } from './filters.tsx';

/** A dealer filter as a list of the subtree's dealers by name (an operator does not know ids). */
export function useDealerFilter(name = 'dealerId', label?: string): Filter {
  const { t } = useLingui();
  const { reply } = useBoFetch('bo/dealers', { limit: 200, sort: 'userName', dir: 'asc' });
  const dealers = reply?.status ? reply.results : [];
  return { name, label: label ?? t`Dealer`, type: 'select', options: [{ value: '', label: t`All dealers` }, ...dealers.map((d) => ({ value: String(d.id), label: d.userName }))] };
}
