import { Trans } from '@lingui/react/macro';
import { usePwa } from './register.ts';

export function OfflineBanner() {
  const { offline } = usePwa();
  if (!offline) return null;
  return <div className="banner offline-banner" role="status"><p><Trans>You are offline. Saved pages stay readable; betting needs a connection.</Trans></p></div>;
}
