import { startTransition, useEffect, useState } from 'react';

/** How long a step waits for a frame before it goes anyway (a hidden tab draws none). */
const NO_FRAME_MS = 250;

/**
 * How many of `total` blocks to draw: `first` at once, then `step` more per frame, in transitions.
 * A long page (Home's sport sections) is then built in small commits a cheap phone takes without a
 * long task, instead of one; the later blocks land below the screen's bottom, so nothing moves.
 * Each step waits until the browser has drawn the last one (a timer set in an animation frame
 * runs after that frame): with a timer alone the steps came faster than frames, and one frame laid
 * out every section of Home at once, an 80 ms task here (blocking time).
 */
export function useProgressive(total: number, first = 2, step = 2): number {
  const [n, setN] = useState(first);
  useEffect(() => {
    if (n >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = (): void => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      timer = setTimeout(() => startTransition(() => setN((x) => x + step)), 0);
    };
    const frame = requestAnimationFrame(next);
    const fallback = setTimeout(next, NO_FRAME_MS);
    return () => { cancelAnimationFrame(frame); clearTimeout(fallback); clearTimeout(timer); };
  }, [n, total, step]);
  return Math.min(n, total);
}
