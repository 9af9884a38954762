import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MatchDetailView, Source } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { Caption } from '../../ui/Caption.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { FreshnessBanner } from '../../ui/FreshnessBanner.tsx';
import { TeamLogo } from '../../ui/TeamLogo.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { useSwr } from '../../ui/use-swr.ts';
import { MarketGroup } from './MarketGroup.tsx';
import { activeFilter, MarketFilters, shownUnder } from '../../ui/MarketFilters.tsx';
import { useProgressive } from '../../ui/use-progressive.ts';
import { usePreMatchRev } from '../../state/prematch.ts';

/** MatchDetail (pre-match): caption with back, the match header, market filters and market groups (first 10 open). */
export function MatchDetail({ lang, matchId }: { lang: string; matchId: number }) {
  const { t } = useLingui();
  const load = useCallback((source: Source) => core.matchDetail(matchId, source), [matchId]);
  // A price or suspension changed in the back office arrives on the feed: the page asks again.
  useEffect(() => {
    void core.watchPreMatch(matchId);
    return () => { void core.watchPreMatch(null); };
  }, [matchId]);
  const detail = useSwr<MatchDetailView>(load, usePreMatchRev(matchId));
  return (
    <div className="match-detail">
      <Caption lang={lang} title={detail.data?.state === 'ok' ? `${detail.data.data.home} - ${detail.data.data.away}` : t`Match`} />
      {detail.state === 'loading' && <DetailSkeleton />}
      {detail.state === 'error' && <ErrorState onRetry={detail.retry} />}
      {detail.state === 'ready' && detail.data.state === 'notFound' && (
        <div className="state" role="alert" data-testid="match-not-found">
          <h2><Trans>Match not found</Trans></h2>
          <p><Trans>This match is no longer on offer. Find another one in the sports list.</Trans></p>
        </div>
      )}
      {detail.state === 'ready' && detail.data.state === 'ok' && <Markets lang={lang} view={detail.data} />}
    </div>
  );
}

function Markets({ lang, view }: { lang: string; view: Extract<MatchDetailView, { state: 'ok' }> }) {
  const d = view.data;
  const [chosen, setFilter] = useState('all');
  const filter = activeFilter(d.filters, chosen);
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const teams = `${d.home} - ${d.away}`;
  const groups = d.groups.filter((g) => shownUnder(filter, g.filters));
  // The first screenful of markets at once, the rest a few per task (no long task on a cheap phone).
  const shown = useProgressive(groups.length, 4, 6);
  return (
    <>
      <header className="match-header">
        <div className="match-header-meta">{d.categoryName} · {d.tournamentName}</div>
        <div className="match-header-teams">
          <span className="team"><TeamLogo src={d.homeLogo} size={32} />{d.home}</span>
          <time dateTime={d.matchDate}>{formatDateTime(d.matchDate, lang)}</time>
          <span className="team"><TeamLogo src={d.awayLogo} size={32} />{d.away}</span>
        </div>
      </header>
      <FreshnessBanner fresh={view.fresh} lang={lang} />
      {view.closed ? (
        <div className="state" role="alert" data-testid="match-closed">
          <h2><Trans>Betting is closed for {teams}</Trans></h2>
          <p><Trans>This match has no open markets right now.</Trans></p>
        </div>
      ) : (
        <>
          <MarketFilters filters={d.filters} value={filter} onChange={setFilter} />
          {groups.length === 0 && <div className="state"><p><Trans>No markets under this filter.</Trans></p></div>}
          {groups.slice(0, shown).map((g) => (
            <MarketGroup key={g.key} group={g} matchId={d.id} teams={teams} open={g.open !== toggled.has(g.key)}
              onToggle={() => setToggled((s) => { const n = new Set(s); if (n.has(g.key)) n.delete(g.key); else n.add(g.key); return n; })} />
          ))}
        </>
      )}
    </>
  );
}

function DetailSkeleton() {
  return (
    <div aria-busy="true">
      <div className="match-header"><div className="skeleton" style={{ height: 56 }} /></div>
      {[0, 1, 2].map((i) => (
        <div key={i} className="market"><div className="skeleton" style={{ height: 18, width: 140, margin: 12 }} />
          <div className="market-line">{[0, 1, 2].map((j) => <div key={j} className="skeleton" style={{ height: 44 }} />)}</div></div>
      ))}
    </div>
  );
}
