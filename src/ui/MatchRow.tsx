import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { MatchRowView } from '../../workers/core/views.ts';
import { useSlip } from '../state/slip.ts';
import { formatKickoff } from './format.ts';
import { OddButton } from './OddButton.tsx';
import { TeamLogo } from './TeamLogo.tsx';

/** A match row: kick-off, league, teams (with logos), the shown odds with their line, and '+N' opening MatchDetail. */
export const MatchRow = memo(function MatchRow({ match, lang, hideLeague }: { match: MatchRowView; lang: string; hideLeague?: boolean }) {
  const { keys } = useSlip();
  const { t } = useLingui();
  const when = formatKickoff(match.matchDate, lang);
  const day = when.day === 'today' ? t`Today` : when.day === 'tomorrow' ? t`Tomorrow` : when.day;
  const teams = `${match.home} - ${match.away}`;
  const info = match.special ?? '';
  return (
    <article className="match-row" data-testid="match-row" aria-label={teams} data-match-id={match.id}>
      <Link to="/$lang/matchdetail/$id" params={{ lang, id: String(match.id) }} search={{ ttype: 'N' }} className="match-teams match-link">
        <div className="match-meta">
          <time dateTime={match.matchDate}>{day} {when.time}</time>
          {!hideLeague && <><span aria-hidden="true">·</span><span className="league">{match.tournamentName}</span></>}
        </div>
        <span className="team"><TeamLogo src={match.homeLogo} /><span>{match.home}</span></span>
        <span className="team"><TeamLogo src={match.awayLogo} /><span>{match.away}</span></span>
        {/* Named by its text (WCAG 2.5.3), with what the link opens as a hidden word. */}
        <span className="visually-hidden">{t`all markets`}</span>
      </Link>
      <div className="match-odds">
        {info ? <span className="odds-special" aria-label={t`Line ${info}`}>{info}</span> : null}
        {match.odds.map((o) => <OddButton key={o.key} matchId={match.id} odd={o} selected={keys.has(o.key)} teams={teams} />)}
        {match.more > 0 && (
          <Link to="/$lang/matchdetail/$id" params={{ lang, id: String(match.id) }} search={{ ttype: 'N' }} className="more-odds" aria-label={t`${match.more} more odds`} data-testid="more-odds">
            <bdi dir="ltr">+{match.more}</bdi>
          </Link>
        )}
      </div>
    </article>
  );
});
