import { useEffect, useRef, useState } from 'react';
import type { CasinoProduct } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { GameFrame } from './GameFrame.tsx';
import { useOpenGame } from './use-open-game.ts';
import './casino.css';

/** The query of /opencasino (section 2): id the game, mid the product, lid the limit table, gid the game id. */
export interface OpenCasinoQuery { id?: number; mid?: number; lid?: number; gid?: number }

/** /opencasino: opens the game of its query at once; closing it goes to the game's product lobby. */
export function OpenCasinoPage({ lang, query }: { lang: string; query: OpenCasinoQuery }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const game = useOpenGame();
  const started = useRef(false);
  const [product, setProduct] = useState<CasinoProduct>('casino');
  useEffect(() => {
    if (started.current || !(query.id || query.gid)) return;
    started.current = true;
    void core.casinoProductOf(query.mid ?? 0).then((p) => {
      setProduct(p);
      return game.open({
        product: p, title: t`Game`,
        ...(query.id ? { serviceId: query.id } : {}), ...(query.gid ? { gameId: query.gid } : {}), ...(query.lid ? { limitId: query.lid } : {}),
      });
    });
  }, [query, game, t]);
  const close = () => { game.close(); void navigate({ to: `/$lang/${product}`, params: { lang } }); };
  if (!(query.id || query.gid)) {
    return <div className="state" role="alert"><h2><Trans>No game was chosen</Trans></h2><p><Trans>Pick a game in the casino.</Trans></p></div>;
  }
  return (
    <div className="casino-page" data-testid="opencasino">
      {game.busy && <div className="state" aria-busy="true"><p><Trans>Opening the game…</Trans></p></div>}
      {game.frame && <GameFrame game={game.frame} onClose={close} />}
    </div>
  );
}
