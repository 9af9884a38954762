import { Trans, useLingui } from '@lingui/react/macro';
import type { GameTile } from '../../../workers/core/api.ts';
import { BLANK_PIXEL } from '../../ui/icons.tsx';

/**
 * A game tile: the image at a fixed size (lazy, no layout shift), the name under it. `onFun` (a
 * visitor, a game offered in fun mode) adds a small button that opens it without money.
 */
export function GameCard({ game, onOpen, onFun, disabled }: { game: GameTile; onOpen: (g: GameTile) => void; onFun?: ((g: GameTile) => void) | undefined; disabled?: boolean }) {
  const { t } = useLingui();
  const tile = (
    <button type="button" className="game-tile" onClick={() => onOpen(game)} disabled={disabled} data-testid="game-tile" data-game={game.serviceId} title={game.limitText ? `${game.title} · ${game.limitText}` : game.title}>
      <img className="game-img" src={game.logo || BLANK_PIXEL} alt="" width={87} height={87} loading="lazy" decoding="async"
        onError={(e) => { if (e.currentTarget.src !== BLANK_PIXEL) e.currentTarget.src = BLANK_PIXEL; }} />
      <span className="game-name">{game.title}</span>
    </button>
  );
  if (!onFun || !game.fun) return tile;
  return (
    <div className="game-cell">
      {tile}
      <button type="button" className="game-fun" onClick={() => onFun(game)} disabled={disabled} aria-label={t`Play ${game.title} for fun`} data-testid="game-fun"><Trans>Demo</Trans></button>
    </div>
  );
}
