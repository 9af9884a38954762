import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CasinoProduct, WinnerView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';

/**
 * Top winners (section 3 Winner): the biggest real wins of the last 7 days in the product (a round
 * won at five times its stake or more, a jackpot drop), biggest first. Read again when the socket
 * brings a new win (`latest`). Nothing is drawn while there is none.
 */
export function TopWinners({ product, latest }: { product: CasinoProduct; latest: string | undefined }) {
  const { t } = useLingui();
  const [rows, setRows] = useState<WinnerView[]>([]);
  useEffect(() => {
    let live = true;
    void core.casinoTopWinners(product).then((r) => { if (live) setRows(r); });
    return () => { live = false; };
  // `latest` is the trigger: a new win may change the list
  // oxlint-disable-next-line react/exhaustive-effect-dependencies
  }, [product, latest]);
  if (!rows.length) return null;
  return (
    <section className="top-winners" aria-labelledby="top-winners-title" data-testid="top-winners">
      <h2 className="casino-section-title" id="top-winners-title"><Trans>Top winners this week</Trans></h2>
      <ol>
        {rows.map((w, i) => (
          <li key={w.key}>
            <span className="rank" aria-hidden="true">{i + 1}</span>
            <img src={w.img} alt="" width={40} height={40} loading="lazy" decoding="async" />
            <span className="who"><bdi>{w.player}</bdi><small>{w.game} · <time>{w.dateText}</time></small></span>
            <strong aria-label={t`Won ${w.amountText}`}><bdi dir="ltr">{w.amountText}</bdi></strong>
          </li>
        ))}
      </ol>
    </section>
  );
}
