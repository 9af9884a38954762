import { useCallback, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CasinoProduct, GameTile } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { openLogin, showNotice } from '../../state/ui.ts';

/** iPhone and iPad (iPadOS reports itself as a Mac with touch): where a frame-refusing game opens in a new tab. */
export function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

export interface OpenRequest { product: CasinoProduct; serviceId?: number; gameId?: number; limitId?: number; title: string; fun?: boolean }

/** The game drawn in the page's frame, if any. */
export interface FrameGame { url: string; title: string }

/**
 * Opening a game (account-platform.md sections 4 and 8): the worker asks the server and says what
 * to do; this does it: the login popup, a notice, the frame, a redirect of the page or a new tab.
 */
export function useOpenGame(): { frame: FrameGame | null; busy: boolean; open: (r: OpenRequest) => Promise<void>; close: () => void } {
  const { t } = useLingui();
  const [frame, setFrame] = useState<FrameGame | null>(null);
  const [busy, setBusy] = useState(false);
  const open = useCallback(async (r: OpenRequest) => {
    setBusy(true);
    try {
      const o = await core.openGame({ ...r, ios: isIos() });
      switch (o.kind) {
        case 'login': openLogin(); break;
        case 'error': showNotice({ status: 2, key: '', text: o.text || t`The game could not be opened.` }); break;
        case 'missing': { const fields = o.fields.join(', '); showNotice({ status: 2, key: '', text: t`Problem with service. Check ${fields}` }); break; }
        case 'network': {
          const text = t`The game service could not be reached. Check your connection and try again.`;
          // live casino shows an alert on a network failure (section 8); the others a notice
          if (r.product === 'livecasino') alert(text);
          else showNotice({ status: 2, key: '', text });
          break;
        }
        case 'frame': setFrame({ url: o.url, title: o.title }); break;
        case 'redirect': location.assign(o.url); break;
        case 'newtab': if (!window.open(o.url, '_blank', 'noopener')) location.assign(o.url); break;
      }
    } finally {
      setBusy(false);
    }
  }, [t]);
  const close = useCallback(() => {
    setFrame(null);
    // the game moved the balance: the header's credit is asked again
    void core.refreshSession();
  }, []);
  return useMemo(() => ({ frame, busy, open, close }), [frame, busy, open, close]);
}

/** The open request of a tile. */
export const tileRequest = (g: GameTile): OpenRequest => ({
  product: g.product, serviceId: g.serviceId, title: g.title, ...(g.limitId ? { limitId: g.limitId } : {}),
});
