import { useCallback } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GameTile } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useLoad } from '../../ui/use-load.ts';
import { useSession } from '../../state/session.ts';
import { GameCard } from './GameCard.tsx';
import { GameFrame } from './GameFrame.tsx';
import { tileRequest, useOpenGame } from './use-open-game.ts';
import './casino.css';

/**
 * Home's casino and slot lists (account-platform.md section 2): the site's top and new games in two
 * rows that scroll sideways, in a section of reserved height. A visitor's tap opens the login popup.
 */
export default function HomeCasino({ lang }: { lang: string }) {
  const { t } = useLingui();
  const load = useCallback(() => core.homeCasino(), []);
  const { load: lists } = useLoad(load);
  const game = useOpenGame();
  const { user } = useSession();
  const onTile = useCallback((g: GameTile) => void game.open(tileRequest(g)), [game]);
  // a visitor may try a game without money where the game offers fun mode
  const onFun = useCallback((g: GameTile) => void game.open({ ...tileRequest(g), fun: true }), [game]);
  if (lists.state === 'loading') {
    return <div className="home-casino" aria-busy="true">{[0, 1].map((r) => <div key={r} className="game-strip">{[0, 1, 2, 3].map((i) => <div key={i} className="game-tile skeleton" />)}</div>)}</div>;
  }
  if (lists.state === 'error' || !lists.data || (!lists.data.casino.length && !lists.data.slots.length)) return null;
  const row = (title: string, to: '/$lang/livecasino' | '/$lang/casino', games: readonly GameTile[], id: string) => games.length > 0 && (
    <section aria-labelledby={id} data-testid={id}>
      <h2 className="casino-section-title" id={id}>{title}{user && <Link to={to} params={{ lang }}><Trans>All</Trans></Link>}</h2>
      <div className="game-strip">{games.map((g) => <GameCard key={g.key} game={g} onOpen={onTile} onFun={user ? undefined : onFun} disabled={game.busy} />)}</div>
    </section>
  );
  return (
    <div className="home-casino" data-testid="home-casino">
      {row(t`Live casino`, '/$lang/livecasino', lists.data.casino, 'home-casino-live')}
      {row(t`Slots`, '/$lang/casino', lists.data.slots, 'home-casino-slots')}
      {game.frame && <GameFrame game={game.frame} onClose={game.close} />}
    </div>
  );
}
