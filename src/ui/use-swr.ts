import { useCallback, useEffect, useRef, useState } from 'react';
import type { Source } from '../../workers/core/api.ts';

export type SwrState<T> = { state: 'loading'; data: null } | { state: 'error'; data: null } | { state: 'ready'; data: T };

/**
 * Stale-while-revalidate from the worker: asks the kept reply and the server at once, draws the
 * kept one if the server is not back within a moment (a fast reply then never flashes locked odds),
 * and replaces it with the server's. Refreshes again when the browser comes back online.
 * `load` is the question (callers memoise it): a new one shows the skeleton until it is answered.
 */
export function useSwr<T>(load: (source: Source) => Promise<T | null>, refreshKey?: number): SwrState<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [s, setS] = useState<{ load: unknown; attempt: number; value: SwrState<T> }>({ load: null, attempt: -1, value: { state: 'loading', data: null } });

  useEffect(() => {
    let live = true;
    let networkDone = false;
    const put = (value: SwrState<T>, keepReady: boolean) => setS((prev) => {
      const same = prev.load === load && prev.attempt === attempt;
      if (keepReady && same && prev.value.state === 'ready') return prev;
      return { load, attempt, value };
    });
    const started = Date.now();
    load('cache').then((kept) => {
      if (!kept || !live) return;
      const wait = Math.max(0, 150 - (Date.now() - started));
      setTimeout(() => { if (live && !networkDone) put({ state: 'ready', data: kept }, true); }, wait);
    }, () => undefined);
    const revalidate = () => load('network').then((fresh) => {
      networkDone = true;
      if (live) put(fresh ? { state: 'ready', data: fresh } : { state: 'error', data: null }, !fresh);
    }, () => {
      networkDone = true;
      if (live) put({ state: 'error', data: null }, true);
    });
    void revalidate();
    // Back online: refresh in the background, keeping what is drawn until the answer is in.
    addEventListener('online', revalidate);
    return () => { live = false; removeEventListener('online', revalidate); };
  }, [load, attempt]);

  // A new refreshKey (content changed on the server): ask the server again, keeping what is drawn until it answers.
  const firstKey = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey === firstKey.current) return;
    let live = true;
    load('network').then((fresh) => {
      if (live && fresh) setS((prev) => (prev.load === load ? { ...prev, value: { state: 'ready', data: fresh } } : prev));
    }, () => undefined);
    return () => { live = false; };
    // Only a new key asks again; a new load or attempt is the effect above's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshKey]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // An answer to an earlier question is not shown for this one: the skeleton stands until it is answered.
  const value: SwrState<T> = s.load === load && s.attempt === attempt ? s.value : { state: 'loading', data: null };
  return { ...value, retry };
}

/** The value after it stopped changing for `ms` (the search pause). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
