import { useEffect, useState } from 'react';

/**
 * False until `afterMs` passed after mount and the browser is then idle (at most `timeoutMs` more),
 * then true: what is not needed for the first screen (the footer below the fold, the push pop-ups
 * floating over the page) mounts then, so its script is not part of the first load and
 * competes with nothing the player waits for.
 */
export function useIdle(afterMs = 2500, timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let idleId: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idleId = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      else setIdle(true);
    }, afterMs);
    return () => {
      clearTimeout(timer);
      if (idleId !== undefined) cancelIdleCallback(idleId);
    };
  }, [afterMs, timeoutMs]);
  return idle;
}
