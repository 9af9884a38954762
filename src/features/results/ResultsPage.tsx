import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResultsView, Source } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { formatDateTime } from '../../ui/format.ts';
import { Caption } from '../../ui/Caption.tsx';
import { FreshnessBanner } from '../../ui/FreshnessBanner.tsx';
import { SportTabs } from '../../ui/ListControls.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { useSwr } from '../../ui/use-swr.ts';

/** Results: yesterday to tomorrow, 50 a page, by sport. */
export function ResultsPage({ lang }: { lang: string }) {
  const { t } = useLingui();
  const [sportId, setSportId] = useState(0);
  const [page, setPage] = useState(0);
  const load = useCallback((source: Source) => core.results({ sportId, page }, source), [sportId, page]);
  const r = useSwr<ResultsView>(load);
  return (
    <div className="results-page">
      <Caption lang={lang} title={t`Results`} />
      {r.data && r.data.sports.length > 0 && <SportTabs sports={r.data.sports.map((s) => ({ ...s, matchCount: 0 }))} value={sportId} onChange={(id) => { setSportId(id); setPage(0); }} zeroLabel={t`All sports`} />}
      <p className="hint"><Trans>Yesterday, today and tomorrow</Trans></p>
      {r.state === 'loading' && <div aria-busy="true" className="result-list">{[0, 1, 2, 3, 4].map((i) => <div key={i} className="result-row"><div className="skeleton" style={{ height: 32 }} /></div>)}</div>}
      {r.state === 'error' && <ErrorState onRetry={r.retry} />}
      {r.state === 'ready' && (
        <>
          <FreshnessBanner fresh={r.data.fresh} lang={lang} />
          {r.data.rows.length === 0
            ? <div className="state"><h2><Trans>No results yet</Trans></h2><p><Trans>Finished matches of yesterday, today and tomorrow show here.</Trans></p></div>
            : (
              <ul className="result-list" data-testid="results">
                {r.data.rows.map((m) => { const halfTime = m.halfTime; return (
                  <li key={m.matchId} className="result-row" data-testid="result-row">
                    <div className="result-meta"><span>{m.sportName}</span><time dateTime={m.matchDate}>{formatDateTime(m.matchDate, lang)}</time></div>
                    <div className="result-teams"><span>{m.home}</span><span>{m.away}</span></div>
                    <div className="result-score">
                      <strong>{m.score || '-'}</strong>
                      {halfTime && <small aria-label={t`Half time ${halfTime}`}>({halfTime})</small>}
                    </div>
                  </li>
                ); })}
              </ul>
            )}
          {r.data.pages > 1 && (
            <nav className="pager" aria-label={t`Pages`}>
              <button type="button" className="btn btn-small" disabled={page === 0} onClick={() => setPage((p) => p - 1)}><Trans>Previous</Trans></button>
              <span>{page + 1} / {r.data.pages}</span>
              <button type="button" className="btn btn-small" disabled={page + 1 >= r.data.pages} onClick={() => setPage((p) => p + 1)}><Trans>Next</Trans></button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
