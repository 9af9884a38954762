import type { GameTile } from '../../../workers/core/api.ts';
import { BLANK_PIXEL } from '../sports/TeamLogo.tsx';

/** A game tile: the image at a fixed size (lazy, no layout shift), the name under it. */
export function GameCard({ game, onOpen, disabled }: { game: GameTile; onOpen: (g: GameTile) => void; disabled?: boolean }) {
  return (
    <button type="button" className="game-tile" onClick={() => onOpen(game)} disabled={disabled} data-testid="game-tile" data-game={game.serviceId} title={game.title}>
      <img className="game-img" src={game.logo || BLANK_PIXEL} alt="" width={87} height={87} loading="lazy" decoding="async"
        onError={(e) => { if (e.currentTarget.src !== BLANK_PIXEL) e.currentTarget.src = BLANK_PIXEL; }} />
      <span className="game-name">{game.title}</span>
    </button>
  );
}
