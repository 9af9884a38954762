import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RowsView, Source } from '../../../workers/core/api.ts';
import type { TimeFilterId } from '../../../domain/match/time-filters.ts';
import { core } from '../../core-client.ts';
import { MatchListSkeleton } from '../../ui/Skeleton.tsx';
import { FreshnessBanner } from '../../ui/FreshnessBanner.tsx';
import { OddsTypeToggle, SearchBox, SportTabs, TimeFilterSelect } from '../../ui/ListControls.tsx';
import { SearchResults, useSearch } from './SearchResults.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { useSwr } from '../../ui/use-swr.ts';
import { VirtualRows } from './VirtualRows.tsx';

/** UpHigh: act 1 highlights, act 2 upcoming; sport header, time filter, odds-type switch, rows 10 a call, search. */
export function UpHigh({ lang, act, sid }: { lang: string; act: 1 | 2; sid: number }) {
  const { t } = useLingui();
  const [sportId, setSportId] = useState(sid);
  // Upcoming uses 6 Hour only; highlights offer All, 6 Hour and Today.
  const [filter, setFilter] = useState<TimeFilterId>(act === 2 ? '6h' : 'today');
  const [oddsType, setOddsType] = useState<number | undefined>(undefined);
  const search = useSearch(() => setFilter('6h'));

  const loadHead = useCallback((source: Source) => core.allSports({ sportId: 0, filter }, source), [filter]);
  const head = useSwr(loadHead);
  const types = head.data ? (sportId ? head.data.oddsTypes : []) : [];
  const options = (head.data?.filterOptions ?? []).filter((o) => (act === 2 ? o.id === '6h' : o.id === 'all' || o.id === '6h' || o.id === 'today'));
  const chosen = oddsType ?? types[0]?.oddsType;

  return (
    <div className="uphigh">
      <h1 className="page-title">{act === 1 ? <Trans>Highlights</Trans> : <Trans>Upcoming matches</Trans>}</h1>
      {head.data && <SportTabs sports={head.data.sports} value={sportId} onChange={(id) => { setSportId(id); setOddsType(undefined); }} zeroLabel={t`All sports`} />}
      <div className="list-controls">
        <SearchBox value={search.text} onChange={search.setText} />
        <div className="list-controls-row">
          {options.length > 0 && <TimeFilterSelect options={options} value={filter} onChange={setFilter} lang={lang} />}
          {sportId > 0 && head.data && chosen !== undefined && <OddsTypeToggle options={head.data.oddsTypes} value={chosen} onChange={setOddsType} />}
        </div>
      </div>
      {search.active
        ? <SearchResults key={`${sportId}:${search.keyword}:${chosen}`} lang={lang} sportId={sportId} keyword={search.keyword} oddsType={chosen} />
        : <PagedRows key={`${act}:${sportId}:${filter}:${chosen}`} lang={lang} act={act} sportId={sportId} filter={filter} oddsType={chosen}
            onShowAll={filter !== 'all' && options.some((o) => o.id === 'all') ? () => setFilter('all') : undefined} />}
    </div>
  );
}

/** onShowAll: offered when the time range is empty and All is one of the choices. */
function PagedRows({ lang, act, sportId, filter, oddsType, onShowAll }: {
  lang: string; act: 1 | 2; sportId: number; filter: TimeFilterId; oddsType: number | undefined; onShowAll?: (() => void) | undefined;
}) {
  const [extra, setExtra] = useState<RowsView[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  // One stable question per list: a Comlink member read makes a new proxy each time, so it is read inside.
  const list = useCallback((page: number, source: Source) => {
    const q = { sportId, filter, oddsType, page };
    return act === 1 ? core.highlightList(q, source) : core.upcomingList(q, source);
  }, [act, sportId, filter, oddsType]);
  const load = useCallback((source: Source) => list(0, source), [list]);
  const first = useSwr(load);
  if (first.state === 'loading') return <div aria-busy="true"><MatchListSkeleton rows={6} /></div>;
  if (first.state === 'error') return <ErrorState onRetry={first.retry} />;
  const rows = [first.data, ...extra].flatMap((p) => p.rows);
  const total = first.data.total;
  const more = async () => {
    setLoadingMore(true);
    try {
      const next = await list(extra.length + 1, 'network');
      if (next) setExtra((e) => [...e, next]);
    } finally { setLoadingMore(false); }
  };
  return (
    <>
      <FreshnessBanner fresh={first.data.fresh} lang={lang} />
      {rows.length === 0
        ? (
          <div className="state">
            <h2><Trans>No match</Trans></h2>
            <p><Trans>Choose another sport or time range.</Trans></p>
            {onShowAll && <button type="button" className="btn btn-primary" onClick={onShowAll} data-testid="show-all"><Trans>Show all matches</Trans></button>}
          </div>
        )
        : <VirtualRows rows={rows} lang={lang} />}
      {rows.length < total && (
        <div className="load-more"><button type="button" className="btn" onClick={() => void more()} disabled={loadingMore}><Trans>Show more</Trans></button></div>
      )}
    </>
  );
}
