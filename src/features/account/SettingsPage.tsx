import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from './PageHeader.tsx';

/** Settings links to Languages and Timezones (section 2). */
export function SettingsPage({ lang }: { lang: string }) {
  const { t } = useLingui();
  return (
    <div className="acc-page">
      <PageHeader title={t`Settings`} />
      <nav className="acc-menu">
        <Link to="/$lang/languages" params={{ lang }}><Trans>Languages</Trans></Link>
        <Link to="/$lang/timezone" params={{ lang }}><Trans>Time zone</Trans></Link>
        <Link to="/$lang/changePassword" params={{ lang }}><Trans>Change password</Trans></Link>
      </nav>
    </div>
  );
}
