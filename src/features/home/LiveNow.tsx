import { useCallback } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HomeLiveMatch } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { ClockText } from '../../ui/ClockText.tsx';
import { SportIcon } from '../../ui/SportIcon.tsx';
import { TeamLogo } from '../../ui/TeamLogo.tsx';
import { usePoll } from './use-poll.ts';
import './home.css';

/** Home's live list is asked again every 30 s while Home is visible (it has no feed socket). */
export const LIVE_POLL_MS = 30_000;

function HomeLiveRow({ m, lang }: { m: HomeLiveMatch; lang: string }) {
  return (
    <Link className="home-live-row" to="/$lang/matchdetail/$id" params={{ lang, id: String(m.id) }} search={{ ttype: 'L' }}
      data-testid="home-live-row">
      <span className="live-clock"><span className="live-dot" aria-hidden="true" /><ClockText m={m} /></span>
      <span className="home-live-teams">
        <span className="team"><TeamLogo src={m.homeLogo} /><span className="name">{m.home}</span></span>
        <span className="team"><TeamLogo src={m.awayLogo} /><span className="name">{m.away}</span></span>
      </span>
      <span className="home-live-score" aria-hidden="true"><strong>{m.scr.h}</strong><strong>{m.scr.a}</strong></span>
      {/* The name comes from the row's text (WCAG 2.5.3); the score is read as one "h:a". */}
      <span className="visually-hidden">{`${m.scr.h}:${m.scr.a}`}</span>
    </Link>
  );
}

/**
 * "Live now": live matches by sport, at most 5 each, each sport with its live count linking to
 * LiveBets of that sport. A skeleton while loading; nothing when no match is live.
 */
export function LiveNow({ lang }: { lang: string }) {
  const { t } = useLingui();
  const load = useCallback(() => core.homeLive(), []);
  const s = usePoll(load, LIVE_POLL_MS);
  if (s.state === 'loading') {
    return <div className="live-now loading" aria-hidden="true">{[0, 1, 2].map((i) => <div key={i} className="home-live-row skeleton" />)}</div>;
  }
  if (!s.data?.length) return null;
  return (
    <div className="live-now" data-testid="home-live">
      <h2 className="live-now-title"><span className="live-dot" aria-hidden="true" /><Trans>Live now</Trans></h2>
      {s.data.map((g) => {
        const count = g.count;
        const sport = g.name;
        return (
          <section key={g.sportId} className="section" aria-labelledby={`live-sport-${g.sportId}`}>
            <h3 className="section-title" id={`live-sport-${g.sportId}`}>
              <span className="icon" aria-hidden="true"><SportIcon id={g.sportId} /></span>{g.name}
              <Link className="more-link" to="/$lang/livebets" params={{ lang }} search={{ sid: g.sportId }} data-testid="live-count-link" data-count={count}>
                {t`${count} live`}<span className="visually-hidden"> {sport}</span></Link>
            </h3>
            <div className="match-list">
              {g.matches.map((m) => <HomeLiveRow key={m.id} m={m} lang={lang} />)}
            </div>
          </section>
        );
      })}
    </div>
  );
}
