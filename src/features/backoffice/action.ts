import { useCallback, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { bo, type BoName, type BoPayload } from './bo-client.ts';

/** The words of a failed call: the server's message, else a generic one. */
export function useFailText(): (r: { msg?: string; error?: string }) => string {
  const { t } = useLingui();
  return (r) => (r.error === 'network' ? t`No connection. Try again.` : r.msg || t`The update could not be done, try again.`);
}

/**
 * One action of a screen (a dialog's confirm): busy while it runs, the failure shown in place, the
 * server's success message kept for the result line.
 */
export function useAction() {
  const fail = useFailText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const run = useCallback(async <T extends { status: boolean; msg?: string; error?: string }>(call: () => Promise<T>): Promise<Extract<T, { status: true }> | null> => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const r = await call();
      if (!r.status) { setError(fail(r)); return null; }
      setDone(r.msg ?? '');
      return r as Extract<T, { status: true }>;
    } finally {
      setBusy(false);
    }
  }, [fail]);
  const reset = useCallback(() => { setError(''); setDone(''); }, []);
  return { busy, error, done, run, reset };
}

/**
 * Data loaded for a key (a payload's text, a page): null while the key's load runs, so a new key
 * never shows the old key's data. `tick` reloads the same key.
 */
export function useKeyed<T>(key: string, load: (key: string) => Promise<T>): { data: T | null; reload: () => void } {
  const [state, setState] = useState<{ key: string; data: T } | null>(null);
  const [tick, setTick] = useState(0);
  const full = `${key}#${tick}`;
  useEffect(() => {
    let live = true;
    void load(key).then((data) => { if (live) setState({ key: full, data }); });
    return () => { live = false; };
  }, [key, full, load]);
  return { data: state?.key === full ? state.data : null, reload: useCallback(() => setTick((n) => n + 1), []) };
}

/** One bo call loaded when its payload changes (lists inside a detail, previews); null payload: nothing. */
export function useBoFetch<K extends BoName>(name: K, payload: BoPayload<K> | null) {
  const load = useCallback((key: string) => (key === 'null' ? Promise.resolve(null) : bo(name, JSON.parse(key) as BoPayload<K>)), [name]);
  const { data, reload } = useKeyed(JSON.stringify(payload), load);
  return { reply: payload === null ? null : data, reload };
}
