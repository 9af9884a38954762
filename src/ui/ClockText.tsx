import { useLingui } from '@lingui/react/macro';
import type { LiveMatchState } from '../state/live.ts';

/** The minute or the status label (HT, FT, 1set ...) of a live match. */
export function ClockText({ m }: { m: LiveMatchState['m'] }) {
  const { t } = useLingui();
  if (m.status === 'HT') return <>{t`HT`}</>;
  if (m.status === 'FT') return <>{t`FT`}</>;
  if (m.ms && /^\dset$/.test(m.ms)) {
    const n = m.ms[0]!;
    return <>{t`Set ${n}`}</>;
  }
  // added time reads 45+2' (the worker sends the minutes past the period's end); left to right in
  // right-to-left languages too (69', not '69)
  if (m.ti && m.tie) return <bdi dir="ltr">{`${m.ti}+${m.tie}'`}</bdi>;
  if (m.ti) return <bdi dir="ltr">{`${m.ti}'`}</bdi>;
  // A sport without a clock (the worker sends no minute): its period, inning or end.
  if (m.pe && m.live) {
    const n = m.pe;
    return <>{t`Period ${n}`}</>;
  }
  return <>{m.status ?? ''}</>;
}
