import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useSlip } from '../../state/slip.ts';
import { useSession } from '../../state/session.ts';
import { formatMoney } from '../../ui/format.ts';
import { decimalInLang } from '../../../domain/money.ts';
import { useLimitErrorText } from './limit-error-text.ts';
import { StakeKeypad } from './StakeKeypad.tsx';
import { COUPON_TYPE } from '../../ui/slip-text.ts';
import { OddsChangeChoice } from './OddsChangeChoice.tsx';
import { usePwa } from '../../pwa/register.ts';

// On a touch screen the keypad popup replaces the system keyboard; a keyboard can still type.
const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * Stake entry (quick stakes, custom via the keypad, the field), the summary, limit errors with
 * currency and 'stake limited to', the odds-change choice and the create button with the stake.
 */
export function SlipStake({ lang, onCreate, compact = false }: { lang: string; onCreate: () => void; compact?: boolean }) {
  const { view } = useSlip();
  const { user } = useSession();
  const { t } = useLingui();
  // A bet needs the server: offline the button waits for the connection instead of failing on a tap.
  const { offline } = usePwa();
  // The stake field shows what the player is typing, else the worker's stake.
  const [draft, setDraft] = useState<string | null>(null);
  const [keypad, setKeypad] = useState(false);
  const symbol = user?.currencySymbol ?? 'TL';
  const limitText = useLimitErrorText(symbol, lang);
  if (!view) return null;
  const s = view.summary;
  const money = (m: number) => formatMoney(m, symbol, lang);
  const setStake = (text: string, typing = false) => { setDraft(typing ? text : null); void core.setStakeText(text); };
  const type = COUPON_TYPE[s.couponType];
  const payout = money(s.maxPayout);
  // The button says what the player pays (the total stake); what they may win stays beside 'Max payout'.
  const stake = money(s.totalAmount);
  const combos = s.couponCount;
  const bonus = s.bonusPercent;
  const limited = s.stakeLimitedTo !== undefined ? money(s.stakeLimitedTo) : '';

  return (
    <div className="slip-stake">
      <div className="quick-stakes" role="group" aria-label={t`Quick stakes`}>
        {view.quickStakes.map((q) => <button key={q} type="button" className="btn btn-small" onClick={() => setStake(q)} data-testid="quick-stake">{q}</button>)}
        <button type="button" className="btn btn-small" onClick={() => setKeypad(true)} data-testid="custom-stake"><Trans>Other</Trans></button>
      </div>
      <div className="stake-row">
        <label htmlFor={compact ? 'bar-stake' : 'stake'}>{combos > 1 ? <Trans>Stake per combination</Trans> : <Trans>Stake</Trans>}</label>
        <input id={compact ? 'bar-stake' : 'stake'} className="input" inputMode={coarse ? 'none' : 'decimal'} autoComplete="off" maxLength={9}
          value={draft ?? decimalInLang(view.stakeText, lang)} onClick={() => { if (coarse) setKeypad(true); }}
          onChange={(e) => setStake(e.target.value.replace(/[^\d.,]/g, ''), true)} onBlur={() => setDraft(null)} data-testid={compact ? 'bar-stake' : 'stake'} />
        <span>{symbol}</span>
      </div>
      <dl className="summary">
        {!compact && <><dt><Trans>Coupon</Trans></dt><dd data-testid="coupon-type">{type ? t(type) : '-'}</dd></>}
        {combos > 1 && <><dt><Trans>Combinations</Trans></dt><dd data-testid="combinations">{combos}</dd></>}
        <dt><Trans>Total odds</Trans></dt><dd data-testid={compact ? 'bar-total-odds' : 'total-odds'}>{s.totalOddsText}</dd>
        <dt><Trans>Total stake</Trans></dt><dd data-testid={compact ? 'bar-total-stake' : 'total-stake'}>{money(s.totalAmount)}</dd>
        {s.bonusPercent > 0 && <><dt><Trans>Bonus {bonus}%</Trans></dt><dd>{money(s.bonusPrice)}</dd></>}
        <dt><Trans>Max payout</Trans></dt><dd className="gain" data-testid={compact ? 'bar-max-payout' : 'max-payout'}>{payout}</dd>
      </dl>
      {s.limitErrors.length > 0 && (
        <ul className="limit-errors" role="alert" data-testid="limit-errors">{s.limitErrors.map((e, i) => <li key={i}>{limitText(e)}</li>)}</ul>
      )}
      {s.stakeLimitedTo !== undefined && (
        <button type="button" className="btn btn-small" onClick={() => void core.takeLimitedStake()} data-testid="use-limited-stake">
          <Trans>Use {limited}</Trans>
        </button>
      )}
      {!compact && (
        <OddsChangeChoice value={view.oddsChange} fallback={view.oddsChangeDefault} />
      )}
      {offline && <p className="slip-offline" role="status" data-testid={compact ? 'bar-offline' : 'slip-offline'}><Trans>Placing a bet needs a connection.</Trans></p>}
      <button type="button" className="btn btn-primary create-btn" disabled={!(s.creatable || s.lockedOnly) || view.pending || offline}
        onClick={onCreate} data-testid={compact ? 'bar-create' : 'create-coupon'} aria-busy={view.pending}>
        {view.pending ? <Trans>Please wait…</Trans> : <Trans>Place bet · {stake}</Trans>}
      </button>
      {keypad && <StakeKeypad initial={view.stakeText} symbol={symbol} onClose={() => setKeypad(false)} />}
    </div>
  );
}
