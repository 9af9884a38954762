import { useLingui } from '@lingui/react/macro';
import type { LiveMatchState } from './live-store.ts';

/** The minute or the status label (HT, FT, 1set ...) of a live match. */
export function ClockText({ m }: { m: LiveMatchState['m'] }) {
  const { t } = useLingui();
  if (m.status === 'HT') return <>{t`HT`}</>;
  if (m.status === 'FT') return <>{t`FT`}</>;
  if (m.ms && /^\dset$/.test(m.ms)) {
    const n = m.ms[0]!;
    return <>{t`Set ${n}`}</>;
  }
  // added time reads 45+2' (the worker sends the minutes past the period's end)
  if (m.ti && m.tie) return <>{`${m.ti}+${m.tie}'`}</>;
  if (m.ti) return <>{`${m.ti}'`}</>;
  return <>{m.status ?? ''}</>;
}
