import { startTransition, useEffect, useState } from 'react';

export type PollState<T> = { state: 'loading' } | { state: 'ready'; data: T | null };

/**
 * Asks the core now and again every `everyMs` while the page is visible (a hidden tab asks
 * nothing, and asks at once when it shows again). A failed refresh (null) keeps what is drawn;
 * `key` names the question: a new key starts over.
 */
export function usePoll<T>(load: () => Promise<T | null>, everyMs: number, key: unknown = null): PollState<T> {
  const [s, setS] = useState<{ key: unknown; value: PollState<T> }>({ key, value: { state: 'loading' } });
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let busy = false;
    const run = () => {
      clearTimeout(timer);
      if (busy || document.visibilityState === 'hidden') return;
      busy = true;
      load().then((data) => {
        if (!live) return;
        // A transition, drawn in slices (see useLoad).
        startTransition(() => setS((prev) => (data === null && prev.key === key && prev.value.state === 'ready' ? prev : { key, value: { state: 'ready', data } })));
      }, () => live && setS((prev) => (prev.key === key && prev.value.state === 'ready' ? prev : { key, value: { state: 'ready', data: null } })))
        .finally(() => { busy = false; if (live) timer = setTimeout(run, everyMs); });
    };
    const onVisible = () => { if (document.visibilityState === 'visible') run(); };
    run();
    document.addEventListener('visibilitychange', onVisible);
    return () => { live = false; clearTimeout(timer); document.removeEventListener('visibilitychange', onVisible); };
  }, [load, everyMs, key]);
  return s.key === key ? s.value : { state: 'loading' };
}
