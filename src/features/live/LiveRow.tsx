import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { OddView } from '../../../workers/core/views.ts';
import type { OutcomeView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useSlip } from '../../state/slip.ts';
import { OddButton } from '../../ui/OddButton.tsx';
import { useLiveMatch, type LiveMatchState } from '../../state/live.ts';
import { ClockText } from '../../ui/ClockText.tsx';

export { ClockText };

/** An outcome as the odd button draws it (every value was decided by the worker). */
export const asOddView = (o: Partial<OutcomeView>): OddView => ({
  key: o.key ?? '', oddsid: o.oddsid ?? 0, oddid: o.oddid ?? 0, label: o.label ?? '', price: o.text ?? '', open: !!o.open && !o.locked,
});

/** The outcomes of the first visible group of the chosen odds types, in the worker's order. */
export function rowOutcomes(s: LiveMatchState, types: readonly number[]): Array<Partial<OutcomeView>> {
  const groups = Object.values(s.g).filter((g) => g.oddstype !== undefined && types.includes(g.oddstype) && g.visible !== false)
    .sort((a, b) => types.indexOf(a.oddstype!) - types.indexOf(b.oddstype!) || (a.oddsid ?? 0) - (b.oddsid ?? 0));
  const g = groups[0];
  if (!g) return [];
  return Object.values(s.o).filter((o) => o.oddsid === g.oddsid).sort((a, b) => (a.outcomeid ?? 0) - (b.outcomeid ?? 0));
}


/** A live match row: minute, score, teams, the chosen market's odds with arrows and locks, favourite star. */
export const LiveRow = memo(function LiveRow(props: { id: number; lang: string; types: readonly number[]; favorite: boolean; compact: boolean }) {
  const s = useLiveMatch(props.id);
  if (!s || s.removed || !s.m.home) return <div className="live-row skeleton-row" aria-hidden="true" />;
  return <LiveRowBody {...props} s={s} />;
});

function LiveRowBody({ id, lang, types, favorite, compact, s }: {
  id: number; lang: string; types: readonly number[]; favorite: boolean; compact: boolean; s: LiveMatchState;
}) {
  const { keys } = useSlip();
  const { t } = useLingui();
  const m = s.m;
  const teams = `${m.home} - ${m.away}`;
  const odds = rowOutcomes(s, types);
  const more = Math.max(0, (m.groups ?? 0) - 1);
  return (
    <article className={compact ? 'live-row compact' : 'live-row'} data-testid="live-row" data-match={id} aria-label={teams}>
      <div className="live-row-head">
        <span className="live-clock" data-testid="live-clock"><span className="live-dot" aria-hidden="true" /><ClockText m={m} /></span>
        <span className="league">{m.cn} · {m.tn}</span>
        <button type="button" className={favorite ? 'fav on' : 'fav'} aria-pressed={favorite}
          aria-label={favorite ? t`Remove ${teams} from favourites` : t`Add ${teams} to favourites`}
          onClick={() => void core.toggleLiveFavorite(id)} data-testid="live-fav">{favorite ? '★' : '☆'}</button>
      </div>
      <div className="live-row-body">
        <Link to="/$lang/matchdetail/$id" params={{ lang, id: String(id) }} search={{ ttype: 'L' }} className="live-teams">
          <span className="team"><span className="name">{m.home}</span><strong className="score">{m.scr?.h ?? 0}</strong></span>
          <span className="team"><span className="name">{m.away}</span><strong className="score">{m.scr?.a ?? 0}</strong></span>
        </Link>
        <div className="match-odds">
          {odds.map((o) => (
            <OddButton key={o.key} matchId={id} odd={asOddView(o)} selected={keys.has(o.key ?? '')} teams={teams}
              move={o.mv ?? 0} onPress={() => void core.toggleLiveOdd(id, o.oddsid!, o.oddid!)} />
          ))}
          {!odds.length && <span className="odds-closed">{t`Odds closed`}</span>}
          {more > 0 && (
            <Link to="/$lang/matchdetail/$id" params={{ lang, id: String(id) }} search={{ ttype: 'L' }} className="more-odds" aria-label={t`${more} more markets`}>+{more}</Link>
          )}
        </div>
      </div>
    </article>
  );
}
