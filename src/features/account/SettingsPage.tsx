import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from './PageHeader.tsx';
import { chooseDataSaver, useDataSaver } from '../../pwa/data-saver.ts';

/** Settings links to Languages and Timezones (section 2), and the data saver (issue 17). */
export function SettingsPage({ lang }: { lang: string }) {
  const { t } = useLingui();
  const saver = useDataSaver();
  return (
    <div className="acc-page">
      <PageHeader title={t`Settings`} />
      <nav className="acc-menu">
        <Link to="/$lang/languages" params={{ lang }}><Trans>Languages</Trans></Link>
        <Link to="/$lang/timezone" params={{ lang }}><Trans>Time zone</Trans></Link>
        <Link to="/$lang/changePassword" params={{ lang }}><Trans>Change password</Trans></Link>
      </nav>
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
