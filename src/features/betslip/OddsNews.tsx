import { useLingui } from '@lingui/react/macro';
import { useSlip } from '../../state/slip.ts';

/** A live region that reads out odds that moved on the slip (DESIGN.md: live regions for odds changes). */
export function OddsNews() {
  const { view } = useSlip();
  const { t } = useLingui();
  const moves = view?.oddsNews.moves ?? [];
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="odds-news">
      {moves.map((m, i) => {
        const { matchName, from, to } = m;
        return <p key={`${view?.oddsNews.seq}-${i}`}>{m.up ? t`${matchName}: odds up from ${from} to ${to}` : t`${matchName}: odds down from ${from} to ${to}`}</p>;
      })}
    </div>
  );
}
