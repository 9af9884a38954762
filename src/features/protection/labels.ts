import { useLingui } from '@lingui/react/macro';
import type { LimitKind, LimitPeriod } from '../../../domain/protection/rules.ts';

/** The names of limits, periods, break and exclusion lengths in the player's language. */
export function useProtectionLabels() {
  const { t } = useLingui();
  const kind: Record<LimitKind, string> = { deposit: t`Deposit limit`, loss: t`Loss limit`, stake: t`Stake limit`, session: t`Session time limit` };
  const period: Record<LimitPeriod, string> = { bet: t`per bet`, session: t`per session`, day: t`per day (24 hours)`, week: t`per week (7 days)`, month: t`per month (30 days)` };
  const breakLength = (days: number) => (days === 1 ? t`24 hours` : days === 7 ? t`1 week` : days === 30 ? t`1 month` : t`6 weeks`);
  const exclusionLength = (months: number) => (months === 6 ? t`6 months` : months === 12 ? t`1 year` : t`5 years`);
  return { kind, period, breakLength, exclusionLength };
}
