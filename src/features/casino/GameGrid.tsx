import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { GameTile } from '../../../workers/core/api.ts';
import { CASINO_UI } from './constants.ts';
import { GameCard } from './GameCard.tsx';

/** Columns at a width: 3 at a phone's 390 px, more on wider screens (tiles about 120 px wide). */
const columnsAt = (width: number) => Math.max(3, Math.floor(width / 124));

/**
 * The game grid, virtualised against the window's scroll: rows of 115 px, games drawn 40 at a time
 * (account-platform.md section 9), the next 40 when the last drawn row comes near.
 */
export function GameGrid({ games, onOpen, busy }: { games: readonly GameTile[]; onOpen: (g: GameTile) => void; busy: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const [cols, setCols] = useState(3);
  const [chunks, setChunks] = useState(1);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => { setCols(columnsAt(el.clientWidth)); setOffset(el.getBoundingClientRect().top + window.scrollY); };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    // banners, jackpots and chips above the grid arrive later: the page growing moves the grid's top
    if (el.parentElement) ro.observe(el.parentElement);
    return () => ro.disconnect();
  }, []);
  // a new list (provider, category, search) starts again at the first chunk
  useEffect(() => { setChunks(1); }, [games]);
  const drawn = Math.min(games.length, chunks * CASINO_UI.slotsChunk);
  const rows = Math.ceil(drawn / cols);
  // oxlint-disable-next-line react/incompatible-library
  const v = useWindowVirtualizer({ count: rows, estimateSize: () => CASINO_UI.rowHeight, overscan: 3, scrollMargin: offset });
  const items = v.getVirtualItems();
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (drawn < games.length && last >= rows - 2) setChunks((c) => c + 1);
  }, [last, rows, drawn, games.length]);
  return (
    <div ref={ref} className="game-grid" style={{ height: v.getTotalSize() }} data-testid="game-grid" data-drawn={drawn}>
      {items.map((row) => (
        <div key={row.key} className="game-row" style={{ '--cols': cols, transform: `translateY(${row.start - offset}px)` } as CSSProperties}>
          {games.slice(row.index * cols, Math.min(drawn, (row.index + 1) * cols)).map((g) => <GameCard key={g.key} game={g} onOpen={onOpen} disabled={busy} />)}
        </div>
      ))}
    </div>
  );
}
