import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

/** The 404 page. */
export function NotFoundPage({ lang }: { lang: string }) {
  return (
    <div className="state" data-testid="not-found">
      <h2><Trans>Page not found</Trans></h2>
      <p><Trans>The page you are looking for does not exist.</Trans></p>
      <Link className="btn btn-primary" to="/$lang" params={{ lang }}><Trans>Home</Trans></Link>
    </div>
  );
}

/** The maintenance page, shown while the site settings say so. */
export function MaintenancePage() {
  return (
    <div className="state" data-testid="maintenance">
      <h2><Trans>We are under maintenance</Trans></h2>
      <p><Trans>We will be back shortly. Thank you for your patience.</Trans></p>
    </div>
  );
}
