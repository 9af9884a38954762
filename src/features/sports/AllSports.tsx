import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AllSportsView, CountryView, Source } from '../../../workers/core/api.ts';
import type { TimeFilterId } from '../../../domain/match/time-filters.ts';
import { core } from '../../core-client.ts';
import { MatchListSkeleton } from '../../ui/Skeleton.tsx';
import { FreshnessBanner } from '../../ui/FreshnessBanner.tsx';
import { OddsTypeToggle, SearchBox, SportTabs, TimeFilterSelect } from '../../ui/ListControls.tsx';
import { MatchRow } from '../../ui/MatchRow.tsx';
import { SearchResults, useSearch } from './SearchResults.tsx';
import { SportIcon } from '../../ui/SportIcon.tsx';
import { useSwr } from '../../ui/use-swr.ts';
import { ErrorState } from '../../ui/states.tsx';

export interface AllSportsQuery { sid?: number | undefined; cid?: number | undefined; tid?: number | undefined; goto?: string | undefined }

/** AllSports: sport tabs, search, time filter, odds-type toggle, best leagues and the country / league / match tree. */
export function AllSports({ lang, query, onQueryDone }: { lang: string; query: AllSportsQuery; onQueryDone: () => void }) {
  const { t } = useLingui();
  const arrivedWith = useRef(query);
  const [sportId, setSportId] = useState<number>(query.sid ?? 1);
  const [filter, setFilter] = useState<TimeFilterId | null>(null);
  const [oddsType, setOddsType] = useState<number | undefined>(undefined);
  const [openCountries, setOpenCountries] = useState<ReadonlySet<number>>(() => new Set(query.cid ? [query.cid] : []));
  const [openLeagues, setOpenLeagues] = useState<ReadonlySet<number>>(() => new Set(query.tid ? [query.tid] : []));
  // Remembered as it changes, so leaving by any way (back, tab, link) keeps it.
  const chooseFilter = (next: TimeFilterId) => { setFilter(next); void core.rememberFilter(next); };
  const search = useSearch(() => chooseFilter('6h'));

  // The initial filter: Today, or the remembered one when arriving with sid or cid; remembered on leaving.
  useEffect(() => {
    let live = true;
    void core.initialFilter(!!(arrivedWith.current.sid || arrivedWith.current.cid)).then((f) => { if (live) setFilter(f); });
    return () => { live = false; };
  }, []);

  const f = filter ?? 'today';
  const loadTree = useCallback((source: Source) => core.allSports({ sportId, filter: f }, source), [sportId, f]);
  const tree = useSwr<AllSportsView>(loadTree);
  const types = tree.data?.oddsTypes ?? [];
  const chosenType = oddsType ?? types[0]?.oddsType;

  // sid / cid / tid / goto: open, scroll to the target once it is drawn, then clear the query.
  useScrollTarget(query, tree.state === 'ready', onQueryDone);

  const changeSport = (id: number) => { setSportId(id); setOddsType(undefined); setOpenCountries(new Set()); setOpenLeagues(new Set()); };
  const toggle = (set: ReadonlySet<number>, id: number) => { const n = new Set(set); if (n.has(id)) n.delete(id); else n.add(id); return n; };
  const openBest = (cid: number, tid: number) => {
    setOpenCountries((s) => new Set([...s, cid]));
    setOpenLeagues((s) => new Set([...s, tid]));
    requestAnimationFrame(() => document.getElementById(`league-${tid}`)?.scrollIntoView({ block: 'start' }));
  };

  return (
    <div className="allsports">
      <div className="promo-banner" aria-hidden="true"><span>{t`Pre-match betting`}</span></div>
      {tree.data ? <SportTabs sports={tree.data.sports} value={sportId} onChange={changeSport} zeroLabel={t`Highlights`} />
        : <div className="sport-tabs" aria-hidden="true">{[0, 1, 2, 3].map((i) => <div key={i} className="skeleton" style={{ minWidth: 96, height: 44 }} />)}</div>}
      <div className="list-controls">
        <SearchBox value={search.text} onChange={search.setText} />
        <div className="list-controls-row">
          {tree.data && <TimeFilterSelect options={tree.data.filterOptions} value={f} onChange={chooseFilter} lang={lang} />}
          {types.length > 1 && chosenType !== undefined && <OddsTypeToggle options={types} value={chosenType} onChange={setOddsType} />}
        </div>
      </div>
      <FreshnessBanner fresh={tree.data?.fresh} lang={lang} />
      {search.active ? (
        <SearchResults key={`${sportId}:${search.keyword}:${chosenType}`} lang={lang} sportId={sportId} keyword={search.keyword} oddsType={chosenType} />
      ) : tree.state === 'loading' || filter === null ? (
        <div aria-busy="true" aria-label={t`Loading matches`}><TreeSkeleton /></div>
      ) : tree.state === 'error' ? (
        <ErrorState onRetry={tree.retry} />
      ) : sportId === 0 ? (
        <HighlightGroups lang={lang} view={tree.data} filter={f} />
      ) : (
        <>
          {tree.data.bestLeagues.length > 0 && (
            <section className="best-leagues" aria-labelledby="best-title">
              <h2 id="best-title" className="section-title"><Trans>Best leagues</Trans></h2>
              <div className="chips">
                {tree.data.bestLeagues.map((b) => (
                  <button key={b.id} type="button" className="chip" onClick={() => openBest(b.cid, b.id)}><span aria-hidden="true">{b.flag}</span>{b.title}</button>
                ))}
              </div>
            </section>
          )}
          {tree.data.countries.length === 0 ? (
            <div className="state">
              <h2><Trans>No matches in this time range</Trans></h2>
              <p><Trans>Choose another day or All.</Trans></p>
              {f !== 'all' && <button type="button" className="btn btn-primary" onClick={() => chooseFilter('all')} data-testid="show-all"><Trans>Show all matches</Trans></button>}
            </div>
          ) : (
            <ul className="tree" data-testid="country-tree">
              {tree.data.countries.map((c) => (
                <CountryNode key={c.id} country={c} lang={lang} filter={f} oddsType={chosenType} open={openCountries.has(c.id)}
                  onToggle={() => setOpenCountries((s) => toggle(s, c.id))} openLeagues={openLeagues} onToggleLeague={(id) => setOpenLeagues((s) => toggle(s, id))} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function CountryNode({ country, lang, filter, oddsType, open, onToggle, openLeagues, onToggleLeague }: {
  country: CountryView; lang: string; filter: TimeFilterId; oddsType: number | undefined; open: boolean; onToggle: () => void;
  openLeagues: ReadonlySet<number>; onToggleLeague: (id: number) => void;
}) {
  return (
    <li className="tree-node" id={`country-${country.id}`}>
      <button type="button" className="tree-head country-head" aria-expanded={open} onClick={onToggle} data-testid="country">
        <span className="flag" aria-hidden="true">{country.flag}</span>
        <span className="title">{country.title}</span>
        <span className="count">{country.matchCount}</span>
        <span className="chev" aria-hidden="true" />
      </button>
      {open && <LeagueList country={country} lang={lang} filter={filter} oddsType={oddsType} openLeagues={openLeagues} onToggleLeague={onToggleLeague} />}
    </li>
  );
}

function LeagueList({ country, lang, filter, oddsType, openLeagues, onToggleLeague }: {
  country: CountryView; lang: string; filter: TimeFilterId; oddsType: number | undefined; openLeagues: ReadonlySet<number>; onToggleLeague: (id: number) => void;
}) {
  const load = useCallback((source: Source) => core.leagues({ sportId: country.sid, categoryId: country.id, filter }, source), [country.sid, country.id, filter]);
  const leagues = useSwr(load);
  if (leagues.state === 'loading') return <div className="tree-children" aria-busy="true"><div className="skeleton" style={{ height: 44, margin: 8 }} /></div>;
  if (leagues.state === 'error') return <ErrorState onRetry={leagues.retry} compact />;
  return (
    <ul className="tree-children">
      {leagues.data.leagues.map((l) => {
        const open = openLeagues.has(l.id);
        return (
          <li key={l.id} className="tree-node" id={`league-${l.id}`}>
            <button type="button" className="tree-head league-head" aria-expanded={open} onClick={() => onToggleLeague(l.id)} data-testid="league">
              <span className="flag" aria-hidden="true"><SportIcon id={l.sid} /></span>
              <span className="title">{l.title}</span>
              <span className="count">{l.matchCount}</span>
              <span className="chev" aria-hidden="true" />
            </button>
            {open && <LeagueMatches lang={lang} sportId={l.sid} categoryId={l.cid} tournamentId={l.id} filter={filter} oddsType={oddsType} />}
          </li>
        );
      })}
    </ul>
  );
}

function LeagueMatches({ lang, sportId, categoryId, tournamentId, filter, oddsType }: { lang: string; sportId: number; categoryId: number; tournamentId: number; filter: TimeFilterId; oddsType: number | undefined }) {
  const load = useCallback((source: Source) => core.leagueMatches({ sportId, categoryId, tournamentId, filter, oddsType }, source), [sportId, categoryId, tournamentId, filter, oddsType]);
  const rows = useSwr(load);
  if (rows.state === 'loading') return <MatchListSkeleton rows={3} />;
  if (rows.state === 'error') return <ErrorState onRetry={rows.retry} compact />;
  if (!rows.data.rows.length) return <p className="empty-line"><Trans>No match</Trans></p>;
  return <div className="match-list">{rows.data.rows.map((m) => <MatchRow key={m.id} match={m} lang={lang} hideLeague />)}</div>;
}

/** The highlights view (sport 0): a group per sport, the first open, at most 3 matches each. */
function HighlightGroups({ lang, view, filter }: { lang: string; view: AllSportsView; filter: TimeFilterId }) {
  const sports = view.sports.filter((s) => s.matchCount > 0);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(sports[0] ? [sports[0].id] : []));
  if (!sports.length) return <div className="state"><h2><Trans>No highlights right now</Trans></h2></div>;
  return (
    <ul className="tree">
      {sports.map((s) => {
        const isOpen = open.has(s.id);
        return (
          <li key={s.id} className="tree-node">
            <button type="button" className="tree-head country-head" aria-expanded={isOpen} onClick={() => setOpen((o) => { const n = new Set(o); if (n.has(s.id)) n.delete(s.id); else n.add(s.id); return n; })}>
              <span className="flag" aria-hidden="true"><SportIcon id={s.id} /></span><span className="title">{s.name}</span><span className="count">{s.matchCount}</span><span className="chev" aria-hidden="true" />
            </button>
            {isOpen && <HighlightGroup lang={lang} sportId={s.id} filter={filter} />}
          </li>
        );
      })}
    </ul>
  );
}

function HighlightGroup({ lang, sportId, filter }: { lang: string; sportId: number; filter: TimeFilterId }) {
  const load = useCallback((source: Source) => core.highlightGroup({ sportId, filter }, source), [sportId, filter]);
  const rows = useSwr(load);
  if (rows.state === 'loading') return <MatchListSkeleton rows={3} />;
  if (rows.state === 'error') return <ErrorState onRetry={rows.retry} compact />;
  if (!rows.data.rows.length) return <p className="empty-line"><Trans>No match</Trans></p>;
  return <div className="match-list">{rows.data.rows.map((m) => <MatchRow key={m.id} match={m} lang={lang} />)}</div>;
}

function TreeSkeleton() {
  return (
    <div className="tree" aria-hidden="true">
      {[0, 1, 2, 3, 4, 5].map((i) => <div key={i} className="tree-head"><div className="skeleton" style={{ width: 24, height: 18 }} /><div className="skeleton" style={{ width: 140, height: 14 }} /></div>)}
    </div>
  );
}

/** Scrolls to the element a query names (league, country or goto) once drawn, then lets the route clear the query. */
function useScrollTarget(query: AllSportsQuery, ready: boolean, done: () => void) {
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || !ready) return;
    const target = query.goto ? query.goto : query.tid ? `league-${query.tid}` : query.cid ? `country-${query.cid}` : null;
    if (!target && query.sid === undefined) return;
    handled.current = true;
    if (!target) { done(); return; }
    let tries = 0;
    const tick = () => {
      const el = document.getElementById(target);
      if (el) { el.scrollIntoView({ block: 'start' }); done(); return; }
      if (++tries < 100) setTimeout(tick, 50); else done();
    };
    tick();
  }, [query, ready, done]);
}
