import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { MarketGroupView } from '../../../workers/core/api.ts';
import { useSlip } from '../../state/slip.ts';
import { OddButton } from '../../ui/OddButton.tsx';
import { useMarketText } from '../../ui/market-names.ts';

/** One market group: a collapsible header, then a line per special (the special as an info cell) with its odds. */
export const MarketGroup = memo(function MarketGroup({ group, matchId, teams, open, onToggle }: {
  group: MarketGroupView; matchId: number; teams: string; open: boolean; onToggle: () => void;
}) {
  const { keys } = useSlip();
  const { t } = useLingui();
  const name = useMarketText().market(group.oddsType, group.name);
  const id = `market-${matchId}-${group.key}`;
  return (
    <section className="market" data-testid="market">
      <h2 className="market-title">
        <button type="button" aria-expanded={open} aria-controls={id} onClick={onToggle}>
          <span>{name}</span><span className="chev" aria-hidden="true" />
        </button>
      </h2>
      {open && (
        <div id={id} className="market-lines">
          {group.lines.map((line, i) => {
            const info = line.info;
            return (
              <div key={`${info}:${i}`} className="market-line" data-cols={line.odds.length}>
                {info !== '' && <span className="info-cell" aria-label={t`Line ${info}`}>{info}</span>}
                {line.odds.map((o) => <OddButton key={o.key} matchId={matchId} odd={o} selected={keys.has(o.key)} teams={teams} />)}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
});
