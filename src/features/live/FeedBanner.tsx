import { Trans } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useFeedStatus } from '../../state/live.ts';

/** The feed's state when it is not flowing: reconnecting, or offline with a manual retry. */
export function FeedBanner() {
  const status = useFeedStatus();
  if (status.state === 'reconnecting') {
    return <div className="banner feed-banner" role="status" data-testid="feed-status"><p><Trans>Live odds connection lost, reconnecting…</Trans></p></div>;
  }
  if (status.state !== 'offline') return null;
  return (
    <div className="banner feed-banner offline" role="alert" data-testid="feed-status">
      <p><Trans>Live odds are offline. The odds shown may be out of date and betting on them is paused.</Trans></p>
      <button type="button" className="btn btn-primary" onClick={() => void core.retryFeed()} data-testid="feed-retry"><Trans>Retry</Trans></button>
    </div>
  );
}
