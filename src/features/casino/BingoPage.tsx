import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CasinoTabs } from './CasinoTabs.tsx';
import { GameFrame } from './GameFrame.tsx';
import { useOpenGame } from './use-open-game.ts';
import './casino.css';

/** Bingo (section 2): opened from the lobby; the query open=live starts it at once. iframe 2 redirects, otherwise embedded. */
export function BingoPage({ lang, openLive }: { lang: string; openLive: boolean }) {
  const { t } = useLingui();
  const game = useOpenGame();
  const started = useRef(false);
  useEffect(() => {
    if (!openLive || started.current) return;
    started.current = true;
    void game.open({ product: 'bingo', title: t`Bingo` });
  }, [openLive, game, t]);
  return (
    <div className="casino-page" data-testid="casino-bingo">
      <h1 className="visually-hidden"><Trans>Bingo</Trans></h1>
      <CasinoTabs lang={lang} current="bingo" />
      <div className="bingo-card">
        <h2><Trans>Bingo room</Trans></h2>
        <p><Trans>Buy cards, follow the calls live and win with a line or a full house.</Trans></p>
        <button type="button" className="btn btn-primary" disabled={game.busy} onClick={() => void game.open({ product: 'bingo', title: t`Bingo` })} data-testid="bingo-open">
          <Trans>Play bingo</Trans>
        </button>
      </div>
      {game.frame && <GameFrame game={game.frame} onClose={game.close} />}
    </div>
  );
}
