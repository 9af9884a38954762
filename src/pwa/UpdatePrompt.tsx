import { Trans } from '@lingui/react/macro';
import { applyUpdate, dismissUpdate, usePwa } from './register.ts';

/** Asks before a new version of the app takes over. */
export function UpdatePrompt() {
  const { needRefresh } = usePwa();
  if (!needRefresh) return null;
  return (
    <div className="banner" role="status">
      <p><Trans>A new version is available.</Trans></p>
      <button type="button" className="btn btn-primary btn-small" onClick={applyUpdate}><Trans>Update</Trans></button>
      <button type="button" className="btn btn-ghost btn-small" onClick={dismissUpdate}><Trans>Later</Trans></button>
    </div>
  );
}
