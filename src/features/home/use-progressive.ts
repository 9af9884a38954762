import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` blocks to draw: `first` at once, then `step` more per task, in transitions.
 * A long page (Home's sport sections) is then built in small commits a cheap phone takes without a
 * long task, instead of one; the later blocks land below the screen's bottom, so nothing moves.
 */
export function useProgressive(total: number, first = 2, step = 2): number {
  const [n, setN] = useState(first);
  useEffect(() => {
    if (n >= total) return;
    // A timer, not an animation frame: a hidden tab gets its page too.
    const h = setTimeout(() => startTransition(() => setN((x) => x + step)), 0);
    return () => clearTimeout(h);
  }, [n, total, step]);
  return Math.min(n, total);
}
