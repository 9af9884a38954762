import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { SearchView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { MatchListSkeleton } from '../../ui/Skeleton.tsx';
import { SearchSummary } from '../../ui/ListControls.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { useDebounced } from '../../ui/use-swr.ts';
import { VirtualRows } from './VirtualRows.tsx';

/** Search starts at 3 characters after a 500 ms pause; results show only when the keyword is longer than 3. */
const SEARCH_MIN = 3;
const SEARCH_DELAY_MS = 500;

/** The search box state: the typed text, the debounced keyword, and 'leaving search' (the box emptied). */
export function useSearch(onLeave: () => void) {
  const [text, setTextState] = useState('');
  const keyword = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const active = Array.from(keyword).length >= SEARCH_MIN && text.trim() !== '';
  const setText = (v: string) => {
    // Leaving search (the box emptied) sets the list back to 6 Hour (section 2).
    if (v.trim() === '' && text.trim() !== '') onLeave();
    setTextState(v);
  };
  return { text, setText, keyword, active };
}

/** The matches found for a keyword, 10 a call with 'show more' (keyed by the parent on keyword, sport and odds type). */
export function SearchResults({ lang, sportId, keyword, oddsType }: { lang: string; sportId: number; keyword: string; oddsType: number | undefined }) {
  const [pages, setPages] = useState<SearchView[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const live = useRef(true);
  const fetchPage = useCallback((page: number) => {
    core.search({ sportId, keyWord: keyword, filter: 'all', oddsType, page }).then(
      (r) => { if (live.current) { setPages((p) => (page === 0 ? [r] : [...p, r])); setState('ready'); } },
      () => { if (live.current) setState('error'); },
    );
  }, [sportId, keyword, oddsType]);
  useEffect(() => {
    live.current = true;
    fetchPage(0);
    return () => { live.current = false; };
  }, [fetchPage]);
  const retry = () => { setState('loading'); fetchPage(0); };
  const more = () => { setState('loading'); fetchPage(pages.length); };

  if (state === 'loading' && !pages.length) return <div aria-busy="true"><MatchListSkeleton rows={4} /></div>;
  if (state === 'error' && !pages.length) return <ErrorState onRetry={retry} />;
  const rows = pages.flatMap((p) => p.rows);
  const total = pages[0]?.total ?? 0;
  // Counted and shown only beyond 3 characters, as the spec says.
  const shown = Array.from(keyword).length > SEARCH_MIN;
  return (
    <section aria-label={keyword}>
      {shown && <SearchSummary keyword={keyword} total={total} />}
      {shown && rows.length === 0 && <div className="state"><h2><Trans>No match</Trans></h2><p><Trans>Try another team or league name.</Trans></p></div>}
      {shown && rows.length > 0 && <VirtualRows rows={rows} lang={lang} />}
      {shown && rows.length < total && (
        <div className="load-more"><button type="button" className="btn" onClick={more} disabled={state === 'loading'}><Trans>Show more</Trans></button></div>
      )}
      {!shown && <p className="empty-line"><Trans>Type one more letter to see the results.</Trans></p>}
    </section>
  );
}
