import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { MatchRowView } from '../../../workers/core/views.ts';
import { useSlip } from '../../state/slip.ts';
import { formatKickoff } from '../../ui/format.ts';
import { OddButton } from './OddButton.tsx';

/** A match row: kick-off, league, teams, the main odds and '+N' more markets. */
export const MatchRow = memo(function MatchRow({ match, lang }: { match: MatchRowView; lang: string }) {
  const { keys } = useSlip();
  const { t } = useLingui();
  const when = formatKickoff(match.matchDate, lang);
  const day = when.day === 'today' ? t`Today` : when.day === 'tomorrow' ? t`Tomorrow` : when.day;
  const teams = `${match.home} - ${match.away}`;
  return (
    <article className="match-row" data-testid="match-row" aria-label={teams}>
      <div className="match-teams">
        <div className="match-meta"><time dateTime={match.matchDate}>{day} {when.time}</time><span aria-hidden="true">·</span><span className="league">{match.tournamentName}</span></div>
        <span>{match.home}</span>
        <span>{match.away}</span>
      </div>
      <div className="match-odds">
        {match.odds.map((o) => <OddButton key={o.key} matchId={match.id} odd={o} selected={keys.has(o.key)} teams={teams} />)}
        {match.more > 0 && <span className="more-odds" aria-label={t`${match.more} more odds`}>+{match.more}</span>}
      </div>
    </article>
  );
});
