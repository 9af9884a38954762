import { useEffect, useRef, useState } from 'react';
import type { CasinoProduct } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { Link, useNavigate } from '@tanstack/react-router';
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
  // the open was answered: a game that did not open (a notice said why) leaves a way back
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    if (started.current || !(query.id || query.gid)) return;
    started.current = true;
    void core.casinoProductOf(query.mid ?? 0).then((p) => {
      setProduct(p);
      return game.open({
        product: p, title: t`Game`,
        ...(query.id ? { serviceId: query.id } : {}), ...(query.gid ? { gameId: query.gid } : {}), ...(query.lid ? { limitId: query.lid } : {}),
      });
    }).finally(() => setAnswered(true));
  }, [query, game, t]);
  const close = () => { game.close(); void navigate({ to: `/$lang/${product}`, params: { lang } }); };
  if (!(query.id || query.gid)) {
    return <div className="state" role="alert"><h2><Trans>No game was chosen</Trans></h2><p><Trans>Pick a game in the casino.</Trans></p></div>;
  }
  return (
    <div className="casino-page" data-testid="opencasino">
      {game.busy && <div className="state" aria-busy="true"><p><Trans>Opening the game…</Trans></p></div>}
      {answered && !game.busy && !game.frame && (
        <div className="state">
          <h2><Trans>The game is not open</Trans></h2>
          <Link className="btn btn-primary" to={`/$lang/${product}`} params={{ lang }} data-testid="opencasino-back"><Trans>Back to the casino</Trans></Link>
        </div>
      )}
      {game.frame && <GameFrame game={game.frame} onClose={close} />}
    </div>
  );
}
