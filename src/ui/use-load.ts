import { startTransition, useCallback, useEffect, useState } from 'react';

export type Load<T> = { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: T };

/** Loads data from the core once on mount, with a retry for the error state. */
export function useLoad<T>(fetch: () => Promise<T>): { load: Load<T>; retry: () => void } {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const run = useCallback((isLive: () => boolean) => {
    // A transition: a long page (Home) is drawn in slices that leave the main thread free between
    // them, instead of one long task a cheap phone feels as a frozen screen.
    fetch().then((data) => isLive() && startTransition(() => setLoad({ state: 'ready', data })), () => isLive() && setLoad({ state: 'error' }));
  }, [fetch]);
  useEffect(() => {
    let live = true;
    run(() => live);
    return () => { live = false; };
  }, [run]);
  const retry = useCallback(() => { setLoad({ state: 'loading' }); run(() => true); }, [run]);
  return { load, retry };
}
