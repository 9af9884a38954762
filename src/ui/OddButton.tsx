import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { OddView } from '../../workers/core/views.ts';
import { core } from '../core-client.ts';
import { LockIcon } from './icons.tsx';
import { useMarketText } from './market-names.ts';

/**
 * An odd as a button: the outcome label above the price, pressed when on the slip, locked when
 * closed. Live odds add the worker's movement (a green or red arrow for 3 s) and tap through the
 * live store (`onPress`).
 */
export const OddButton = memo(function OddButton({ matchId, odd, selected, teams, move = 0, onPress }: {
  matchId: number;
  odd: OddView;
  selected: boolean;
  teams: string;
  /** Live movement shown now: 1 up, -1 down, 0 none (the worker clears it after 3 s). */
  move?: -1 | 0 | 1;
  onPress?: () => void;
}) {
  const { t } = useLingui();
  const label = useMarketText().pick(odd.label);
  const price = odd.price;
  // a locked odd shows its lock, not its last move
  const moved = !odd.open ? undefined : move > 0 ? 'up' : move < 0 ? 'down' : undefined;
  return (
    <button
      type="button"
      className={moved ? `odd moved-${moved}` : 'odd'}
      aria-pressed={selected}
      disabled={!odd.open}
      onClick={onPress ?? (() => void core.toggleOdd(matchId, odd.oddsid, odd.oddid))}
      data-testid="odd"
      data-locked={odd.open ? undefined : 'true'}
      data-move={moved}
    >
      {/* Named by its visible text with the match and the state as hidden words, not an aria-label
          that would hide what the player sees (WCAG 2.5.3). */}
      <span className="visually-hidden">{`${teams}: `}</span>
      <span className="label">{label}</span>
      {odd.open
        ? <span className="price">{price}{moved && <span className={`odd-arrow ${moved}`} aria-hidden="true">{moved === 'up' ? '▲' : '▼'}</span>}</span>
        : <LockIcon width={14} height={14} aria-hidden="true" />}
      {(!odd.open || moved) && <span className="visually-hidden">{`, ${!odd.open ? t`closed` : moved === 'up' ? t`up` : t`down`}`}</span>}
    </button>
  );
});
