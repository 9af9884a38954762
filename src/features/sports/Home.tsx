import { Trans, useLingui } from '@lingui/react/macro';
import type { HomeView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { MatchListSkeleton } from '../../ui/Skeleton.tsx';
import { useLoad } from '../../ui/use-load.ts';
import { usePwa } from '../../pwa/register.ts';
import { MatchRow } from './MatchRow.tsx';
import { SPORT_GLYPH } from './sport-meta.ts';

const loadHome = (): Promise<HomeView> => core.home();

/** Home: the sport header and upcoming matches grouped by sport (at most 5 each). */
export function Home({ lang }: { lang: string }) {
  const { load, retry } = useLoad(loadHome);
  const { t } = useLingui();
  const pwa = usePwa();

  if (load.state === 'loading') {
    return (
      <div aria-busy="true" aria-label={t`Loading matches`}>
        <div className="sport-header">{[0, 1, 2, 3, 4].map((i) => <div key={i} className="skeleton" style={{ minWidth: 72, height: 64 }} />)}</div>
        <MatchListSkeleton rows={6} />
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="state" role="alert">
        <h2><Trans>Matches could not be loaded</Trans></h2>
        <p><Trans>Check your connection and try again.</Trans></p>
        <button type="button" className="btn btn-primary" onClick={retry}><Trans>Retry</Trans></button>
      </div>
    );
  }
  const home = load.data;
  if (!home.sports.length) {
    return <div className="state"><h2><Trans>No upcoming matches</Trans></h2><p><Trans>New matches are added through the day. Check back soon.</Trans></p></div>;
  }
  return (
    <div>
      {home.offline && !pwa.offline && <div className="banner offline-banner" role="status"><p><Trans>You are offline: showing the last matches loaded.</Trans></p></div>}
      <nav className="sport-header" aria-label={t`Sports`} id="sports">
        {home.sports.map((s) => (
          <a key={s.id} className="sport-chip" href={`#sport-${s.id}`}>
            <span className="icon" aria-hidden="true">{SPORT_GLYPH[s.id] ?? '•'}</span>
            <span>{s.name}</span>
            <span className="count">{s.matchCount}</span>
          </a>
        ))}
      </nav>
      {home.sports.map((s) => (
        <section key={s.id} className="section" id={`sport-${s.id}`} aria-labelledby={`sport-title-${s.id}`}>
          <h2 className="section-title" id={`sport-title-${s.id}`}>
            <span className="icon" aria-hidden="true">{SPORT_GLYPH[s.id] ?? '•'}</span>{s.name}
            <span className="more-link">{t`${s.matchCount} matches`}</span>
          </h2>
          <div className="match-list">
            {s.matches.map((m) => <MatchRow key={m.id} match={m} lang={lang} />)}
          </div>
        </section>
      ))}
    </div>
  );
}
