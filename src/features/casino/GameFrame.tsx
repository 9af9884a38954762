import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CloseIcon } from '../../ui/icons.tsx';
import type { FrameGame } from './use-open-game.ts';

/** A game full screen in a frame, with a close button that is always visible (Escape closes too). */
export function GameFrame({ game, onClose }: { game: FrameGame; onClose: () => void }) {
  const { t } = useLingui();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') onClose(); };
    document.addEventListener('keydown', onKey);
    // the page under the game does not scroll
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => { document.removeEventListener('keydown', onKey); document.body.style.overflow = overflow; };
  }, [onClose]);
  return (
    <div className="game-frame" role="dialog" aria-modal="true" aria-label={game.title} data-testid="game-frame">
      <div className="game-frame-bar">
        <h2>{game.title}</h2>
        <button ref={closeRef} type="button" className="btn btn-small" onClick={onClose} data-testid="game-close" aria-label={t`Close the game`}>
          <CloseIcon width={18} height={18} /><Trans>Close</Trans>
        </button>
      </div>
      {/* No sandbox: a provider's game needs its scripts and its own origin (storage, its API); the CSP's
          frame-src limits the frame to the configured provider origins. */}
      {/* oxlint-disable-next-line react/iframe-missing-sandbox */}
      <iframe src={game.url} title={game.title} allow="autoplay; fullscreen" allowFullScreen referrerPolicy="origin" />
    </div>
  );
}
