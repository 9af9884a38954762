import { Trans } from '@lingui/react/macro';

/** An error with a retry, in the player's language. */
export function ErrorState({ onRetry, compact }: { onRetry: () => void; compact?: boolean }) {
  return (
    <div className={compact ? 'state state-compact' : 'state'} role="alert">
      {!compact && <h2><Trans>Matches could not be loaded</Trans></h2>}
      <p><Trans>Check your connection and try again.</Trans></p>
      <button type="button" className="btn btn-primary" onClick={onRetry}><Trans>Retry</Trans></button>
    </div>
  );
}
