import { Trans } from '@lingui/react/macro';
import type { Freshness } from '../../../workers/core/api.ts';

/** 'Offline, updated at 14:05': shown while a view stands on kept data because the network failed. */
export function FreshnessBanner({ fresh, lang }: { fresh: Freshness | undefined; lang: string }) {
  if (!fresh?.offline) return null;
  const time = new Date(fresh.updatedAt).toLocaleString(lang, { hour: '2-digit', minute: '2-digit', day: '2-digit', month: '2-digit', hour12: false });
  return (
    <div className="banner offline-banner" role="status" data-testid="stale-banner">
      <p><Trans>Offline, updated at {time}. Odds are locked until the connection is back.</Trans></p>
    </div>
  );
}
