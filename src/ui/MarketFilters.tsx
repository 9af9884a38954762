import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Market filter tab names, by the ids the worker sends (domain/market/filters.ts). */
const FILTER_NAMES: Record<string, MessageDescriptor> = {
  all: msg`All markets`, main: msg`Main`, handicap: msg`Handicaps`, total: msg`Over/Under`, half: msg`Halves`,
  goals: msg`Goals`, corners: msg`Corners`, cards: msg`Cards`,
};

/** The chosen tab if the match still offers it, else 'all' (a live market can leave under the player). */
export function activeFilter(filters: readonly string[], chosen: string): string {
  return filters.includes(chosen) ? chosen : 'all';
}

/** True when a group the worker put under `groupFilters` shows under the tab `filter`. */
export const shownUnder = (filter: string, groupFilters: readonly string[] | undefined): boolean =>
  filter === 'all' || (groupFilters?.includes(filter) ?? false);

/** The market filter tabs of MatchDetail, pre-match and live; hidden when only 'all' is offered. */
export function MarketFilters({ filters, value, onChange }: { filters: readonly string[]; value: string; onChange: (id: string) => void }) {
  const { t } = useLingui();
  if (filters.length < 2) return null;
  return (
    <div className="market-filters" role="tablist" aria-label={t`Market filters`} data-testid="market-filters">
      {filters.map((f) => (
        <button key={f} type="button" role="tab" aria-selected={value === f} className="chip" onClick={() => onChange(f)} data-filter={f}>
          {FILTER_NAMES[f] ? t(FILTER_NAMES[f]) : f}
        </button>
      ))}
    </div>
  );
}
