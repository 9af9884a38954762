import { useLingui } from '@lingui/react/macro';
import type { LimitErrorView } from '../../../workers/core/events.ts';
import { formatMoney } from '../../ui/format.ts';

/** The player's-language text of a slip limit error; the worker decided the value and the odds text. */
export function useLimitErrorText(symbol: string, lang: string): (e: LimitErrorView) => string {
  const { t } = useLingui();
  return (e) => {
    const a = e.oddsText ?? formatMoney(e.value, symbol, lang);
    const n = e.value;
    switch (e.code) {
      case 'minStake': return t`Minimum stake is ${a}`;
      case 'maxStake': return t`Maximum stake is ${a}`;
      case 'maxPay': return t`Stake limited to ${a}`;
      case 'minTip': return t`Minimum ${n} more matches`;
      case 'minOdds': return t`min limit: ${a}`;
      case 'maxOdds': return t`max limit: ${a}`;
      case 'tipStake': return t`The stake limit for the match has been reached: at most ${a}`;
      default: return t`At most ${n} selections`;
    }
  };
}
