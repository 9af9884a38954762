import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { OddView } from '../../../workers/core/views.ts';
import { core } from '../../core-client.ts';
import { LockIcon } from '../../ui/icons.tsx';
import { useMarketText } from './market-names.ts';

/** An odd as a button: the outcome label above the price, pressed when on the slip, locked when closed. */
export const OddButton = memo(function OddButton({ matchId, odd, selected, teams }: { matchId: number; odd: OddView; selected: boolean; teams: string }) {
  const { t } = useLingui();
  const label = useMarketText().pick(odd.label);
  const price = odd.price;
  return (
    <button
      type="button"
      className="odd"
      aria-pressed={selected}
      disabled={!odd.open}
      aria-label={odd.open ? t`${teams}: ${label} at ${price}` : t`${teams}: ${label} closed`}
      onClick={() => void core.toggleOdd(matchId, odd.oddsid, odd.oddid)}
      data-testid="odd"
    >
      <span className="label">{label}</span>
      {odd.open ? <span className="price">{price}</span> : <LockIcon width={14} height={14} />}
    </button>
  );
});
