import { Trans } from '@lingui/react/macro';
import type { Freshness } from '../../workers/core/api.ts';
import { formatShortDateTime } from './format.ts';

/** 'Offline, updated at 14:05': shown while a view stands on kept data because the network failed. */
export function FreshnessBanner({ fresh, lang }: { fresh: Freshness | undefined; lang: string }) {
  if (!fresh?.offline) return null;
  const time = formatShortDateTime(new Date(fresh.updatedAt).getTime(), lang);
  return (
    <div className="banner offline-banner" role="status" data-testid="stale-banner">
      <p><Trans>Offline, updated at {time}. Odds are locked until the connection is back.</Trans></p>
    </div>
  );
}
