import { useLingui } from '@lingui/react/macro';
import type { LimitError } from '../../../domain/betslip/types.ts';
import { formatMoney } from '../../ui/format.ts';

/** The player's-language text of a slip limit error, amounts with currency. */
export function useLimitErrorText(symbol: string, lang: string): (e: LimitError) => string {
  const { t } = useLingui();
  return (e) => {
    const money = (m: number | undefined) => formatMoney(m ?? 0, symbol, lang);
    const odds = (o: number | undefined) => ((o ?? 0) / 1000).toFixed(2);
    switch (e.code) {
      case 'minStake': { const a = money(e.min ?? e.amount); return t`Minimum stake is ${a}`; }
      case 'maxStake': { const a = money(e.max ?? e.amount); return t`Maximum stake is ${a}`; }
      case 'maxPay': { const a = money(e.amount ?? e.max); return t`Stake limited to ${a}`; }
      case 'minTip': { const n = e.amount ?? 1; return t`Minimum ${n} more matches`; }
      case 'minOdds': { const a = odds(e.amount ?? e.min); return t`min limit: ${a}`; }
      case 'maxOdds': { const a = odds(e.amount ?? e.max); return t`max limit: ${a}`; }
      default: { const n = e.max ?? e.amount ?? ''; return t`At most ${n} selections`; }
    }
  };
}
