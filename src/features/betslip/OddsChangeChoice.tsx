import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { ODDS_CHANGES, type OddsChange } from '../../../domain/betslip/odds-change.ts';

/**
 * What the slip does when an odd moves before the bet is placed: none, higher only, any. Radio
 * buttons in a fieldset (arrow keys move between them, a screen reader reads the group's question);
 * the worker keeps the choice on the device, the site's default until the player picks one.
 */
export function OddsChangeChoice({ value, fallback }: { value: OddsChange; fallback: OddsChange }) {
  const { t } = useLingui();
  const names: Record<OddsChange, string> = { none: t`Don't accept`, higher: t`Higher only`, any: t`Accept any` };
  const hints: Record<OddsChange, string> = {
    none: t`The bet is refused if any odd has changed.`,
    higher: t`Accepted if odds went up, refused if any went down.`,
    any: t`Accepted at the current odds, up or down.`,
  };
  return (
    <fieldset className="odds-change" data-testid="odds-change">
      <legend><Trans>When odds change</Trans></legend>
      <div className="odds-change-options">
        {ODDS_CHANGES.map((c) => (
          <label key={c} className={value === c ? 'on' : undefined}>
            <input type="radio" name="odds-change" value={c} checked={value === c} onChange={() => void core.setOddsChange(c)}
              aria-describedby="odds-change-hint" data-testid={`odds-change-${c}`} />
            <span>{names[c]}</span>
          </label>
        ))}
      </div>
      <p id="odds-change-hint" className="odds-change-hint">
        {hints[value]}{value === fallback && <> <Trans>(site default)</Trans></>}
      </p>
    </fieldset>
  );
}
