import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WinnerView } from '../../../workers/core/api.ts';
import { CASINO_UI } from './constants.ts';
import { useReducedMotion } from './use-reduced-motion.ts';

/** The winners carousel: one win at a time, the next every 4 s in a loop (section 9); still under reduced motion. */
export function WinnersCarousel({ winners }: { winners: readonly WinnerView[] }) {
  const { t } = useLingui();
  const reduced = useReducedMotion();
  const [i, setI] = useState(0);
  const n = winners.length;
  useEffect(() => {
    if (n < 2 || reduced) return;
    const h = setInterval(() => setI((x) => x + 1), CASINO_UI.winnersCarouselMs);
    return () => clearInterval(h);
  }, [n, reduced]);
  if (!n) return <div className="winners" data-testid="winners"><span className="trophy" aria-hidden="true">🏆</span><div className="winner"><span><Trans>The latest wins appear here.</Trans></span></div></div>;
  // the newest win comes first: a new one pushed by the socket shows at once
  const w = winners[i % n]!;
  return (
    <section className="winners" aria-label={t`Latest winners`} data-testid="winners">
      <span className="trophy" aria-hidden="true">🏆</span>
      <div className="winner" key={w.key}>
        <span><bdi>{w.player}</bdi> · {w.game}</span>
        <strong><bdi dir="ltr">{w.amountText}</bdi></strong>
      </div>
    </section>
  );
}
