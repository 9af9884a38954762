import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WinnerView } from '../../../workers/core/api.ts';
import { CASINO_UI } from './constants.ts';
import { useReducedMotion } from './use-reduced-motion.ts';

/** A trophy drawn in SVG (an emoji depends on the device's fonts). */
const Trophy = () => (
  <svg className="trophy" viewBox="0 0 24 24" width={24} height={24} aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V17h3v3H8v-3h3v-2.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3V3Zm-1 4v1a2 2 0 0 0 1.2 1.8A5 5 0 0 1 7 9V7H6Zm12 0h-1v2a5 5 0 0 1-.2.8A2 2 0 0 0 18 8V7Z" />
  </svg>
);

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
  if (!n) return <div className="winners" data-testid="winners"><Trophy /><div className="winner"><span><Trans>The latest wins appear here.</Trans></span></div></div>;
  // the newest win comes first: a new one pushed by the socket shows at once
  const w = winners[i % n]!;
  return (
    <section className="winners" aria-label={t`Latest winners`} data-testid="winners">
      <Trophy />
      <div className="winner" key={w.key}>
        <span><bdi>{w.player}</bdi> · {w.game}</span>
        <strong><bdi dir="ltr">{w.amountText}</bdi></strong>
      </div>
    </section>
  );
}
