import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { chooseDataSaver, useDataSaver } from '../../pwa/data-saver.ts';
import { chooseOddsStyle, useOddsStyle } from './odds-style.ts';
import { formatOdds, ODDS_STYLES, type OddsStyle } from '../../../domain/odds/display.ts';

/** Settings links to Languages and Timezones (section 2), the odds format and the data saver. */
export function SettingsPage({ lang }: { lang: string }) {
  const { t } = useLingui();
  const saver = useDataSaver();
  const style = useOddsStyle();
  const names: Record<OddsStyle, string> = { decimal: t`Decimal`, fractional: t`Fractional`, american: t`American` };
  return (
    <div className="acc-page">
      <PageHeader title={t`Settings`} />
      <nav className="acc-menu">
        <Link to="/$lang/languages" params={{ lang }}><Trans>Languages</Trans></Link>
        <Link to="/$lang/timezone" params={{ lang }}><Trans>Time zone</Trans></Link>
        <Link to="/$lang/changePassword" params={{ lang }}><Trans>Change password</Trans></Link>
      </nav>
      <fieldset className="odds-style" data-testid="odds-style">
        <legend><Trans>Odds format</Trans></legend>
        {ODDS_STYLES.map((s) => (
          <label key={s}>
            <input type="radio" name="odds-style" value={s} checked={style === s} onChange={() => chooseOddsStyle(s)} />
            <span>{names[s]}</span>
            {/* The same price in each format, e.g. 2.50, 6/4, +150: figures read left to right in every language. */}
            <bdi dir="ltr" className="odds-style-example">{formatOdds(2500, { style: s })}</bdi>
          </label>
        ))}
      </fieldset>
      <label className="data-saver" data-testid="data-saver">
        <input type="checkbox" checked={saver.on} onChange={(e) => chooseDataSaver(e.currentTarget.checked === saver.browser ? null : e.currentTarget.checked)} />
        <span>
          <strong><Trans>Data saver</Trans></strong>
          <small><Trans>Less data on a slow or costly connection: no banners or team logos, nothing loaded ahead.</Trans></small>
        </span>
      </label>
    </div>
  );
}
